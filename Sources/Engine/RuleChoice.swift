import Configuration
import Diagnostics
import Rules

/// `--rule ID` and `--disable-rule ID`: which rules a run keeps, applied to the configuration
/// after it is read, so a person can look at one kind of finding at a time without editing
/// `bulkhead.json`.
package struct RuleChoice: Equatable, Sendable {
    /// When set, only these rules run (each at its configured severity, or its default; a rule
    /// that is off by default runs as a warning).
    package var only: [String] = []
    package var disabled: [String] = []

    package init() {}

    /// The choice a command line makes; an id that is not a rule is a usage error with the
    /// nearest id suggested.
    package init(only: [String], disabled: [String]) throws(RunError) {
        self.only = only
        self.disabled = disabled
        let known = RuleCatalog.configurable.map(\.id)
        for (option, id) in only.map({ ("--rule", $0) }) + disabled.map({ ("--disable-rule", $0) }) where !known.contains(id) {
            let hint = Suggestion.closest(to: id, among: known).map { "; did you mean '\($0)'?" } ?? "; run 'bulkhead rules' for the list"
            throw .usage("\(option) '\(id)' is not a rule\(hint)")
        }
    }

    package var isEmpty: Bool { only.isEmpty && disabled.isEmpty }

    /// `configuration` with the choice applied.
    package func applied(to configuration: Configuration) -> Configuration {
        guard !isEmpty else { return configuration }
        var selected = configuration
        for rule in RuleCatalog.configurable {
            if !only.isEmpty && !only.contains(rule.id) {
                selected.rules[rule.id] = .off
            } else if !only.isEmpty && configuration.severity(of: rule) == nil {
                selected.rules[rule.id] = .warning
            }
            if disabled.contains(rule.id) { selected.rules[rule.id] = .off }
        }
        return selected
    }

    /// The baseline entries of the rules that run: an entry of a rule turned off here is not
    /// "fixed", only unexamined, and must not be reported stale.
    package func applied(to baseline: BaselineFile?, configuration: Configuration) -> BaselineFile? {
        guard !isEmpty, var file = baseline else { return baseline }
        let running = Set(RuleCatalog.all.filter { configuration.severity(of: $0) != nil }.flatMap { RuleCatalog.acceptingIDs(of: $0.id) })
        // A unit that cannot load is reported whatever rules run.
        file.baseline.entries.removeAll { !running.contains($0.rule) && $0.rule != UnloadableUnitFinding.entry.id }
        return file
    }
}
