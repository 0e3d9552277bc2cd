import ModuleGraph

/// What a set of changed paths means for the graph: the targets they change, and any reason the
/// change cannot be placed, which selects every test.
package struct ChangeAnalysis: Sendable, Hashable {
    package var seeds: [ChangeSeed] = []
    /// In the order of the changes; non-empty means every test runs.
    package var everythingReasons: [String] = []
    /// Paths that select nothing, in the order of the changes, with a note when not a glob's.
    package var ignored: [String] = []
    package var changedFiles: [FileChange] = []

    package init(seeds: [ChangeSeed] = [], everythingReasons: [String] = [], ignored: [String] = [], changedFiles: [FileChange] = []) {
        self.seeds = seeds
        self.everythingReasons = everythingReasons
        self.ignored = ignored
        self.changedFiles = changedFiles
    }

    /// Joins the placed paths with what was learned of the changed manifests and lockfiles,
    /// each keyed by its path as placed. A manifest or lockfile without evidence counts as one
    /// with no base to compare with.
    package init(changes: [FileChange], placed: [PlacedPath], manifests: [String: ManifestEvidence], lockfiles: [String: LockfileEvidence],
                 graph: ModuleGraph) {
        self.init(changedFiles: changes)
        for entry in placed {
            switch entry.placement {
            case .ignored:
                ignored.append(entry.path)
            case .goneWithManifest:
                ignored.append("\(entry.path) (gone with a manifest change)")
            case .outside:
                everythingReasons.append("\(entry.path) is outside every target")
            case .target(let owner):
                seeds.append(ChangeSeed(target: owner, file: entry.path, reason: entry.reason))
            case .manifest(let package):
                add(ManifestImpact.of(manifests[entry.path] ?? .noBase, package: package, path: entry.path, graph: graph))
            case .lockfile:
                add(PinImpact.of(lockfiles[entry.path] ?? .noBase, path: entry.path, graph: graph))
            }
        }
    }

    private mutating func add(_ impact: ChangeImpact) {
        switch impact {
        case .seeds(let more): seeds += more
        case .everything(let reason): everythingReasons.append(reason)
        }
    }
}
