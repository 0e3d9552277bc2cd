import Diagnostics
import ModuleGraph

/// Which target owns a file: the target whose folder holds it, the deepest one when folders
/// nest. Sources, resources and any other file under a target's folder belong to it.
package struct TargetOwnership: Sendable {
    private let folders: [(prefix: String, target: TargetID)]

    /// `folders` are absolute target folders.
    package init(folders: [(folder: String, target: TargetID)]) {
        self.folders = folders
            .map { (prefix: $0.folder.hasSuffix("/") ? $0.folder : $0.folder + "/", target: $0.target) }
            .sorted { $0.prefix.count > $1.prefix.count }
    }

    /// The targets of every local package of `layout`, across packages.
    package init(graph: ModuleGraph, layout: RepositoryLayout) {
        var folders: [(folder: String, target: TargetID)] = []
        for target in graph.targets {
            guard let packageFolder = layout.packageFolders[target.id.package] else { continue }
            folders.append((PathArithmetic.absolute(target.path, relativeTo: packageFolder), target.id))
        }
        self.init(folders: folders)
    }

    /// The owner of an absolute file path, if any target's folder holds it.
    package func owner(of path: String) -> TargetID? {
        folders.first { path.hasPrefix($0.prefix) }?.target
    }
}
