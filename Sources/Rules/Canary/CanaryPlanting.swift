/// A rule that `bulkhead canary` can prove: it knows where one synthetic violation of itself
/// fits in a workspace. Adding a rule to the canary is this one conformance, in a
/// `…Rule+Canary.swift` file beside the rule.
///
/// The planting reads the real input (its layers, its exclusions) but changes nothing: it
/// returns the edits, and the canary applies them to a copy of the workspace and runs the same
/// check `check` runs. It should choose its ground without regard to `exclude` or suppressions
/// (only preferring what is checked, through `CheckInput.canaryOrder`), so that a rule whose
/// whole ground is hidden shows as not fired rather than as having no place.
package protocol CanaryPlanting: Rule {
    /// One violation of this rule planted in `input`'s workspace, or why none can be: when this
    /// returns `.noPlace`, no violation of the rule is possible in the workspace as configured.
    func plant(in input: CheckInput) -> CanaryPlot
}

/// Where a rule's canary goes, if anywhere.
package enum CanaryPlot: Sendable {
    case planted(CanaryPlant)
    /// Nothing in the workspace can violate the rule as it is configured (no layer forbids an
    /// import, no package has internal targets): the reason, as a clause after "no place to
    /// plant: ".
    case noPlace(String)
}
