import ModuleGraph

/// The canary's violation: one `public import` more than the first budget allows, in one
/// target of its scope.
extension PublicImportsRule: CanaryPlanting {
    func plant(in input: CheckInput) -> CanaryPlot {
        guard let budget = input.configuration.source.publicImports.first else { return .noPlace("source.publicImports sets no budget") }
        guard let place = input.canarySourcePlace(in: budget.scope) else {
            return .noPlace("no source file is \(budget.scope.label), where source.publicImports counts")
        }
        // Max + 1 of them, last in the target's files: whatever it already has, the last is over.
        let count = max(0, budget.max) + 1
        let lines = (1...count).map { "public import Canary\($0)" }
        return .planted(.writing(lines, in: place.target, graph: input.graph, at: place.path, subject: "Canary\(count)",
                                 summary: "\(count) public imports in \(input.canaryLabel(place.target)), over the budget of \(budget.max)"))
    }
}
