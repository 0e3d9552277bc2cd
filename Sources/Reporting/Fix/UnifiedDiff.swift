/// A unified diff of two texts (`diff -u` style, three lines of context), for `check --fix`.
/// The longest common subsequence over lines is enough for manifests of a few thousand lines;
/// its table is the product of the two line counts, so texts past that are shown whole.
package enum UnifiedDiff {
    package static func render(path: String, before: String, after: String, context: Int = 3) -> String {
        let old = lines(before)
        let new = lines(after)
        guard old != new else { return "" }
        var header = "--- a/\(path)\n+++ b/\(path)\n"
        guard old.count * new.count <= 25_000_000 else {
            header += "@@ -1,\(old.count) +1,\(new.count) @@\n"
            return header + old.map { "-\($0)\n" }.joined() + new.map { "+\($0)\n" }.joined()
        }
        // Edit script from the LCS table: (kind, old index, new index).
        let n = old.count, m = new.count
        var table = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var script: [(kind: Character, old: Int, new: Int)] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, old[i] == new[j] {
                script.append((" ", i, j)); i += 1; j += 1
            } else if i < n, j == m || table[i + 1][j] >= table[i][j + 1] {
                // Removals before additions, as diff -u prints them.
                script.append(("-", i, j)); i += 1
            } else {
                script.append(("+", i, j)); j += 1
            }
        }
        // Hunks: changes with their context, merged when the context overlaps.
        var output = header
        var index = 0
        while index < script.count {
            guard script[index].kind != " " else { index += 1; continue }
            var start = max(0, index - context)
            var end = index
            var lastChange = index
            while end < script.count {
                if script[end].kind != " " { lastChange = end }
                if end - lastChange > 2 * context { break }
                end += 1
            }
            end = min(script.count, lastChange + context + 1)
            start = max(0, start)
            let hunk = script[start..<end]
            let oldCount = hunk.filter { $0.kind != "+" }.count
            let newCount = hunk.filter { $0.kind != "-" }.count
            let oldStart = (hunk.first?.old ?? 0) + (oldCount == 0 ? 0 : 1)
            let newStart = (hunk.first?.new ?? 0) + (newCount == 0 ? 0 : 1)
            output += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n"
            for step in hunk {
                output += "\(step.kind)\(step.kind == "+" ? new[step.new] : old[step.old])\n"
            }
            index = end
        }
        return output
    }

    /// The lines of `text`, split on LF as bytes: `"\r\n"` is one `Character`, so splitting the
    /// characters on `"\n"` found no line at all in a CRLF file and its diff was one line. A CR
    /// stays at the end of its line, as `diff -u` keeps it, so the diff applies to the file's bytes
    /// and a change of line ending alone shows as a changed line.
    private static func lines(_ text: String) -> [String] {
        var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
