import Diagnostics

/// Everything any reporter needs about one `check` run, in one value: reporters take what they
/// use and ignore the rest, so a new reporter needs no new argument anywhere.
package struct Report: Sendable {
    /// Sorted; locations relative to `paths.root`.
    package var diagnostics: [Diagnostic]
    package var summary: CheckSummary
    /// The catalog entry of every code a diagnostic may carry, in the catalog's order: what
    /// SARIF's rule table lists, whichever codes this run reported.
    package var codes: [DiagnosticCode]
    /// The rules that ran, and the targets they checked: JUnit writes a passing case for each pair.
    package var enabledRules: [String]
    package var checkedTargets: [String]
    /// Warnings fail the run too.
    package var strict: Bool
    /// The caller decides: a terminal, no `NO_COLOR`, no `--output`.
    package var colored: Bool
    package var toolVersion: String
    package var paths: ReportPaths

    package init(diagnostics: [Diagnostic], summary: CheckSummary, codes: [DiagnosticCode], enabledRules: [String],
                 checkedTargets: [String], strict: Bool, colored: Bool, toolVersion: String, paths: ReportPaths) {
        self.diagnostics = diagnostics.sorted()
        self.summary = summary
        self.codes = codes
        self.enabledRules = enabledRules
        self.checkedTargets = checkedTargets
        self.strict = strict
        self.colored = colored
        self.toolVersion = toolVersion
        self.paths = paths
    }

    /// The diagnostics with their paths as the reader of a format resolves them. The order is
    /// the root-relative one; relocation can change it, so reporters sort what they print.
    package func diagnostics(relativeTo base: ReportPaths.Base) -> [Diagnostic] {
        guard base != .root else { return diagnostics }
        return diagnostics.map { diagnostic in
            guard var location = diagnostic.location else { return diagnostic }
            location.path = paths.relocate(location.path, to: base)
            var moved = diagnostic
            moved.location = location
            moved.relatedLocations = diagnostic.relatedLocations.map { related in
                var related = related
                related.path = paths.relocate(related.path, to: base)
                return related
            }
            return moved
        }
    }
}
