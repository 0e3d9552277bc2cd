import Diagnostics

/// A check of the workspace: one file per rule under `BuiltIn/`, listed once in
/// `RuleCatalog.rules`. A rule is a pure function of what it is given; it knows nothing of
/// suppressions, the baseline or reports, which apply to every rule alike.
package protocol Rule: Sendable {
    /// Its id, summary, rationale, default severity and examples.
    static var description: RuleDescription { get }

    /// Every violation in `input`, each reported at `severity`.
    func findings(in input: CheckInput, severity: Severity) -> [Finding]
}

extension Rule {
    package var description: RuleDescription { Self.description }
}
