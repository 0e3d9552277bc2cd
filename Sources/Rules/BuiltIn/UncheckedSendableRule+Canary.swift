import ModuleGraph

/// The canary's violation: one `@unchecked Sendable` class more than the first budget allows,
/// all in one planted file of its scope.
extension UncheckedSendableRule: CanaryPlanting {
    func plant(in input: CheckInput) -> CanaryPlot {
        guard let budget = input.configuration.source.uncheckedSendable.first else { return .noPlace("source.uncheckedSendable sets no budget") }
        guard let place = input.canarySourcePlace(in: budget.scope) else {
            return .noPlace("no source file is \(budget.scope.label), where source.uncheckedSendable counts")
        }
        // Max + 1 of them: whatever the scope already holds, the last is over the budget.
        let count = max(0, budget.max) + 1
        let lines = (1...count).map { "final class Canary\($0): @unchecked Sendable {}" }
        return .planted(.writing(lines, in: place.target, graph: input.graph, at: place.path, subject: "Canary\(count)",
                                 inspecting: input.configuration.sourceInspection,
                                 summary: "\(count) @unchecked Sendable classes in \(input.canaryLabel(place.target)), over the budget of \(budget.max)"))
    }
}
