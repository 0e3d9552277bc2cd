import Formats
import ModuleGraph

/// Which layer each target is in. A target listed by name in a layer's `targets` belongs to that
/// layer; otherwise to the first layer whose paths, suffixes, prefixes or kinds match it; otherwise to
/// none, and layer rules leave it alone. Paths are matched relative to the root (a preset's,
/// relative to the target's package).
package struct LayerAssignment: Sendable {
    private let layerByTarget: [TargetID: Configuration.Layer]

    package init(graph: ModuleGraph, layers: [Configuration.Layer]) {
        var assignment: [TargetID: Configuration.Layer] = [:]
        let globs = layers.map { $0.paths.map(Glob.init) }
        for target in graph.targets {
            if let listed = layers.first(where: { $0.targets.contains(target.name) || $0.targets.contains(target.id.description) }) {
                assignment[target.id] = listed
                continue
            }
            for (index, layer) in layers.enumerated() {
                let folder = layer.pathsArePackageRelative ? target.path : Self.folderFromRoot(of: target, in: graph)
                let matches = globs[index].contains { $0.matches(folder) }
                    || layer.suffixes.contains { target.name.hasSuffix($0) }
                    || layer.prefixes.contains { target.name.hasPrefix($0) }
                    || layer.kinds.contains { $0 == target.productType?.name || $0 == target.kind.rawValue }
                if matches {
                    assignment[target.id] = layer
                    break
                }
            }
        }
        layerByTarget = assignment
    }

    /// The target's folder relative to the root: its package's path, then its own.
    package static func folderFromRoot(of target: Target, in graph: ModuleGraph) -> String {
        let package = graph.package(target.id.package)?.localPath ?? "."
        return package == "." ? target.path : "\(package)/\(target.path)"
    }

    package func layer(of target: TargetID) -> Configuration.Layer? {
        layerByTarget[target]
    }
}
