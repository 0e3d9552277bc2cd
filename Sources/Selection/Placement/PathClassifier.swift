import Diagnostics
import Formats
import ModuleGraph

/// Places each side of each change: ignored, one of Bulkhead's own files, a manifest to compare
/// with its base, a lockfile whose pins to compare, a file of a target, gone below a changed
/// manifest, gone with a removed package, or outside every target. Pure: the layout says where
/// the packages are; nothing is read.
package struct PathClassifier: Sendable {
    private let layout: RepositoryLayout
    private let ignores: [Glob]
    private let ownership: TargetOwnership

    package init(graph: ModuleGraph, layout: RepositoryLayout, ignores: [Glob]) {
        self.layout = layout
        self.ignores = ignores
        ownership = TargetOwnership(graph: graph, layout: layout)
    }

    /// A `Package.swift` in the change whose folder may explain a file that disappeared below it.
    private struct ChangedManifest {
        /// Absolute.
        var folder: String
        /// As the change names it.
        var path: String
        /// Deleted, and of no loaded package: the package was removed.
        var removesPackage: Bool
    }

    /// In the order of the changes, the old side of a rename before the new one.
    package func classify(_ changes: [FileChange]) -> [PlacedPath] {
        var manifests: [ChangedManifest] = []
        for side in changes.flatMap(\.sides) where PathArithmetic.lastComponent(side.path) == "Package.swift" {
            let folder = PathArithmetic.parent(PathArithmetic.absolute(side.path, relativeTo: layout.top))
            if layout.packageByFolder[folder] != nil {
                manifests.append(ChangedManifest(folder: folder, path: side.path, removesPackage: false))
            } else if side.isGone {
                manifests.append(ChangedManifest(folder: folder, path: side.path, removesPackage: true))
            }
        }
        // The deepest folder speaks for a file: a removed nested package, not its parent's manifest.
        manifests.sort { $0.folder.count > $1.folder.count }
        return changes.flatMap(\.sides).map { side in
            PlacedPath(path: side.path, reason: side.reason, placement: placement(of: side, changedManifests: manifests))
        }
    }

    private func placement(of side: FileChange.Side, changedManifests: [ChangedManifest]) -> PlacedPath.Placement {
        if ignores.contains(where: { $0.matches(side.path) }) { return .ignored }
        let absolute = PathArithmetic.absolute(side.path, relativeTo: layout.top)
        if let what = layout.bulkheadFiles[absolute] { return .bulkheadFile(what) }
        let name = PathArithmetic.lastComponent(absolute)
        if name == "Package.swift", let package = layout.packageByFolder[PathArithmetic.parent(absolute)] {
            return .manifest(package: package)
        }
        if let project = layout.projectFiles[absolute] { return .manifest(package: project) }
        if name == "Package.resolved" { return .lockfile }
        let owners = ownership.owners(of: absolute)
        if !owners.isEmpty { return .targets(owners) }
        // Only a file that is gone can have left with a target or a package; a manifest of a
        // package Bulkhead did not load that still exists is as unknown as its sources.
        if side.isGone, let manifest = changedManifests.first(where: { PathArithmetic.isInside(absolute, folder: $0.folder) }) {
            return manifest.removesPackage ? .goneWithPackage(manifest: manifest.path) : .goneBelowChangedManifest(manifest: manifest.path)
        }
        return .outside
    }
}
