import ModuleGraph

/// The test targets a change needs: every target that owns a change, every target that depends
/// on one (across packages, transitively), and of those the tests — each with the change and
/// the dependency path that selected it. A change Bulkhead cannot place selects every test,
/// and says why.
package struct AffectedSelection: Sendable {
    package struct Selected: Sendable, Hashable {
        package var test: TargetID
        package var seed: ChangeSeed?
        /// From the test to the changed target, following dependencies.
        package var path: [TargetID]
    }

    /// Non-empty when every test runs, with the reasons.
    package var everythingReasons: [String]
    package var selected: [Selected]
    package var affectedTargets: Set<TargetID>

    package var runsEverything: Bool { !everythingReasons.isEmpty }

    /// The selection for an analysed change.
    package static func select(in graph: ModuleGraph, analysis: ChangeAnalysis) -> AffectedSelection {
        select(in: graph, seeds: analysis.seeds, everythingReasons: analysis.everythingReasons)
    }

    /// One breadth-first walk over dependants from all changed targets at once, remembering how
    /// each target was reached, so the whole selection is linear in the graph's size.
    package static func select(in graph: ModuleGraph, seeds: [ChangeSeed], everythingReasons: [String]) -> AffectedSelection {
        let tests = graph.targets.filter(\.isTest)
        if !everythingReasons.isEmpty {
            return AffectedSelection(
                everythingReasons: everythingReasons,
                selected: tests.map { Selected(test: $0.id, seed: nil, path: [$0.id]) },
                affectedTargets: Set(graph.targets.map(\.id)))
        }
        var reachedFrom: [TargetID: (parent: TargetID?, seed: ChangeSeed)] = [:]
        var frontier: [(target: TargetID, seed: ChangeSeed)] = []
        for seed in seeds.sorted(by: { ($0.target, $0.file, $0.reason) < ($1.target, $1.file, $1.reason) })
            where graph.target(seed.target) != nil && reachedFrom[seed.target] == nil {
            reachedFrom[seed.target] = (nil, seed)
            frontier.append((seed.target, seed))
        }
        while !frontier.isEmpty {
            var next: [(target: TargetID, seed: ChangeSeed)] = []
            for (target, seed) in frontier {
                for dependant in graph.dependants(of: target) where reachedFrom[dependant] == nil {
                    reachedFrom[dependant] = (target, seed)
                    next.append((dependant, seed))
                }
            }
            frontier = next
        }
        let selected = tests.compactMap { test -> Selected? in
            guard let reached = reachedFrom[test.id] else { return nil }
            var path = [test.id]
            var current = reached.parent
            while let step = current {
                path.append(step)
                current = reachedFrom[step]?.parent
            }
            return Selected(test: test.id, seed: reached.seed, path: path)
        }
        return AffectedSelection(everythingReasons: [], selected: selected, affectedTargets: Set(reachedFrom.keys))
    }
}
