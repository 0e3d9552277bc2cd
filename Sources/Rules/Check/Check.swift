import Diagnostics
import ModuleGraph

/// `check` as a function: a workspace in, its findings and what to report out. The rules run,
/// manifest findings get their lines, suppressions and the baseline apply — no disk, no
/// toolchain, no command line.
package enum Check {
    package static func run(_ workspace: Workspace, rules: [any Rule] = RuleCatalog.rules) -> CheckResult {
        let configuration = workspace.configuration
        let input = CheckInput(graph: workspace.graph, sources: workspace.sources, configuration: configuration,
                               environment: workspace.environment, builds: workspace.builds, prepared: workspace.preparedTargetBuilds,
                               sourceBytes: workspace.sourceBytes)
        var places = ManifestPlaces(workspace: workspace)
        // A unit that did not load is reported whatever rules run: nothing in it was checked.
        let found = IgnoredImports.removing(from: Checker.run(input, rules: rules), workspace: workspace)
        let placed = places.place(found + workspace.unloadableUnits.map(UnloadableUnitFinding.finding))

        var directives = places.directives()
        // Only where findings can be: an excluded target's suppressions are not unused, just unheard.
        for target in workspace.graph.targets where !input.isExcluded(target) {
            for file in input.checkedSources(of: target) where !file.directives.isEmpty {
                directives[file.path] = file.directives
            }
        }
        // Rules with nothing configured to check are enabled but speak for nothing.
        let enabledRules = rules.filter { configuration.severity(of: $0.description) != nil && $0.hasWork(under: configuration) }.map(\.description.id)
        let knownRules = rules.map(\.description.id) + [BaselineComparison.staleDescription.id, UnloadableUnitFinding.entry.id]
        var suppressed = Suppressions.apply(to: placed, directives: directives, enabledRules: Set(enabledRules + [UnloadableUnitFinding.entry.id]),
                                            knownRules: knownRules)
        let narrowing = workspace.reportedTargets.map { CheckNarrowing(targets: $0, workspace: workspace) }
        if let narrowing { suppressed = narrowing.narrowed(placed: placed, outcome: suppressed) }

        var result = CheckResult(
            findings: suppressed.kept, diagnostics: [], suppressedCount: suppressed.suppressedCount, baselinedCount: 0,
            checkedTargets: workspace.checkedTargets.filter { narrowing?.reports($0.id) ?? true }.map { workspace.graph.displayName($0.id) },
            enabledRules: enabledRules)
        var shown = suppressed.kept
        var staleEntries: [Diagnostic] = []
        if let file = workspace.baseline {
            let comparison = BaselineComparison.compare(shown, with: narrowing?.baseline(file.baseline) ?? file.baseline)
            shown = comparison.new
            result.baselinedCount = comparison.baselinedCount
            if let severity = configuration.severity(of: BaselineComparison.staleDescription) {
                staleEntries = comparison.stale.map { stale in
                    StaleBaselineEntry.diagnostic(stale.entry, missing: stale.missing, severity: severity, file: file, places: &places)
                }
            }
        }
        // Notes fold per rule, target and module whatever `--group` says: they never fail a
        // check, and one per import line of a module no one can judge would bury the rest. The
        // places stay on the one note (JSON's sites, SARIF's related locations).
        result.diagnostics = FindingGroups.group((shown.map(\.diagnostic) + suppressed.problems + staleEntries).sorted(), findings: shown,
                                                 folding: { $0.severity == .note })
        return result
    }
}

/// What a check found, ready to report.
package struct CheckResult: Sendable {
    /// Findings after suppressions, before the baseline: what `bulkhead baseline` writes.
    package var findings: [PlacedFinding]
    /// What the report shows, sorted: findings the baseline does not accept, problems with
    /// suppressions, and baseline entries that no longer occur.
    package var diagnostics: [Diagnostic]
    package var suppressedCount: Int
    package var baselinedCount: Int
    /// The targets the report speaks for, by shown name.
    package var checkedTargets: [String]
    /// The ids of the rules that ran.
    package var enabledRules: [String]
}
