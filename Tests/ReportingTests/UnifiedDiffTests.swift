@testable import Reporting
import TestSupport
import Testing

/// The diff `check --fix --dry-run` prints.
@Suite(.tags(.small)) struct UnifiedDiffTests {
    @Test func aChangedLineIsShownWithItsContext() {
        let diff = UnifiedDiff.render(path: "Package.swift", before: "a\nb\nc\n", after: "a\nB\nc\n")
        #expect(diff == "--- a/Package.swift\n+++ b/Package.swift\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n")
    }

    /// The reproduction of issue 24: a CRLF manifest's diff printed as one line ("\r\n" is one
    /// Character, so no "\n" was found). Lines are split on LF and keep their CR, as `diff -u` does.
    @Test func aCRLFFileIsDiffedLineByLine() {
        let diff = UnifiedDiff.render(path: "Package.swift", before: "a\r\nb\r\nc\r\n", after: "a\r\nB\r\nc\r\n")
        #expect(diff == "--- a/Package.swift\n+++ b/Package.swift\n@@ -1,3 +1,3 @@\n a\r\n-b\r\n+B\r\n c\r\n")
    }

    @Test func aChangedLineEndingAloneIsAChangedLine() {
        let diff = UnifiedDiff.render(path: "P", before: "a\nb\n", after: "a\r\nb\n")
        #expect(diff == "--- a/P\n+++ b/P\n@@ -1,2 +1,2 @@\n-a\n+a\r\n b\n")
    }

    /// The reproduction of issue 48: a file of 12,808 lines (past the table the diff could afford)
    /// was shown whole, every line removed and added again, for a fix of one line.
    @Test func aLargeFileWithOneChangedLineShowsThatLine() {
        let before = (0..<13_000).map { "line \($0)\n" }.joined()
        let after = before.replacingOccurrences(of: "line 6500\n", with: "line 6500\nadded\n")
        let diff = UnifiedDiff.render(path: "P", before: before, after: after)
        #expect(diff == "--- a/P\n+++ b/P\n@@ -6499,6 +6499,7 @@\n line 6498\n line 6499\n line 6500\n+added\n line 6501\n line 6502\n line 6503\n")
    }

    /// Issue 49: a file of 20,000 lines with one line changed is one hunk of that line and its
    /// context, however far into the file it is.
    @Test(arguments: [0, 9_999, 19_999])
    func aTwentyThousandLineFileWithOneChangedLineIsOneSmallHunk(changed: Int) {
        let lines = (0..<20_000).map { "\t\tentry \($0) = {isa = PBXBuildFile; };" }
        var edited = lines
        edited[changed] = "\t\tchanged"
        let diff = UnifiedDiff.render(path: "P", before: lines.map { $0 + "\n" }.joined(), after: edited.map { $0 + "\n" }.joined())
        let first = max(0, changed - 3), last = min(19_999, changed + 3)
        let expected = ["--- a/P", "+++ b/P", "@@ -\(first + 1),\(last - first + 1) +\(first + 1),\(last - first + 1) @@"]
            + lines[first..<changed].map { " " + $0 } + ["-" + lines[changed], "+\t\tchanged"] + lines[(changed + 1)..<(last + 1)].map { " " + $0 }
        #expect(diff == expected.joined(separator: "\n") + "\n")
    }

    /// The diff's work grows with the change and not with the file: a changed line costs one
    /// comparison a line of the common ends and a few more, in a file of any length; changes
    /// far apart cost the lines between them times the edits, never old lines × new lines.
    @Test(arguments: [5_000, 20_000, 80_000])
    func theWorkIsLinearInTheFileAndTheChange(lineCount: Int) {
        let lines = (0..<lineCount).map { "line \($0)\n" }
        func work(_ edited: [String]) -> Int {
            var work = DiffWork()
            _ = UnifiedDiff.render(path: "P", before: Array(lines.joined().utf8), after: Array(edited.joined().utf8), work: &work)
            return work.lineComparisons
        }
        var oneChanged = lines
        oneChanged[lineCount / 2] = "changed\n"
        #expect(work(oneChanged) <= lineCount + 10)

        // Three lines changed (six edits) a quarter of the file apart: the middle between the
        // first and the last is half the file.
        var threeChanged = lines
        for index in [lineCount / 4, lineCount / 2, 3 * lineCount / 4] { threeChanged[index] = "changed \(index)\n" }
        let middle = lineCount / 2 + 1
        #expect(work(threeChanged) <= lineCount + 2 * middle * (6 + 1))
    }

    /// Issue 49: a manifest line holding ESC or NUL reached the terminal as itself in the diff,
    /// so a repository could clear the screen or hide a line of the fix. Control characters are
    /// printed escaped; a tab and the CR of a CRLF line are kept, as `diff -u` keeps them.
    @Test func controlCharactersInALineArePrintedEscaped() {
        let diff = UnifiedDiff.render(path: "Pack\u{1B}]0;age.swift", before: "a\nb\n", after: "a\n\u{1B}[2J\u{0}\tx\u{7F}\u{9B}1m\ry\r\nb\n")
        #expect(diff == "--- a/Pack\\x1B]0;age.swift\n+++ b/Pack\\x1B]0;age.swift\n@@ -1,2 +1,3 @@\n a\n+\\x1B[2J\\x00\tx\\x7F\\x9B1m\\x0Dy\r\n b\n")
    }

    /// A one-line range is written as its start alone, as `diff -u` writes it.
    @Test func aOneLineRangeHasNoCount() {
        let diff = UnifiedDiff.render(path: "P", before: "a\n", after: "b\n")
        #expect(diff == "--- a/P\n+++ b/P\n@@ -1 +1 @@\n-a\n+b\n")
    }

    /// Ours hunk for hunk as `diff -u`'s.
    static func agreesWithDiff(_ before: String, _ after: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try #require(try DiffOracle.hunks(before: before, after: after), sourceLocation: sourceLocation)
        let ours = DiffOracle.hunks(of: UnifiedDiff.render(path: "P", before: before, after: after))
        #expect(!ours.isEmpty, sourceLocation: sourceLocation)
        #expect(ours == expected, sourceLocation: sourceLocation)
    }

    /// Generated texts of thousands of lines with scattered edits (added, removed, changed
    /// lines, near each other and far apart, at both ends, a last line without LF): hunk for
    /// hunk what `diff -u` prints.
    @Test(.requires(.diff), arguments: [
        "one added", "one removed", "scattered", "near", "ends", "no final newline", "repeated lines",
    ])
    func agreesWithDiffOnLargeTexts(edit: String) throws {
        let lines = (0..<12_000).map { index in index % 7 == 0 ? "\t\t);" : "\t\tAA\(index) /* entry \(index) */ = {isa = PBXBuildFile; };" }
        var changed = lines
        switch edit {
        case "one added": changed.insert("\t\tBB1 /* added */,", at: 4_000)
        case "one removed": changed.remove(at: 9_001)
        case "scattered":
            for index in stride(from: 11_000, to: 0, by: -997) { changed[index] = "changed \(index)" }
            changed.insert("new", at: 5_555)
        case "near":
            changed[100] = "x"; changed[104] = "y"; changed[111] = "z"; changed.remove(at: 118)
        case "ends":
            changed[0] = "first"; changed.append("last"); changed.insert("second", at: 1)
        case "no final newline":
            changed[11_998] = "changed"
            return try Self.agreesWithDiff(lines.joined(separator: "\n"), changed.joined(separator: "\n"))
        case "repeated lines":
            // A line that occurs many times, added next to others like it.
            changed.insert("\t\t);", at: 701)
            changed.insert("\t\t);", at: 7_000)
        default: Issue.record("unknown edit \(edit)")
        }
        try Self.agreesWithDiff(lines.map { $0 + "\n" }.joined(), changed.map { $0 + "\n" }.joined())
    }
}
