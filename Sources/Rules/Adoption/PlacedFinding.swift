import Diagnostics

/// A finding with its place in a file resolved, ready for suppressions, the baseline and reports.
package struct PlacedFinding: Sendable, Hashable {
    package var finding: Finding
    package var location: SourceLocation
    /// How the target is shown: its name, or `package/name` when names repeat.
    package var targetName: String

    package init(finding: Finding, location: SourceLocation, targetName: String) {
        self.finding = finding
        self.location = location
        self.targetName = targetName
    }

    package var diagnostic: Diagnostic {
        Diagnostic(severity: finding.severity, code: finding.ruleID, message: finding.message,
                   location: location, target: targetName, notes: finding.notes)
    }
}
