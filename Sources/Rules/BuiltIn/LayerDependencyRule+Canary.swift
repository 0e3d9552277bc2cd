import ModuleGraph

/// The canary's violation: a target declares a target of a layer its own may not use.
extension LayerDependencyRule: CanaryPlanting {
    func plant(in input: CheckInput) -> CanaryPlot {
        guard !input.configuration.layers.isEmpty else { return .noPlace("no layers are configured") }
        let graph = input.graph
        var byLayer: [String: [Target]] = [:]
        for target in graph.targets {
            if let layer = input.layers.layer(of: target.id) { byLayer[layer.name, default: []].append(target) }
        }
        for target in input.canaryOrder(graph.targets) {
            guard let layer = input.layers.layer(of: target.id) else { continue }
            let declared = Set(graph.dependencies(of: target.id).compactMap { dependency -> TargetID? in
                if case .target(let id) = dependency.node { return id }
                return nil
            })
            for other in input.configuration.layers where !layer.allows(other.name) {
                guard let used = byLayer[other.name]?.first(where: { !declared.contains($0.id) && input.canaryMayDeclare($0, from: target) }) else { continue }
                return .planted(.declaring(.target(used.id), in: target, subject: used.name,
                                           summary: "a dependency of \(input.canaryLabel(target)) on \(input.canaryLabel(used))"))
            }
        }
        return .noPlace("no target is in a layer that another layer's targets may not use")
    }
}
