/// One code Bulkhead can print, as `bulkhead explain` and SARIF's rule table describe it: a rule,
/// a baseline or suppression problem, a source file's, the scanner's, or a configuration warning.
///
/// Each is declared beside what produces it and listed once in the CLI's `DiagnosticCatalog`, so
/// the code a report names, the text that explains it and what a user may do about it (baseline
/// it, suppress it, set its severity) cannot drift apart.
package struct DiagnosticCode: Sendable, Hashable {
    /// What produces the code, which decides where `bulkhead rules --all` lists it.
    package enum Family: String, Sendable, Hashable, CaseIterable {
        case rule, baseline, suppression, sourceFile, scanner, configuration

        /// Whether a report (text, JSON, SARIF…) can carry the code: configuration warnings go to
        /// standard error instead, since they are not about the checked code.
        package var isReported: Bool { self != .configuration }
    }

    /// Stable kebab-case: reports, baselines, suppressions and JSON consumers key on it.
    package var id: String
    package var family: Family
    /// One line: what was found.
    package var summary: String
    /// Why it is reported and how to resolve it.
    package var explanation: String
    /// Nil for a code that is off unless a configuration turns it on.
    package var defaultSeverity: Severity?
    /// A baseline entry can accept it, so only new occurrences fail.
    package var isBaselinable: Bool
    /// `// bulkhead:ignore <id> - <reason>` can accept it.
    package var isSuppressible: Bool
    /// `"rules": { "<id>": "error" | "warning" | "off" }` in bulkhead.json sets its severity.
    package var isConfigurable: Bool

    package init(id: String, family: Family, summary: String, explanation: String, defaultSeverity: Severity?,
                 isBaselinable: Bool = false, isSuppressible: Bool = false, isConfigurable: Bool = false) {
        self.id = id
        self.family = family
        self.summary = summary
        self.explanation = explanation
        self.defaultSeverity = defaultSeverity
        self.isBaselinable = isBaselinable
        self.isSuppressible = isSuppressible
        self.isConfigurable = isConfigurable
    }
}
