import Configuration
import Diagnostics
import ModuleGraph

/// Places each side of each change: ignored, a manifest to compare with its base, a lockfile
/// whose pins to compare, a file of a target, gone with a manifest change, or outside every
/// target. Pure: the layout says where the packages are; nothing is read.
package struct PathClassifier: Sendable {
    private let layout: RepositoryLayout
    private let ignores: [Glob]
    private let ownership: TargetOwnership

    package init(graph: ModuleGraph, layout: RepositoryLayout, ignores: [Glob]) {
        self.layout = layout
        self.ignores = ignores
        ownership = TargetOwnership(graph: graph, layout: layout)
    }

    /// In the order of the changes, the old side of a rename before the new one.
    package func classify(_ changes: [FileChange]) -> [PlacedPath] {
        // Folders whose `Package.swift` is part of the change: files that disappear below them
        // (a renamed or removed target, a removed package) are the manifest comparison's
        // business, not "outside every target".
        var changedManifestFolders: Set<String> = []
        for change in changes {
            for path in change.paths where PathArithmetic.lastComponent(path) == "Package.swift" {
                changedManifestFolders.insert(PathArithmetic.parent(PathArithmetic.absolute(path, relativeTo: layout.top)))
            }
        }
        return changes.flatMap(\.sides).map { side in
            PlacedPath(path: side.path, reason: side.reason, placement: placement(of: side, changedManifestFolders: changedManifestFolders))
        }
    }

    private func placement(of side: FileChange.Side, changedManifestFolders: Set<String>) -> PlacedPath.Placement {
        if ignores.contains(where: { $0.matches(side.path) }) { return .ignored }
        let absolute = PathArithmetic.absolute(side.path, relativeTo: layout.top)
        let name = PathArithmetic.lastComponent(absolute)
        if name == "Package.swift", let package = layout.packageByFolder[PathArithmetic.parent(absolute)] {
            return .manifest(package: package)
        }
        if name == "Package.resolved" { return .lockfile }
        if let owner = ownership.owner(of: absolute) { return .target(owner) }
        // A removed package's manifest, or a file that left with a target its manifest renamed
        // or removed: the dependants' own declarations changed, and are compared.
        if name == "Package.swift" || (side.isGone && changedManifestFolders.contains(where: { absolute.hasPrefix($0 + "/") })) {
            return .goneWithManifest
        }
        return .outside
    }
}
