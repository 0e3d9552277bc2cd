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
        /// A file in a target's folder.
        case target(TargetID)
        /// A file that left with a target (or a package) its changed manifest renamed or
        /// removed: the manifest comparison speaks for it.
        case goneWithManifest
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
