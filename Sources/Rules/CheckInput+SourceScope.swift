import Configuration
import Formats
import ImportScanning
import ModuleGraph

extension CheckInput {
    /// One checked file of a target, with the target's layer: what a source rule's scope is
    /// matched against.
    struct ScopedFile {
        var target: Target
        var layer: String?
        var file: SourceFile
    }

    /// The checked files `scope` covers, targets in graph order and files in path order.
    func files(in scope: SourceRules.Scope) -> [ScopedFile] {
        var files: [ScopedFile] = []
        // Compiled once per call, not once per file.
        let globs = scope.paths.map(Glob.init)
        for target in graph.targets where !isExcluded(target) {
            let layer = layers.layer(of: target.id)?.name
            guard scope.contains(target: target.name, qualified: target.id.description, layer: layer) else { continue }
            for file in checkedSources(of: target) where globs.isEmpty || globs.contains(where: { $0.matchesItselfOrParent(file.path) }) {
                files.append(ScopedFile(target: target, layer: layer, file: file))
            }
        }
        return files
    }
}
