import Diagnostics

/// What the canary learned of one rule: whether its planted violation was reported, at the
/// configured severity, through the whole of `check`.
package struct CanaryResult: Sendable, Hashable {
    package enum Status: String, Sendable, Hashable, CaseIterable {
        /// `check` reported the planted violation under this rule, at its configured severity.
        case fired
        /// It was planted and `check` did not report it (excluded, suppressed, baselined, taken
        /// by another rule, reported at another severity, or missed): the rule cannot be trusted
        /// to catch it. Fails the canary.
        case notFired = "not-fired"
        /// No violation of the rule is possible in the workspace as configured (no layer forbids
        /// an import, say): nothing can slip past it, but it proves nothing either. Fails only
        /// with `--strict`.
        case noPlace = "no-place"
        /// The rule has no canary planting, so it cannot be proven. Fails the canary.
        case noRecipe = "no-recipe"
    }

    package var ruleID: String
    /// The configured severity the finding had to have.
    package var severity: Severity
    package var status: Status
    /// What was planted, when something was.
    package var planted: String?
    /// Where the finding was reported (fired), or where the violation was planted (not fired).
    package var location: SourceLocation?
    /// Why it did not fire, or why there was no place; nil when it fired.
    package var reason: String?

    package init(ruleID: String, severity: Severity, status: Status, planted: String? = nil, location: SourceLocation? = nil, reason: String? = nil) {
        self.ruleID = ruleID
        self.severity = severity
        self.status = status
        self.planted = planted
        self.location = location
        self.reason = reason
    }

    /// Whether this result fails the run: anything not proven, and with `strict` a rule with
    /// nothing to guard too.
    package func fails(strict: Bool) -> Bool {
        switch status {
        case .fired: false
        case .noPlace: strict
        case .notFired, .noRecipe: true
        }
    }
}
