import Diagnostics
import ImportScanning

/// How a problem with reading or scanning a source becomes a diagnostic: one spelling for
/// `check`, `baseline`, `why` and `imports`.
package enum SourceProblem {
    /// The code of a file that could not be read; such a run ends with status 2.
    package static let unreadableCode = "unreadable-file"

    package static func unreadable(_ path: String, _ error: SourceReadError) -> Diagnostic {
        unreadable(path, reason: error.reason)
    }

    package static func unreadable(_ path: String, reason: String) -> Diagnostic {
        Diagnostic(severity: .error, code: unreadableCode, message: "could not read file: \(reason)", location: SourceLocation(path: path))
    }

    /// A scanner issue at its place, at the scanner's severity: an error is a file the compiler
    /// rejects, so a check that read it cannot pass.
    package static func diagnostic(for issue: ScanIssue, in path: String) -> Diagnostic {
        Diagnostic(
            severity: issue.severity == .error ? .error : .warning, code: issue.code.rawValue, message: issue.message,
            location: SourceLocation(path: path, line: issue.position.line, column: issue.position.column))
    }
}
