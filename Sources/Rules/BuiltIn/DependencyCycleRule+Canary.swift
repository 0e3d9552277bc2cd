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
            // An app or extension is no module anyone imports, though its target embeds others.
            for imported in candidates where imported.id != importer.id
                && (imported.productType?.isLibrary ?? true)
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
        if let best, best.tier < 2 { return .planted(best.plant) }
        // Every undeclared import the layers allow is taken (a target per layer, as in the
        // clean preset): an import a target already makes and declares, with its declaration
        // taken away and the way back declared, closes a cycle at an import the layers allow.
        if let undeclaring = undeclaringPlant(in: input, candidates: candidates), (best?.tier ?? 8) >= 2 { return .planted(undeclaring) }
        if let best { return .planted(best.plant) }
        return .noPlace("fewer than two non-test targets can import each other")
    }

    /// The cycle planted at an existing import of a declared, allowed dependency: the declaration
    /// removed, the imported target made to declare the importer.
    private func undeclaringPlant(in input: CheckInput, candidates: [Target]) -> CanaryPlant? {
        let graph = input.graph
        for importer in candidates where !input.isExcluded(importer) {
            let files = input.checkedSources(of: importer).sorted { $0.path < $1.path }
            for edge in importer.dependencies where edge.condition == nil {
                guard case .target(let id) = edge.destination, let imported = graph.target(id), candidates.contains(where: { $0.id == id }),
                      imported.productType?.isLibrary ?? true,
                      !input.isExcluded(imported), input.canaryMayDeclare(importer, from: imported),
                      !graph.dependencies(of: imported.id).contains(where: { $0.node == .target(importer.id) }) else { continue }
                let allowed = input.layers.layer(of: importer.id).map { own in input.layers.layer(of: imported.id).map { own.allows($0.name) } ?? true } ?? true
                // The rule reports the first import, in file order, of the module.
                guard allowed, let file = files.first(where: { $0.imports.contains { $0.module == imported.moduleName } }),
                      file.imports.contains(where: { $0.module == imported.moduleName && $0.conditionDepth == 0 }) else { continue }
                let importerID = importer.id
                let summary = "the declaration of \(input.canaryLabel(imported)) by \(input.canaryLabel(importer)) removed, and \(imported.name) made to depend on \(importer.name)"
                return CanaryPlant.editing(target: importer.id, subject: imported.moduleName, place: .source(path: file.path), summary: summary) { workspace in
                    CanaryPlant.editingGraph(&workspace) { _, targets in
                        guard let index = targets.firstIndex(where: { $0.id == importerID }) else { return }
                        targets[index].dependencies.removeAll { $0.destination == .target(id) && $0.condition == nil }
                    }
                }.alsoDeclaring(.target(importer.id), in: imported)
            }
        }
        return nil
    }
}
