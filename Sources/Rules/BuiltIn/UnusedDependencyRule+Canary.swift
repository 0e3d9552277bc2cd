import ModuleGraph

/// The canary's violation: a target with sources declares the canary's remote product and
/// imports nothing of it.
extension UnusedDependencyRule: CanaryPlanting {
    func plant(in input: CheckInput) -> CanaryPlot {
        let ground = input.graph.targets.filter { target in
            target.kind.isScannedForCanary && input.sources[target.id]?.isEmpty == false
        }
        // Where third-party products are allowed first: elsewhere third-party-product, listed
        // before this rule, reports the same declaration.
        let allowed = ground.filter { input.layers.layer(of: $0.id)?.allowsThirdParty ?? true }
        let ordered = input.canaryOrder(allowed).filter { !input.isExcluded($0) } + input.canaryOrder(ground)
        guard let target = ordered.first else { return .noPlace("no library, executable or test target has sources") }
        return .planted(.declaring(CanaryPackage.destination, in: target, subject: CanaryPackage.productName,
                                   summary: "a dependency of \(input.canaryLabel(target)) on the remote product \(CanaryPackage.productName), which none of its sources imports"))
    }
}
