import ModuleGraph

/// The canary's violation: an import of a module nothing provides.
extension UnknownModuleRule: CanaryPlanting {
    func plant(in input: CheckInput) -> CanaryPlot {
        guard let target = input.canaryOrder(input.graph.targets).first else { return .noPlace("there is no target") }
        return .planted(.importing("CanaryUnknownModule", in: target, graph: input.graph,
                                   summary: "import CanaryUnknownModule in \(input.canaryLabel(target))"))
    }
}
