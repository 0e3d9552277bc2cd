import ModuleGraph

/// The canary's violation: a target with sources declares something none of its sources
/// imports — the canary's remote product, or another target of the workspace where a remote
/// product would be a third-party violation first.
extension UnusedDependencyRule: CanaryPlanting {
    func plant(in input: CheckInput) -> CanaryPlot {
        let graph = input.graph
        let ground = graph.targets.filter { target in
            target.kind.isScannedForCanary && input.sources[target.id]?.isEmpty == false
        }
        guard !ground.isEmpty else { return .noPlace("no library, executable or test target has sources") }
        let thirdPartyChecked = input.configuration.severity(of: ThirdPartyProductRule.description) != nil
        let reexported = Set(input.sources.values.joined().flatMap(\.imports).filter { $0.hasAttribute("_exported") }.map(\.module))
        for target in ground where !input.isExcluded(target) {
            // Where third-party-product, listed before this rule, would not report the same declaration.
            if !thirdPartyChecked || input.layers.layer(of: target.id)?.allowsThirdParty ?? true {
                return .planted(canaryProduct(in: target, input: input))
            }
        }
        for target in ground where !input.isExcluded(target) {
            if let used = unusedCandidate(for: target, input: input, reexported: reexported) {
                return .planted(.declaring(.target(used.id), in: target, subject: used.name,
                                           summary: "a dependency of \(input.canaryLabel(target)) on \(input.canaryLabel(used)), which none of its sources imports"))
            }
        }
        // Only places another rule takes first, or excluded ones: the result says which.
        return .planted(canaryProduct(in: input.canaryOrder(ground)[0], input: input))
    }

    private func canaryProduct(in target: Target, input: CheckInput) -> CanaryPlant {
        .declaring(CanaryPackage.destination, in: target, subject: CanaryPackage.productName,
                   summary: "a dependency of \(input.canaryLabel(target)) on the remote product \(CanaryPackage.productName), which none of its sources imports")
    }

    /// A library of the workspace `target` may declare without breaking another rule (its layer
    /// allows the other's, the other is not internal to another package), and does not import,
    /// declare, or receive through an `@_exported` import.
    private func unusedCandidate(for target: Target, input: CheckInput, reexported: Set<String>) -> Target? {
        let graph = input.graph
        let declared = Set(graph.dependencies(of: target.id).map(\.node))
        let imported = Set((input.sources[target.id] ?? []).flatMap(\.imports).map(\.module))
        let own = input.layers.layer(of: target.id)
        return graph.targets.first { other in
            guard other.kind == .library, input.canaryMayDeclare(other, from: target), !declared.contains(.target(other.id)),
                  !imported.contains(other.moduleName), !reexported.contains(other.moduleName),
                  graph.targets(importedAs: other.moduleName, from: target.id) == [other.id],
                  !input.configuration.linkOnly.contains(where: { ($0.target == target.name || $0.target == target.id.description) && $0.dependency == other.name })
            else { return false }
            let layer = input.layers.layer(of: other.id)
            if let own, let layer, !own.allows(layer.name) { return false }
            if other.id.package != target.id.package, layer?.isPackageInternal == true, own?.mayUse.contains("*") != true { return false }
            return true
        }
    }
}
