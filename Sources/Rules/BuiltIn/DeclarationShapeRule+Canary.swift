import ModuleGraph

/// The canary's violation: a declaration the first entry selects, written with the modifier it
/// forbids, or without the modifier or inheritance it requires.
extension DeclarationShapeRule: CanaryPlanting {
    func plant(in input: CheckInput) -> CanaryPlot {
        guard let entry = input.configuration.source.declarations.first(where: {
            !$0.forbiddenModifiers.isEmpty || !$0.requiredModifiers.isEmpty || !$0.requiredInheritance.isEmpty
        }) else { return .noPlace("no source.declarations entry forbids or requires anything") }
        guard let place = input.canarySourcePlace(in: entry.scope) else {
            return .noPlace("no source file is \(entry.scope.label), where source.declarations looks")
        }
        let kind = entry.kinds.first ?? "class"
        // A name its `names` glob takes: `*Service` → CanaryService.
        let name = (entry.names.first ?? "Canary").replacingOccurrences(of: "*", with: "Canary").replacingOccurrences(of: "?", with: "C")
        let line: String
        let broken: String
        if let forbidden = entry.forbiddenModifiers.first {
            (line, broken) = ("\(forbidden) \(kind) \(name) {}", "with \(forbidden)")
        } else if let required = entry.requiredModifiers.first {
            (line, broken) = ("\(kind) \(name) {}", "without \(required)")
        } else {
            (line, broken) = ("\(kind) \(name) {}", "without inheriting \(entry.requiredInheritance[0])")
        }
        return .planted(.writing([line], in: place.target, graph: input.graph, at: place.path, subject: name,
                                 inspecting: input.configuration.sourceInspection,
                                 summary: "\(kind) \(name) in \(input.canaryLabel(place.target)), \(broken)"))
    }
}
