import Diagnostics
import Formats
import ModuleGraph

/// What a set of changed paths means for the graph: the targets they change, and any reason the
/// change cannot be placed, which selects every test.
package struct ChangeAnalysis: Sendable, Hashable {
    package var seeds: [ChangeSeed] = []
    /// In the order of the changes; non-empty means every test runs.
    package var everythingReasons: [String] = []
    /// The changed paths outside every target, in the order of the changes: each is also one of
    /// `everythingReasons`, and `EverythingSummary` names them together, once.
    package var outsideFiles: [String] = []
    /// Paths that select nothing, in the order of the changes, with a note when not a glob's.
    package var ignored: [String] = []
    /// What many seeds share, said once (the pins that moved), in the order of the changes.
    package var notes: [String] = []
    package var changedFiles: [FileChange] = []

    package init(seeds: [ChangeSeed] = [], everythingReasons: [String] = [], ignored: [String] = [], notes: [String] = [],
                 changedFiles: [FileChange] = []) {
        self.seeds = seeds
        self.everythingReasons = everythingReasons
        self.ignored = ignored
        self.notes = notes
        self.changedFiles = changedFiles
    }

    /// Joins the placed paths with what was learned of the changed manifests and lockfiles,
    /// each keyed by its path as placed. A manifest or lockfile without evidence counts as one
    /// with no base to compare with.
    package init(changes: [FileChange], placed: [PlacedPath], manifests: [String: ManifestEvidence], lockfiles: [String: LockfileEvidence],
                 graph: ModuleGraph) {
        self.init(changedFiles: changes)
        var departures: [String: [DepartedTarget]] = [:]
        for entry in placed {
            switch entry.placement {
            case .ignored:
                ignored.append(entry.path)
            case .bulkheadFile(let what):
                ignored.append("\(entry.path): \(what), no code")
            case .goneWithPackage(let manifest):
                ignored.append(entry.path == manifest ? "\(entry.path) (its package was removed)" : "\(entry.path) (gone with its package: \(manifest) was removed)")
            case .goneBelowChangedManifest(let manifest):
                if departures[manifest] == nil { departures[manifest] = Self.departed(manifests[manifest]) }
                if let target = Self.target(of: entry.path, manifest: manifest, among: departures[manifest] ?? []) {
                    ignored.append("\(entry.path) (gone with target \(target.name), which \(manifest) \(target.removed ? "removed" : "moved"))")
                } else {
                    addOutside(entry.path)
                }
            case .outside where PathArithmetic.lastComponent(entry.path) == "Package.swift":
                everythingReasons.append("\(entry.path) is the manifest of a package Bulkhead did not load, outside every target")
            case .outside:
                addOutside(entry.path)
            case .targets(let owners):
                for owner in owners { seeds.append(ChangeSeed(target: owner, file: entry.path, reason: entry.reason)) }
            case .manifest(let package):
                add(ManifestImpact.of(manifests[entry.path] ?? .noBase, package: package, path: entry.path, graph: graph))
            case .lockfile:
                add(PinImpact.of(lockfiles[entry.path] ?? .noBase, path: entry.path, graph: graph))
            }
        }
    }

    /// The targets the manifest's change removed or moved; none when its versions could not be
    /// compared (that manifest already runs every test).
    private static func departed(_ evidence: ManifestEvidence?) -> [DepartedTarget] {
        switch evidence {
        case .versions(let base, let head)?: return ManifestComparison.compare(base: base, head: head)?.departed ?? []
        case .projects(let base, let head)?: return ManifestComparison.compare(base: base, head: head).departed
        default: return []
        }
    }

    /// The departed target one of whose old folders held `path`; paths are relative to the
    /// repository, and a target's folders to the manifest's folder.
    private static func target(of path: String, manifest: String, among departed: [DepartedTarget]) -> DepartedTarget? {
        let file = PathArithmetic.absolute(path, relativeTo: "/")
        let manifestFolder = PathArithmetic.parent(PathArithmetic.absolute(manifest, relativeTo: "/"))
        return departed.first { target in
            target.folders.contains { folder in
                PathArithmetic.isInside(file, folder: PathArithmetic.absolute(folder, relativeTo: manifestFolder))
            }
        }
    }

    private mutating func addOutside(_ path: String) {
        everythingReasons.append(EverythingSummary.outsideReason(path))
        outsideFiles.append(path)
    }

    private mutating func add(_ impact: ChangeImpact) {
        switch impact {
        case .seeds(let more, let moreNotes):
            seeds += more
            notes += moreNotes
        case .everything(let reason): everythingReasons.append(reason)
        }
    }
}
