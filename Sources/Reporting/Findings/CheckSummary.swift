import Diagnostics

/// The counts a report closes with.
package struct CheckSummary: Sendable, Equatable, Codable {
    package var targets: Int
    package var files: Int
    package var errors: Int
    package var warnings: Int
    /// Findings at note severity: reported, never failing a run, but counted, so the closing line
    /// accounts for every finding the report holds.
    package var notes: Int
    /// Findings the baseline accepts, and findings a `// bulkhead:ignore` comment suppresses.
    package var baselined: Int
    package var suppressed: Int

    package init(targets: Int, files: Int, diagnostics: [Diagnostic], baselined: Int = 0, suppressed: Int = 0) {
        self.targets = targets
        self.files = files
        // Counted, not filtered: a filtered copy retains every string of thousands of findings.
        var counts = (errors: 0, warnings: 0, notes: 0)
        for diagnostic in diagnostics {
            switch diagnostic.severity {
            case .error: counts.errors += 1
            case .warning: counts.warnings += 1
            case .note: counts.notes += 1
            }
        }
        (errors, warnings, notes) = counts
        self.baselined = baselined
        self.suppressed = suppressed
    }

    /// `2 errors and 1 warning in 10 targets (12 files)`; `2 errors, 1 warning and 3 notes in …`
    /// when there are notes.
    package var sentence: String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        let counts = notes > 0 ? "\(count(errors, "error")), \(count(warnings, "warning")) and \(count(notes, "note"))"
            : "\(count(errors, "error")) and \(count(warnings, "warning"))"
        var sentence = "\(counts) in \(count(targets, "target")) (\(count(files, "file")))"
        var accepted: [String] = []
        if baselined > 0 { accepted.append("\(baselined) baselined") }
        if suppressed > 0 { accepted.append("\(suppressed) suppressed") }
        if !accepted.isEmpty { sentence += "; " + accepted.joined(separator: ", ") }
        return sentence
    }
}
