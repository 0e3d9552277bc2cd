import Diagnostics
import ModuleGraph

/// Finds the target a person named on the command line: by name, or as `package/name` when names
/// repeat across packages. Mistakes are usage errors that say what would have worked.
package enum TargetLookup {
    package static func find(_ name: String, in graph: ModuleGraph) throws(RunError) -> Target {
        let matches = graph.targets(named: name)
        if matches.count == 1 { return matches[0] }
        if matches.isEmpty {
            let suggestion = Suggestion.closest(to: name, among: graph.targets.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
            throw .usage("no target named '\(name)'\(suggestion)")
        }
        let spellings = matches.map { $0.id.description }.sorted().joined(separator: ", ")
        throw .usage("'\(name)' names targets in several packages; write one of: \(spellings)")
    }
}
