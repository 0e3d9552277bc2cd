import Diagnostics
import TestSupport
import Testing
@testable import Reporting

/// Control characters in names reach no terminal or editor raw (`VisibleText`).
@Suite(.tags(.small)) struct VisibleTextTests {
    @Test(arguments: [
        ("Plain.swift", "Plain.swift"),
        ("café/Ünïcode.swift", "café/Ünïcode.swift"),
        ("a\nb", "a\\x0Ab"),
        ("a\r\nb", "a\\x0D\\x0Ab"),
        ("\u{1B}[31mred", "\\x1B[31mred"),
        ("tab\there", "tab\\x09here"),
        ("nul\u{0}del\u{7F}", "nul\\x00del\\x7F"),
        ("c1\u{9B}31m", "c1\\x9B31m"),
        ("no-break\u{A0}space", "no-break\u{A0}space"),
    ])
    func controlCharactersBecomeVisibleEscapes(text: String, shown: String) {
        #expect(VisibleText.escaped(text) == shown)
        // The reporters append the same bytes in place, after what the line already holds.
        var bytes = Array("line: ".utf8)
        VisibleText.appendEscaped(text, to: &bytes)
        #expect(bytes == Array("line: \(shown)".utf8))
    }

    /// A message of several lines (a tool's output) keeps its line feeds; every other control
    /// character, a CR too, is escaped.
    @Test func escapedLinesKeepsLineFeedsOnly() {
        #expect(VisibleText.escapedLines("one\n\u{1B}[2Jtwo\r\nthree\n") == "one\n\\x1B[2Jtwo\\x0D\nthree\n")
        #expect(VisibleText.escapedLines("plain\nlines") == "plain\nlines")
    }

    /// The scan reads eight bytes at a time: a control character is found at every offset of
    /// a word, in strings of every length around a word's, and a byte just beside one is not
    /// taken for it.
    @Test func aControlCharacterIsFoundAtEveryOffset() {
        let controls: [(Unicode.Scalar, String)] = [("\u{0}", "\\x00"), ("\u{1F}", "\\x1F"), ("\u{7F}", "\\x7F"), ("\u{80}", "\\x80"), ("\u{9F}", "\\x9F")]
        for length in 1...20 {
            for offset in 0..<length {
                for (control, shown) in controls {
                    var text = String(repeating: "a", count: length)
                    text.replaceSubrange(text.index(text.startIndex, offsetBy: offset)...text.index(text.startIndex, offsetBy: offset), with: String(control))
                    let expected = String(repeating: "a", count: offset) + shown + String(repeating: "a", count: length - offset - 1)
                    #expect(VisibleText.escaped(text) == expected)
                    var bytes: [UInt8] = []
                    VisibleText.appendEscaped(text, to: &bytes)
                    #expect(bytes == Array(expected.utf8))
                }
            }
            // Neighbours of the bytes looked for are left as they are: space, "~", "À" (C3 80)
            // and "¡" (C2 A1, the lead byte of a C1 control, but printable).
            let neighbours = String(repeating: " ~À¡", count: length)
            #expect(VisibleText.escaped(neighbours) == neighbours)
        }
    }

    @Test func aLineBreakInAFileNameCannotForgeAnXcodeDiagnostic() {
        let diagnostic = Diagnostic(severity: .error, code: "undeclared-import", message: "App imports B\nfake.swift:1:1: error: forged",
                                    location: SourceLocation(path: "Sources/App/Evil\n1:1: error: fake.swift", line: 1, column: 8),
                                    target: "App\u{1B}[2J", notes: ["note\nnote"])
        let xcode = XcodeReporter.render([diagnostic])
        #expect(xcode == """
        Sources/App/Evil\\x0A1:1: error: fake.swift:1:8: error: App imports B\\x0Afake.swift:1:1: error: forged [undeclared-import]
        Sources/App/Evil\\x0A1:1: error: fake.swift:1:8: note: note\\x0Anote

        """)
        let report = Report(diagnostics: [diagnostic], summary: CheckSummary(targets: 1, files: 1, diagnostics: [diagnostic]), codes: [], enabledRules: [],
                            checkedTargets: [], strict: false, colored: false, toolVersion: "0", paths: ReportPaths(root: "/p", workingFolder: "/p", workspace: nil))
        let text = TextReporter().render(report)
        #expect(!text.contains("\u{1B}"))
        #expect(text.split(separator: "\n").count == 4, "target, finding, note, verdict: \(text)")
    }
}
