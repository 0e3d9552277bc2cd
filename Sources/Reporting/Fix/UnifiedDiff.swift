/// A unified diff of two texts (`diff -u` style, three lines of context), for `check --fix`:
/// only the lines that change, with their context, in time and memory that grow with the change
/// and not with the file (`LineMatching`), so a one-line fix of a project file of many thousand
/// lines shows as that line.
///
/// The texts are read as bytes and their lines as ranges of them: no line is copied into a
/// string of its own but the few a hunk prints. Every control character a line holds but its
/// tabs and the CR of a CRLF ending is printed escaped (`\x1B`): the diff goes to a terminal and
/// the lines come from the repository, so an ESC or NUL in a manifest must not reach it as itself.
package enum UnifiedDiff {
    package static func render(path: String, before: String, after: String, context: Int = 3) -> String {
        render(path: path, before: Array(before.utf8), after: Array(after.utf8), context: context)
    }

    package static func render(path: String, before: [UInt8], after: [UInt8], context: Int = 3) -> String {
        var work = DiffWork()
        return render(path: path, before: before, after: after, context: context, work: &work)
    }

    /// `render`, counting its line comparisons in `work`.
    static func render(path: String, before: [UInt8], after: [UInt8], context: Int = 3, work: inout DiffWork) -> String {
        guard before != after else { return "" }
        let old = Lines(before)
        let new = Lines(after)
        // The lines both texts start and end with are compared as bytes, once: a fix changes a
        // few lines, and only those between are numbered, matched and kept in the edit script.
        var prefix = 0
        while prefix < min(old.count, new.count), old.line(prefix) == new.line(prefix) { prefix += 1 }
        var suffix = 0
        while suffix < min(old.count, new.count) - prefix, old.line(old.count - 1 - suffix) == new.line(new.count - 1 - suffix) { suffix += 1 }
        work.lineComparisons += prefix + suffix + 1
        let oldEnd = old.count - suffix, newEnd = new.count - suffix
        // Equal lines, equal numbers: the matching compares integers.
        var numbers: [LineKey: Int] = [:]
        func numbered(_ lines: Lines, _ range: Range<Int>) -> [Int] {
            range.map { line in
                let key = LineKey(bytes: lines.line(line))
                if let known = numbers[key] { return known }
                numbers[key] = numbers.count
                return numbers.count - 1
            }
        }
        let oldMiddle = numbered(old, prefix..<oldEnd), newMiddle = numbered(new, prefix..<newEnd)
        let middleMatches = LineMatching.matches(oldMiddle, newMiddle, work: &work.lineComparisons)
        // The edit script of the middle and as much of the common ends as a hunk can show: a
        // line further from every change than the context is never printed.
        let lead = min(prefix, context), trail = min(suffix, context)
        var script: [Step] = (0..<lead).map { Step(kind: .same, old: prefix - lead + $0, new: prefix - lead + $0) }
        var i = 0, j = 0
        for match in middleMatches + [(old: oldMiddle.count, new: newMiddle.count)] {
            while i < match.old { script.append(Step(kind: .removed, old: prefix + i, new: prefix + j)); i += 1 }
            while j < match.new { script.append(Step(kind: .added, old: prefix + i, new: prefix + j)); j += 1 }
            if match.old < oldMiddle.count { script.append(Step(kind: .same, old: prefix + i, new: prefix + j)); i += 1; j += 1 }
        }
        script += (0..<trail).map { Step(kind: .same, old: oldEnd + $0, new: newEnd + $0) }

        // Hunks: changes with their context, merged when the context overlaps.
        var output: [UInt8] = []
        output += Array("--- a/".utf8)
        Self.appendVisible(Array(path.utf8)[...], to: &output)
        output += Array("\n+++ b/".utf8)
        Self.appendVisible(Array(path.utf8)[...], to: &output)
        output.append(UInt8(ascii: "\n"))
        var index = 0
        while index < script.count {
            guard script[index].kind != .same else { index += 1; continue }
            let start = max(0, index - context)
            var end = index
            var lastChange = index
            while end < script.count {
                if script[end].kind != .same { lastChange = end }
                if end - lastChange > 2 * context { break }
                end += 1
            }
            end = min(script.count, lastChange + context + 1)
            let hunk = script[start..<end]
            let oldCount = hunk.count(where: { $0.kind != .added })
            let newCount = hunk.count(where: { $0.kind != .removed })
            let oldStart = (hunk.first?.old ?? 0) + (oldCount == 0 ? 0 : 1)
            let newStart = (hunk.first?.new ?? 0) + (newCount == 0 ? 0 : 1)
            output += Array("@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n".utf8)
            for step in hunk {
                let (lines, line) = step.kind == .added ? (new, step.new) : (old, step.old)
                output.append(step.kind.rawValue)
                var text = lines.line(line)
                let endsInLineFeed = text.last == UInt8(ascii: "\n")
                if endsInLineFeed { text = text.dropLast() }
                Self.appendVisible(text, to: &output)
                output.append(UInt8(ascii: "\n"))
                if !endsInLineFeed { output += Array("\\ No newline at end of file\n".utf8) }
            }
            index = end
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// `text` with every control character (C0, DEL, C1) written `\xHH`, but a tab and the CR
    /// that ends a CRLF line: `diff -u` keeps those, and neither moves the cursor anywhere a
    /// reader would not expect.
    static func appendVisible(_ text: ArraySlice<UInt8>, to output: inout [UInt8]) {
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            let isC1 = byte == 0xC2 && index + 1 < text.endIndex && (0x80...0x9F).contains(text[index + 1])
            let isControl = byte < 0x20 || byte == 0x7F || isC1
            let isKept = byte == UInt8(ascii: "\t") || (byte == UInt8(ascii: "\r") && index + 1 == text.endIndex)
            guard isControl && !isKept else {
                output.append(byte)
                index += 1
                continue
            }
            let value = isC1 ? text[index + 1] : byte
            output += Array("\\x".utf8) + [hexDigit(value >> 4), hexDigit(value & 0xF)]
            index += isC1 ? 2 : 1
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }

    /// A hunk's range as `diff -u` writes it: the count left out when it is one.
    private static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start)" : "\(start),\(count)"
    }

    /// One line of the edit script, with its position in both texts.
    private struct Step {
        enum Kind: UInt8 {
            case same = 32, removed = 45, added = 43  // " ", "-", "+", as the hunk prints them
        }

        var kind: Kind
        var old: Int
        var new: Int
    }

    /// A line's bytes as a dictionary key, hashed in one call: hashing an array of bytes one
    /// byte at a time took most of the time of a large file's diff.
    private struct LineKey: Hashable {
        var bytes: ArraySlice<UInt8>

        func hash(into hasher: inout Hasher) {
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    /// The lines of a text as ranges of its bytes, split on LF: `"\r\n"` is one `Character`, so
    /// splitting the characters on `"\n"` found no line at all in a CRLF file and its diff was one
    /// line. A CR stays at the end of its line, as `diff -u` keeps it, so the diff applies to the
    /// file's bytes and a change of line ending alone shows as a changed line. Each line holds
    /// the LF that ends it, so a last line without one differs from the same line with one, as it
    /// does to `diff -u`.
    private struct Lines {
        let bytes: [UInt8]
        /// Where each line starts, and then the end of the text.
        let bounds: [Int]
        var count: Int { bounds.count - 1 }

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            var bounds = [0]
            for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") { bounds.append(index + 1) }
            if bounds.last != bytes.count { bounds.append(bytes.count) }
            self.bounds = bounds
        }

        /// The bytes of line `index`, with its LF.
        func line(_ index: Int) -> ArraySlice<UInt8> { bytes[bounds[index]..<bounds[index + 1]] }
    }
}

/// The work a diff did, counted so a test can show it grows with the change and not with the
/// file: each comparison of two lines, and each diagonal the shortest-edit search visits.
struct DiffWork {
    var lineComparisons = 0
}
