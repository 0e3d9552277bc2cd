/// A unified diff of two texts (`diff -u` style, three lines of context), for `check --fix`:
/// only the lines that change, with their context, in time near linear in the texts however
/// large the file (`LineMatching`), so a one-line fix of a project file of many thousand lines
/// shows as that line.
package enum UnifiedDiff {
    package static func render(path: String, before: String, after: String, context: Int = 3) -> String {
        let old = Lines(before)
        let new = Lines(after)
        guard old.keys != new.keys else { return "" }
        // The lines both texts start and end with are compared as bytes, once: a fix changes a
        // few lines, and only those between are numbered and matched.
        var prefix = 0
        while prefix < min(old.count, new.count), old.keys[prefix] == new.keys[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(old.count, new.count) - prefix, old.keys[old.count - 1 - suffix] == new.keys[new.count - 1 - suffix] { suffix += 1 }
        // Equal lines, equal numbers: the matching compares integers.
        var numbers: [LineKey: Int] = [:]
        func numbered(_ keys: ArraySlice<ArraySlice<UInt8>>) -> [Int] {
            keys.map { bytes in
                let key = LineKey(bytes: bytes)
                if let known = numbers[key] { return known }
                numbers[key] = numbers.count
                return numbers.count - 1
            }
        }
        let oldMiddle = numbered(old.keys[prefix..<(old.count - suffix)]), newMiddle = numbered(new.keys[prefix..<(new.count - suffix)])
        let matches = (0..<prefix).map { (old: $0, new: $0) }
            + LineMatching.matches(oldMiddle, newMiddle).map { (old: prefix + $0.old, new: prefix + $0.new) }
            + (0..<suffix).map { (old: old.count - suffix + $0, new: new.count - suffix + $0) }
        let script = steps(matches, oldCount: old.count, newCount: new.count)
        // Hunks: changes with their context, merged when the context overlaps.
        var output = "--- a/\(path)\n+++ b/\(path)\n"
        var index = 0
        while index < script.count {
            guard script[index].kind != " " else { index += 1; continue }
            let start = max(0, index - context)
            var end = index
            var lastChange = index
            while end < script.count {
                if script[end].kind != " " { lastChange = end }
                if end - lastChange > 2 * context { break }
                end += 1
            }
            end = min(script.count, lastChange + context + 1)
            let hunk = script[start..<end]
            let oldCount = hunk.filter { $0.kind != "+" }.count
            let newCount = hunk.filter { $0.kind != "-" }.count
            let oldStart = (hunk.first?.old ?? 0) + (oldCount == 0 ? 0 : 1)
            let newStart = (hunk.first?.new ?? 0) + (newCount == 0 ? 0 : 1)
            output += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            for step in hunk {
                let (lines, line) = step.kind == "+" ? (new, step.new) : (old, step.old)
                output += "\(step.kind)\(lines.text(line))\n"
                if lines.lacksFinalNewline(line) { output += "\\ No newline at end of file\n" }
            }
            index = end
        }
        return output
    }

    /// A hunk's range as `diff -u` writes it: the count left out when it is one.
    private static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start)" : "\(start),\(count)"
    }

    /// The edit script of the matched lines: each line of both texts once, in order, removals
    /// before additions between two matches (as `diff -u` prints them), each step with its
    /// position in both texts.
    private static func steps(_ matches: [(old: Int, new: Int)], oldCount: Int, newCount: Int) -> [(kind: Character, old: Int, new: Int)] {
        var script: [(kind: Character, old: Int, new: Int)] = []
        var i = 0, j = 0
        for (oldIndex, newIndex) in matches + [(oldCount, newCount)] {
            while i < oldIndex { script.append(("-", i, j)); i += 1 }
            while j < newIndex { script.append(("+", i, j)); j += 1 }
            if oldIndex < oldCount { script.append((" ", i, j)); i += 1; j += 1 }
        }
        return script
    }

    /// A line's bytes as a dictionary key, hashed in one call: hashing an array of bytes one
    /// byte at a time took most of the time of a large file's diff.
    private struct LineKey: Hashable {
        var bytes: ArraySlice<UInt8>

        func hash(into hasher: inout Hasher) {
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    /// The lines of a text, split on LF as bytes: `"\r\n"` is one `Character`, so splitting the
    /// characters on `"\n"` found no line at all in a CRLF file and its diff was one line. A CR
    /// stays at the end of its line, as `diff -u` keeps it, so the diff applies to the file's bytes
    /// and a change of line ending alone shows as a changed line. Each line's key is its bytes
    /// with the LF that ends it, so a last line without one differs from the same line with one,
    /// as it does to `diff -u`.
    private struct Lines {
        /// Each line's bytes, with its LF.
        let keys: [ArraySlice<UInt8>]
        var count: Int { keys.count }

        init(_ text: String) {
            let bytes = Array(text.utf8)
            var keys: [ArraySlice<UInt8>] = []
            var start = 0
            for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
                keys.append(bytes[start...index])
                start = index + 1
            }
            if start < bytes.count { keys.append(bytes[start...]) }
            self.keys = keys
        }

        func text(_ line: Int) -> String {
            let key = keys[line]
            return String(decoding: key.last == UInt8(ascii: "\n") ? key.dropLast() : key, as: UTF8.self)
        }

        func lacksFinalNewline(_ line: Int) -> Bool {
            line == keys.count - 1 && keys[line].last != UInt8(ascii: "\n")
        }
    }
}
