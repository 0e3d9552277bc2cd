import ModuleGraph

/// The canary's violation: a source of a layer that forbids a module imports it.
extension ForbiddenImportRule: CanaryPlanting {
    func plant(in input: CheckInput) -> CanaryPlot {
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
