import Diagnostics

/// The counts a report closes with.
package struct CheckSummary: Sendable, Equatable, Codable {
    package var targets: Int
    package var files: Int
    package var errors: Int
    package var warnings: Int

    package init(targets: Int, files: Int, diagnostics: [Diagnostic]) {
        self.targets = targets
        self.files = files
        self.errors = diagnostics.filter { $0.severity == .error }.count
        self.warnings = diagnostics.filter { $0.severity == .warning }.count
    }

    /// `2 errors and 1 warning in 10 targets (12 files)`.
    package var sentence: String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        return "\(count(errors, "error")) and \(count(warnings, "warning")) in \(count(targets, "target")) (\(count(files, "file")))"
    }
}
