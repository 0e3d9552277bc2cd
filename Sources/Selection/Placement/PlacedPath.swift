import ModuleGraph

/// One side of a change and where it landed: what decides which tests it selects.
package struct PlacedPath: Sendable, Hashable {
    package enum Placement: Sendable, Hashable {
        /// It matches an ignore glob: it selects nothing.
        case ignored
        /// The manifest of a local package (by identity): compared with its base version.
        case manifest(package: String)
        /// A `Package.resolved`: its pins are compared with the base's.
        case lockfile
        /// A file of targets: in a package target's folder, or compiled by Xcode targets (one
        /// file may be in several).
        case targets([TargetID])
        /// One of Bulkhead's own files (its configuration, its baseline), described: no code,
        /// so it selects nothing.
        case bulkheadFile(String)
        /// A file that disappeared below the folder of a changed manifest of a loaded package
        /// (named as the change names it): it left with a target the manifest removed or moved,
        /// which the manifest comparison speaks for, or else it is outside every target.
        case goneBelowChangedManifest(manifest: String)
        /// A deleted manifest of a package that is not loaded, or a file that disappeared below
        /// it: the package was removed; loaded packages that used it changed their own manifests.
        case goneWithPackage(manifest: String)
        /// None of these: every test runs.
        case outside
    }

    /// Relative to the repository, as the change named it.
    package var path: String
    /// Why the path counts ("changed", "moved here from …").
    package var reason: String
    package var placement: Placement

    package init(path: String, reason: String, placement: Placement) {
        self.path = path
        self.reason = reason
        self.placement = placement
    }
}

extension PlacedPath.Placement {
    /// A file of one target.
    package static func target(_ id: TargetID) -> Self { .targets([id]) }
}
