import Diagnostics

extension RuleDescription {
    /// The rule's catalog entry, in the description's own words so `explain`, `rules` and SARIF
    /// cannot drift from it. A rule's findings pass through suppressions and the baseline, and
    /// bulkhead.json sets its severity.
    package var catalogEntry: DiagnosticCode {
        catalogEntry(family: .rule, acceptedByBaselineAndSuppressions: true)
    }

    /// The entry of a code described like a rule (its severity configured under `rules`) that is
    /// reported outside the rules, such as a stale baseline entry.
    func catalogEntry(family: DiagnosticCode.Family, acceptedByBaselineAndSuppressions accepted: Bool) -> DiagnosticCode {
        DiagnosticCode(id: id, family: family, summary: summary, explanation: rationale, defaultSeverity: defaultSeverity,
                       isBaselinable: accepted, isSuppressible: accepted, isConfigurable: true)
    }
}
