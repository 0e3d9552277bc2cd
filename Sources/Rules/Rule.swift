import Configuration
import Diagnostics

/// A check of the workspace: one file per rule under `BuiltIn/`, listed once in
/// `RuleCatalog.rules`. A rule is a pure function of what it is given; it knows nothing of
/// suppressions, the baseline or reports, which apply to every rule alike.
package protocol Rule: Sendable {
    /// Its id, summary, rationale, default severity and examples.
    static var description: RuleDescription { get }

    /// Every violation in `input`, each reported at `severity`.
    func findings(in input: CheckInput, severity: Severity) -> [Finding]

    /// Whether `configuration` gives the rule anything to check. Rules that only enforce what a
    /// team wrote down (a layer's required settings, the `source` section) are enabled by
    /// default yet have nothing to look for until it is written; such a rule does not run and is
    /// not listed among the rules a report speaks for (one JUnit case per rule and target would
    /// otherwise pass rules that checked nothing). True unless a rule says otherwise.
    func hasWork(under configuration: Configuration) -> Bool
}

extension Rule {
    package var description: RuleDescription { Self.description }

    package func hasWork(under configuration: Configuration) -> Bool { true }
}
