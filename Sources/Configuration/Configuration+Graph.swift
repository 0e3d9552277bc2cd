import Diagnostics
import ModuleGraph

extension Configuration {
    /// Problems only the package can reveal: layers that list targets the package does not have.
    /// Collected, like the parser's, so that all are reported at once.
    package func problems(against graph: ModuleGraph) -> [ConfigurationProblem] {
        let names = graph.targets.map(\.name)
        let qualified = Set(graph.targets.map(\.id.description))
        var problems: [ConfigurationProblem] = []
        for (index, layer) in layers.enumerated() {
            for (position, target) in layer.targets.enumerated() where !names.contains(target) && !qualified.contains(target) {
                let suggestion = Suggestion.closest(to: target, among: names).map { "; did you mean '\($0)'?" } ?? ""
                problems.append(ConfigurationProblem(keyPath: "layers[\(index)].targets[\(position)]", message: "no target named '\(target)' in the package\(suggestion)"))
            }
        }
        return problems
    }
}
