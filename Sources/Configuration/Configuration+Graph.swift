import Diagnostics
import ModuleGraph

extension Configuration {
    /// Problems only the package can reveal: layers that list targets the package does not have,
    /// link-only dependencies that no target declares.
    /// Collected, like the parser's, so that all are reported at once.
    package func problems(against graph: ModuleGraph) -> [ConfigurationProblem] {
        // Most files name no target: then no table of every target's names is made.
        guard layers.contains(where: { !$0.targets.isEmpty }) || !binaryModules.isEmpty || !linkOnly.isEmpty else { return [] }
        let names = graph.targets.map(\.name)
        let qualified = Set(graph.targets.map(\.id.description))
        var problems: [ConfigurationProblem] = []
        for (index, layer) in layers.enumerated() {
            for (position, target) in layer.targets.enumerated() where !names.contains(target) && !qualified.contains(target) {
                let suggestion = Suggestion.closest(to: target, among: names).map { "; did you mean '\($0)'?" } ?? ""
                problems.append(ConfigurationProblem(keyPath: "layers[\(index)].targets[\(position)]", message: "no target named '\(target)' in the package\(suggestion)"))
            }
        }
        for (target, _) in binaryModules.sorted(by: { $0.key < $1.key }) {
            guard let found = graph.targets.first(where: { $0.name == target || $0.id.description == target }) else {
                let suggestion = Suggestion.closest(to: target, among: names).map { "; did you mean '\($0)'?" } ?? ""
                problems.append(ConfigurationProblem(keyPath: "modules.\(target)", message: "no target named '\(target)' in the package\(suggestion)"))
                continue
            }
            if found.kind != .binary {
                problems.append(ConfigurationProblem(keyPath: "modules.\(target)", message: "'\(target)' is a \(found.kind.rawValue) target; modules names what a binary target provides"))
            }
        }
        for (index, linkOnly) in self.linkOnly.enumerated() {
            guard let target = graph.targets.first(where: { $0.name == linkOnly.target || $0.id.description == linkOnly.target }) else {
                let suggestion = Suggestion.closest(to: linkOnly.target, among: names).map { "; did you mean '\($0)'?" } ?? ""
                problems.append(ConfigurationProblem(keyPath: "linkOnly[\(index)]", message: "no target named '\(linkOnly.target)' in the package\(suggestion)"))
                continue
            }
            let declared = graph.dependencies(of: target.id).flatMap(\.declaredNames)
            if !declared.contains(linkOnly.dependency) {
                let suggestion = Suggestion.closest(to: linkOnly.dependency, among: declared).map { "; did you mean '\($0)'?" } ?? ""
                problems.append(ConfigurationProblem(keyPath: "linkOnly[\(index)]", message: "\(target.name) declares no dependency named '\(linkOnly.dependency)'\(suggestion)"))
            }
        }
        return problems
    }
}
