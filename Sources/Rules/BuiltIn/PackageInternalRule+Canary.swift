import ModuleGraph

/// The canary's violation: a target declares a target another package keeps internal.
extension PackageInternalRule: CanaryPlanting {
    func plant(in input: CheckInput) -> CanaryPlot {
        let internalLayers = input.configuration.layers.filter(\.isPackageInternal)
        guard !internalLayers.isEmpty else { return .noPlace("no layer is internal to its package (isPackageInternal)") }
        let graph = input.graph
        let internals = graph.targets.filter { target in
            target.kind.isImportable && input.layers.layer(of: target.id)?.isPackageInternal == true
        }
        guard !internals.isEmpty else {
            return .noPlace("no target is in \(internalLayers.map(\.name).joined(separator: ", ")), the layers internal to their package")
        }
        // The rule looks at non-test targets that may not use every layer. A user whose own
        // layer allows the internal one is preferred: else layer-dependency, listed first,
        // reports the same declaration.
        let users = graph.targets.filter { target in
            !target.isTest && input.layers.layer(of: target.id)?.mayUse.contains("*") != true
        }
        // Checked and clear of layer-dependency first, then checked, then excluded.
        var best: (tier: Int, plant: CanaryPlant)?
        for user in input.canaryOrder(users) {
            let declared = Set(graph.dependencies(of: user.id).map(\.node))
            for used in internals where used.id.package != user.id.package && !declared.contains(.target(used.id))
                && input.canaryMayDeclare(used, from: user) {
                let own = input.layers.layer(of: user.id)
                let layerAllows = own.map { own in input.layers.layer(of: used.id).map { own.allows($0.name) } ?? true } ?? true
                let tier = input.isExcluded(user) ? 2 : layerAllows ? 0 : 1
                guard tier < (best?.tier ?? 3) else { continue }
                let plant = CanaryPlant.declaring(.target(used.id), in: user, subject: used.name,
                                                  summary: "a dependency of \(input.canaryLabel(user)) on \(input.canaryLabel(used)) of package \(graph.package(used.id.package)?.name ?? used.id.package)")
                if tier == 0 { return .planted(plant) }
                best = (tier, plant)
            }
        }
        if let best { return .planted(best.plant) }
        return .noPlace("no target the rule checks is in another package than the targets of \(internalLayers.map(\.name).joined(separator: ", "))")
    }
}
