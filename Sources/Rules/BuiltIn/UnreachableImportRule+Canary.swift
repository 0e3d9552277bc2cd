import ModuleGraph

/// The canary's violation: a target imports the canary's product, which nothing declares.
extension UnreachableImportRule: CanaryPlanting {
    func plant(in input: CheckInput) -> CanaryPlot {
        guard let target = input.canaryOrder(input.graph.targets.filter(\.kind.isScannedForCanary)).first else {
            return .noPlace("no library, executable or test target to import from")
        }
        return .planted(.importing(CanaryPackage.module, in: target, graph: input.graph,
                                   summary: "import \(CanaryPackage.module) in \(input.canaryLabel(target)), which nothing it declares provides"))
    }
}
