import Configuration
import Diagnostics
import ModuleGraph
import ParallelWork

/// `bulkhead canary` as a function: for every enabled rule, one synthetic violation planted in
/// a copy of the workspace (in memory: the graph and sources are values, so no scratch copy of
/// the package and no toolchain run), then the same `Check.run` that `check` makes, so
/// `exclude`, suppressions, rule precedence and the baseline all have their say.
package enum Canary {
    /// One result per enabled rule, sorted by rule id.
    package static func run(_ workspace: Workspace, rules: [any Rule] = RuleCatalog.rules) -> [CanaryResult] {
        let input = checkInput(of: workspace)
        var results: [CanaryResult] = []
        var proofs: [(plant: CanaryPlant, rule: any Rule, severity: Severity)] = []
        for rule in rules {
            let description = rule.description
            guard let severity = workspace.configuration.severity(of: description) else { continue }
            guard let planting = rule as? any CanaryPlanting else {
                // A rule with nothing configured to check cannot be violated here: no place, as
                // a planting would say, rather than an unproven rule.
                if !rule.hasWork(under: workspace.configuration) {
                    results.append(CanaryResult(ruleID: description.id, severity: severity, status: .noPlace,
                                                reason: "no place to plant: bulkhead.json gives it nothing to check"))
                    continue
                }
                results.append(CanaryResult(ruleID: description.id, severity: severity, status: .noRecipe,
                                            reason: "this rule has no canary planting yet, so it cannot be proven"))
                continue
            }
            switch planting.plant(in: input) {
            case .noPlace(let reason):
                results.append(CanaryResult(ruleID: description.id, severity: severity, status: .noPlace, reason: "no place to plant: \(reason)"))
            case .planted(let plant):
                proofs.append((plant, rule, severity))
            }
        }
        // One whole check per planting, each on its own copy: independent, so side by side,
        // each into its own slot.
        results += proofs.concurrentMap { prove($0.plant, of: $0.rule, severity: $0.severity, in: workspace, input: input, rules: rules) }
        return results.sorted { $0.ruleID < $1.ruleID }
    }

    /// Runs the check on the planted workspace and says whether the planted finding came out.
    private static func prove(_ plant: CanaryPlant, of rule: any Rule, severity: Severity, in workspace: Workspace,
                              input: CheckInput, rules: [any Rule]) -> CanaryResult {
        let id = rule.description.id
        var planted = plant.applied(to: workspace)
        // Rules listed after this one are turned off for its check: a rule's finding is dropped
        // only when an earlier one reported the same violation, and suppressions and the
        // baseline match a finding by its own rule, so the planted finding's fate is the same
        // without them (every rule stays known, so no suppression naming one becomes invalid).
        // The first rules listed run in most of the checks, the last in one.
        if let index = rules.firstIndex(where: { $0.description.id == id }) {
            for later in rules[(index + 1)...] { planted.configuration.rules[later.description.id] = .off }
        }
        let result = Check.run(planted, rules: rules)
        var outcome = CanaryResult(ruleID: id, severity: severity, status: .notFired, planted: plant.summary,
                                   location: plantedLocation(of: plant, in: planted))
        if let found = result.findings.first(where: { matches($0.finding, plant, rule: id) }) {
            outcome.location = found.location
            if found.finding.severity != severity {
                outcome.reason = "it was reported as \(found.finding.severity.rawValue), not at the configured \(severity.rawValue)"
            } else if !result.diagnostics.contains(found.diagnostic) {
                outcome.reason = "the baseline \(planted.baseline?.shownPath ?? "") accepts it, so check would not show it"
            } else {
                outcome.status = .fired
            }
            return outcome
        }
        outcome.reason = whyMissing(plant, of: rule, severity: severity, planted: planted, input: input, rules: rules)
        return outcome
    }

    /// The first cause on `check`'s path that kept the finding out: `exclude`, the rule itself,
    /// another rule reporting the same violation first, a suppression.
    private static func whyMissing(_ plant: CanaryPlant, of rule: any Rule, severity: Severity, planted: Workspace,
                                   input: CheckInput, rules: [any Rule]) -> String {
        if let target = input.graph.target(plant.target), let entry = input.exclusion(of: target) {
            return "its target \(input.graph.displayName(target.id)) is in \(LayerAssignment.folderFromRoot(of: target, in: input.graph)), which exclude: [\"\(entry)\"] hides"
        }
        if case .source(let path) = plant.place, let entry = input.exclusion(ofFile: path) {
            return "the planted file \(path) is excluded by exclude: [\"\(entry)\"]"
        }
        let plantedInput = checkInput(of: planted)
        let id = rule.description.id
        guard let own = rule.findings(in: plantedInput, severity: severity).first(where: { matches($0, plant, rule: id) }) else {
            return "the rule did not report it"
        }
        let kept = Checker.run(plantedInput, rules: rules)
        if !kept.contains(own), let other = kept.first(where: { $0.violation == own.violation }) {
            return "\(other.ruleID) reported the same violation first, and takes precedence over \(id)"
        }
        var places = ManifestPlaces(workspace: planted)
        let location = places.place([own]).first?.location
        return "a // bulkhead:ignore comment suppresses it" + (location.map { " at \(text(of: $0))" } ?? "")
    }

    /// Whether `finding` is the planted one: same rule, target, subject and place.
    private static func matches(_ finding: Finding, _ plant: CanaryPlant, rule: String) -> Bool {
        guard finding.ruleID == rule, finding.target == plant.target, finding.subject == plant.subject else { return false }
        switch (finding.place, plant.place) {
        case (.manifest, .manifest): return true
        case (.source(let path, _, _, _), .source(let planted)): return path == planted
        case (.product(let name), .product(let planted)): return name == planted
        default: return false
        }
    }

    private static func plantedLocation(of plant: CanaryPlant, in workspace: Workspace) -> SourceLocation {
        switch plant.place {
        case .source(let path): return SourceLocation(path: path, line: 1, column: 1)
        case .manifest, .product:
            var places = ManifestPlaces(workspace: workspace)
            return places.location(ofTarget: workspace.graph.displayName(plant.target)) ?? SourceLocation(path: workspace.manifestPath(of: plant.target.package))
        }
    }

    private static func text(of location: SourceLocation) -> String {
        [location.path, location.line.map(String.init), location.column.map(String.init)].compactMap { $0 }.joined(separator: ":")
    }

    /// The rules' input, made as `Check.run` makes it.
    private static func checkInput(of workspace: Workspace) -> CheckInput {
        CheckInput(graph: workspace.graph, sources: workspace.sources, configuration: workspace.configuration,
                   environment: workspace.environment, builds: workspace.builds, sourceBytes: workspace.sourceBytes)
    }
}
