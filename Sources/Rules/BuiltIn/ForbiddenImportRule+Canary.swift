import ModuleGraph

/// The canary's violation: a source of a layer that forbids a module imports it; with no such
/// layer, a file in the scope of a `source.forbiddenImports` entry imports a module it lists.
extension ForbiddenImportRule: CanaryPlanting {
    func plant(in input: CheckInput) -> CanaryPlot {
        let layerPlot = layerPlant(in: input)
        guard case .noPlace(let reason) = layerPlot, !input.configuration.source.forbiddenImports.isEmpty else { return layerPlot }
        for entry in input.configuration.source.forbiddenImports where !entry.modules.isEmpty {
            guard let place = input.canarySourcePlace(in: entry.scope) else { continue }
            // A module no target provides, as with the layers' half; a glob's `*` made concrete.
            let modules = entry.modules.map { $0.replacingOccurrences(of: "*", with: "Canary").replacingOccurrences(of: "?", with: "C") }
            let module = modules.first { input.localTarget(forModule: $0, from: place.target.id) == nil } ?? modules[0]
            return .planted(.writing(["import \(module)"], in: place.target, graph: input.graph, at: place.path, subject: module,
                                     summary: "import \(module) in \(input.canaryLabel(place.target)), \(entry.scope.label), which source.forbiddenImports forbids"))
        }
        return .noPlace(reason + ", and no source file is where source.forbiddenImports looks")
    }

    private func layerPlant(in input: CheckInput) -> CanaryPlot {
        let forbidding = input.configuration.layers.filter { !$0.forbiddenImports.isEmpty }
        guard !forbidding.isEmpty else { return .noPlace("no layer forbids an import (forbiddenImports)") }
        let ground = input.graph.targets.filter { target in
            input.layers.layer(of: target.id).map { !$0.forbiddenImports.isEmpty } ?? false
        }
        guard let target = input.canaryOrder(ground).first, let layer = input.layers.layer(of: target.id) else {
            return .noPlace("no target is in \(forbidding.map(\.name).joined(separator: ", ")), the layers that forbid imports")
        }
        // A system module when the layer names one: a module of the graph would also be an
        // undeclared import, and a layer violation reported first.
        let forbidden = layer.forbiddenImports.sorted()
        let module = forbidden.first { input.localTarget(forModule: $0, from: target.id) == nil } ?? forbidden[0]
        return .planted(.importing(module, in: target, graph: input.graph,
                                   summary: "import \(module) in \(input.canaryLabel(target)), which forbids it"))
    }
}
