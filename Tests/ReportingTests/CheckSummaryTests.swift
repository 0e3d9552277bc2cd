import Diagnostics
import Reporting
import Testing

/// The summary's counts per severity, and the order of severities the reporters sort by.
@Suite(.tags(.small)) struct CheckSummaryTests {
    @Test func eachSeverityIsCountedOnce() {
        let severities: [Severity] = [.error, .note, .warning, .error, .warning, .error]
        let diagnostics = severities.enumerated().map { index, severity in
            Diagnostic(severity: severity, code: "c", message: "m\(index)", location: SourceLocation(path: "F.swift", line: index + 1))
        }
        let summary = CheckSummary(targets: 2, files: 3, diagnostics: diagnostics)
        #expect((summary.errors, summary.warnings, summary.notes) == (3, 2, 1))
        #expect(summary.sentence == "3 errors, 2 warnings and 1 note in 2 targets (3 files)")
        #expect(CheckSummary(targets: 1, files: 1, diagnostics: []).sentence == "0 errors and 0 warnings in 1 target (1 file)")
    }

    @Test func severitiesAreOrderedNoteWarningError() {
        #expect(Severity.allCases.sorted() == [.note, .warning, .error])
        #expect([Severity.error, .note, .warning].max() == .error)
        for left in Severity.allCases {
            for right in Severity.allCases {
                #expect((left < right) == (Severity.allCases.firstIndex(of: left)! < Severity.allCases.firstIndex(of: right)!))
            }
        }
    }
}
