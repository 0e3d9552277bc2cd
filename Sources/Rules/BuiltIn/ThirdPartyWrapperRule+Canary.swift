import ModuleGraph

/// The canary's violation: two targets both declare the canary's remote product, which no
/// module wraps.
extension ThirdPartyWrapperRule: CanaryPlanting {
    func plant(in input: CheckInput) -> CanaryPlot {
        let shared = Set(input.configuration.sharedLibraries)
        guard !shared.contains(CanaryPackage.productName), !shared.contains(CanaryPackage.identity) else {
            return .noPlace("sharedLibraries lists the canary's product")
        }
        // Targets whose layer refuses third-party code are third-party-product's ground.
        let ground = input.graph.targets.filter { target in
            !target.isTest && (input.layers.layer(of: target.id).map(\.allowsThirdParty) ?? true)
        }
        let users = input.canaryOrder(ground)
        guard users.count > 1 else { return .noPlace("fewer than two non-test targets may use third-party code") }
        let (first, second) = (users[0], users[1])
        return .planted(.declaring(CanaryPackage.destination, in: first, subject: CanaryPackage.productSubject,
                                   summary: "dependencies of \(input.canaryLabel(first)) and \(input.canaryLabel(second)) on the remote product \(CanaryPackage.productName)")
            .alsoDeclaring(CanaryPackage.destination, in: second))
    }
}
