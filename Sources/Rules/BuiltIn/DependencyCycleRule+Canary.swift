import ModuleGraph

/// The canary's violation: a target imports one that already depends on it, closing a cycle.
extension DependencyCycleRule: CanaryPlanting {
    func plant(in input: CheckInput) -> CanaryPlot {
        let graph = input.graph
        let candidates = input.canaryOrder(graph.targets.filter { !$0.isTest && $0.kind.isImportable })
        // The import goes into `importer`; the finding sits there because it is the cycle's only
        // import. Tiers: a declared edge back already there, so the import alone closes the
        // cycle, before one the planting declares too; an import the importer's layer allows
        // (else layer-dependency, listed first, reports the same import); checked before
        // excluded.
        var best: (tier: Int, plant: CanaryPlant)?
        for importer in candidates {
            for imported in candidates where imported.id != importer.id
                && input.localTarget(forModule: imported.moduleName, from: importer.id) == imported.id
                // An undeclared import: a cycle of declared dependencies alone is not reported.
                && !graph.dependencies(of: importer.id).contains(where: { $0.node == .target(imported.id) }) {
                let declaredBack = graph.dependencies(of: imported.id).contains { $0.node == .target(importer.id) }
                guard declaredBack || input.canaryMayDeclare(importer, from: imported) else { continue }
                let layerAllows = input.layers.layer(of: importer.id).map { own in
                    input.layers.layer(of: imported.id).map { own.allows($0.name) } ?? true
                } ?? true
                let excluded = input.isExcluded(importer) || input.isExcluded(imported)
                let tier = (excluded ? 4 : 0) + (layerAllows ? 0 : 2) + (declaredBack ? 0 : 1)
                guard tier < (best?.tier ?? 8) else { continue }
                let summary = "import \(imported.moduleName) in \(input.canaryLabel(importer)), which \(input.canaryLabel(imported)) "
                    + (declaredBack ? "depends on" : "is made to depend on")
                var plant = CanaryPlant.importing(imported.moduleName, in: importer, graph: graph, summary: summary)
                if !declaredBack { plant = plant.alsoDeclaring(.target(importer.id), in: imported) }
                if tier == 0 { return .planted(plant) }
                best = (tier, plant)
            }
        }
        if let best { return .planted(best.plant) }
        return .noPlace("fewer than two non-test targets can import each other")
    }
}
