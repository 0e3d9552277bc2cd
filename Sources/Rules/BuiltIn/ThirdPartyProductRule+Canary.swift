import ModuleGraph

/// The canary's violation: a target of a layer that refuses third-party code declares the
/// canary's remote product.
extension ThirdPartyProductRule: CanaryPlanting {
    func plant(in input: CheckInput) -> CanaryPlot {
        let layers = input.configuration.layers
        guard !layers.isEmpty else { return .noPlace("no layers are configured, and the rule checks only targets in a layer") }
        let refusing = layers.filter { !$0.allowsThirdParty }
        guard !refusing.isEmpty else { return .noPlace("every layer allows third-party products") }
        let ground = input.graph.targets.filter { target in
            input.layers.layer(of: target.id).map { !$0.allowsThirdParty } ?? false
        }
        guard let target = input.canaryOrder(ground).first else {
            return .noPlace("no target is in \(refusing.map(\.name).joined(separator: ", ")), the layers that refuse third-party products")
        }
        return .planted(.declaring(CanaryPackage.destination, in: target, subject: CanaryPackage.productSubject,
                                   summary: "a dependency of \(input.canaryLabel(target)) on the remote product \(CanaryPackage.productName)"))
    }
}
