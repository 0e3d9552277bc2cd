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

    package func renderedBytes(_ report: Report) -> [UInt8] {
        Self.renderedBytes(report.diagnostics(relativeTo: .workingFolder))
    }

    /// The lines for diagnostics whose paths are already as the reader wants them; commands use
    /// it for the diagnostic lines they write to standard error.
    package static func render(_ diagnostics: [Diagnostic]) -> String {
        String(decoding: renderedBytes(diagnostics), as: UTF8.self)
    }

    static func renderedBytes(_ diagnostics: [Diagnostic]) -> [UInt8] {
        var output = ReportBytes()
        for diagnostic in diagnostics.sorted() {
            // Written once, and repeated before each note.
            var location = ReportBytes()
            if let place = diagnostic.location { location.appendLocation(place) }
            output.append(location)
            output.append(diagnostic.severity.rawValue)
            output.append(": ")
            output.appendVisible(diagnostic.message)
            output.append(" [")
            output.appendVisible(diagnostic.code)
            output.append("]\n")
            for note in diagnostic.notes {
                output.append(location)
                output.append("note: ")
                output.appendVisible(note)
                output.append("\n")
            }
        }
        return output.bytes
    }
}

extension ReportFormat {
    package static let xcode = ReportFormat(rawValue: "xcode")
}
