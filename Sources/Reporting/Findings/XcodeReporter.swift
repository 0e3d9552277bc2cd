import Diagnostics

/// Xcode's and every compiler-aware editor's format: `path:line:column: error: message [rule-id]`,
/// one line per finding and `note:` lines after it, so findings appear inline on the line they
/// name. Paths are relative to the working folder, where the editor or terminal resolves them.
/// Control characters are escaped (`VisibleText`): a line break in a file name must not start a
/// line the editor reads as another diagnostic.
package struct XcodeReporter: Reporter {
    package let format = ReportFormat.xcode

    package init() {}

    package func render(_ report: Report) -> String {
        Self.render(report.diagnostics(relativeTo: .workingFolder))
    }

    /// The lines for diagnostics whose paths are already as the reader wants them; commands use
    /// it for the diagnostic lines they write to standard error.
    package static func render(_ diagnostics: [Diagnostic]) -> String {
        var output = ""
        for diagnostic in diagnostics.sorted() {
            let location = diagnostic.location.map(DiagnosticLine.location) ?? ""
            let message = VisibleText.escaped(diagnostic.message)
            output += "\(location)\(diagnostic.severity.rawValue): \(message) [\(VisibleText.escaped(diagnostic.code))]\n"
            for note in diagnostic.notes {
                output += "\(location)note: \(VisibleText.escaped(note))\n"
            }
        }
        return output
    }
}

extension ReportFormat {
    package static let xcode = ReportFormat(rawValue: "xcode")
}
