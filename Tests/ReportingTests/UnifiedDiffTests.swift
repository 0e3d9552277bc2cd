import Reporting
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
}
