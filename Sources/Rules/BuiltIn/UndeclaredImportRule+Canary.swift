import ModuleGraph

/// The canary's violation: a target imports the canary's product, which only a target it
/// declares declares: the build passes through that chain.
extension UndeclaredImportRule: CanaryPlanting {
    func plant(in input: CheckInput) -> CanaryPlot {
        let graph = input.graph
        for target in input.canaryOrder(graph.targets.filter(\.kind.isScannedForCanary)) {
            let carriers = graph.dependencies(of: target.id).compactMap { dependency -> Target? in
                guard case .target(let id) = dependency.node, id != target.id else { return nil }
                return graph.target(id)
            }
            // A library, as such a chain usually runs; a macro or plugin still carries one.
            guard let carrier = carriers.first(where: { $0.kind == .library }) ?? carriers.first else { continue }
            let plant = CanaryPlant.importing(CanaryPackage.module, in: target, graph: graph,
                                              summary: "import \(CanaryPackage.module) in \(input.canaryLabel(target)), declared only by its dependency \(graph.displayName(carrier.id))")
                .alsoDeclaring(CanaryPackage.destination, in: carrier)
            return .planted(plant)
        }
        return .noPlace("no target declares a dependency on another target, so no import can be reachable only through one")
    }
}

extension TargetKind {
    /// Kinds whose Swift sources are scanned and checked for imports.
    var isScannedForCanary: Bool { [.library, .executable, .test].contains(self) }
}
