import Diagnostics

/// Xcode's and every compiler-aware editor's format: `path:line:column: error: message [rule-id]`,
/// one line per finding and `note:` lines after it, so findings appear inline on the line they
/// name. Paths are as given: the caller makes them relative to the working folder.
package enum XcodeReporter {
    package static func render(_ diagnostics: [Diagnostic]) -> String {
        var output = ""
        for diagnostic in diagnostics.sorted() {
            let location = diagnostic.location.map(DiagnosticLine.location) ?? ""
            output += "\(location)\(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.code)]\n"
            for note in diagnostic.notes {
                output += "\(location)note: \(note)\n"
            }
        }
        return output
    }
}
