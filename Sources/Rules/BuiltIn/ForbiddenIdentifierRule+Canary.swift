import ModuleGraph

/// The canary's violation: a file in the first entry's scope uses its first identifier in code.
extension ForbiddenIdentifierRule: CanaryPlanting {
    func plant(in input: CheckInput) -> CanaryPlot {
        guard let entry = input.configuration.source.forbiddenIdentifiers.first(where: { !$0.identifiers.isEmpty }) else {
            return .noPlace("source.forbiddenIdentifiers lists no identifier")
        }
        guard let place = input.canarySourcePlace(in: entry.scope) else {
            return .noPlace("no source file is \(entry.scope.label), where source.forbiddenIdentifiers looks")
        }
        let identifier = entry.identifiers[0]
        return .planted(.writing(["let canary = \(identifier)"], in: place.target, graph: input.graph, at: place.path, subject: identifier,
                                 inspecting: input.configuration.sourceInspection,
                                 summary: "a use of \(identifier) in \(input.canaryLabel(place.target))"))
    }
}
