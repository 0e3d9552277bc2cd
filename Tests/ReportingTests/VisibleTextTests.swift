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
