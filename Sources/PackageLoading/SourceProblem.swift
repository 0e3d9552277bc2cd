import Diagnostics
import ImportScanning

/// How a problem with reading or scanning a source becomes a diagnostic: one spelling for
/// `check`, `baseline`, `why` and `imports`.
package enum SourceProblem {
    /// The codes of files Bulkhead could not take as Swift source, before the scanner sees them.
    package enum Code: String, Sendable, CaseIterable {
        /// A name that is not valid UTF-8: an error in the checked code, since SwiftPM cannot
        /// build it either ("missing inputs"), not a failure of the run.
        case invalidFileName = "invalid-file-name"
        /// A file that could not be read; such a run ends with status 2.
        case unreadableFile = "unreadable-file"

        /// The catalog entry; the switch makes a new case declare one.
        package var entry: DiagnosticCode {
            switch self {
            case .invalidFileName:
                DiagnosticCode(
                    id: rawValue, family: .sourceFile, summary: "A source file whose name is not valid UTF-8.",
                    explanation: "SwiftPM reports such a name with U+FFFD in place of the bad bytes, so no tool can open the file; rename it.",
                    defaultSeverity: .error)
            case .unreadableFile:
                DiagnosticCode(
                    id: rawValue, family: .sourceFile, summary: "A source file could not be read.",
                    explanation: "Bulkhead could not open or read the file; check that it exists and is readable.",
                    defaultSeverity: .error)
            }
        }
    }

    /// The catalog entries of every code a source's reading or scanning can print. The scanner's
    /// are declared here, beside the one place they become diagnostics, because ImportScanning
    /// depends on nothing, not even Diagnostics.
    package static var codes: [DiagnosticCode] {
        Code.allCases.map(\.entry) + ScanIssue.Code.allCases.map(\.entry)
    }

    /// What a failed read of `path` means: most failures leave the run incomplete (status 2);
    /// a name that is not valid UTF-8 is that one file's problem.
    ///
    /// SwiftPM's `describe` writes names as JSON strings, so a byte that is not UTF-8 arrives as
    /// U+FFFD and the name no longer spells any file: no tool can open it by that name, and
    /// `swift build` fails on it too. Such a file is reported at its place as an error (status 1)
    /// that says to rename it, and the rest of the package is checked as usual.
    package static func readFailure(_ path: String, _ error: SourceReadError) -> (diagnostic: Diagnostic, isUnreadable: Bool) {
        if error == .notFound && path.unicodeScalars.contains("\u{FFFD}") {
            let diagnostic = Diagnostic(
                code: Code.invalidFileName.entry,
                message: "the file name is not valid UTF-8 (shown with \u{FFFD} for the bytes that are not), so neither SwiftPM nor Bulkhead can open it; rename the file",
                location: SourceLocation(path: path))
            return (diagnostic, false)
        }
        return (unreadable(path, reason: error.reason), true)
    }

    package static func unreadable(_ path: String, _ error: SourceReadError) -> Diagnostic {
        unreadable(path, reason: error.reason)
    }

    package static func unreadable(_ path: String, reason: String) -> Diagnostic {
        Diagnostic(code: Code.unreadableFile.entry, message: "could not read file: \(reason)", location: SourceLocation(path: path))
    }

    /// A scanner issue at its place, at the scanner's severity: an error is a file the compiler
    /// rejects, so a check that read it cannot pass.
    package static func diagnostic(for issue: ScanIssue, in path: String) -> Diagnostic {
        Diagnostic(
            code: issue.code.entry, severity: issue.severity == .error ? .error : .warning, message: issue.message,
            location: SourceLocation(path: path, line: issue.position.line, column: issue.position.column))
    }
}
