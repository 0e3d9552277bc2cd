import Diagnostics
import FileAccess
import Formats
import ModuleGraph
import ParallelWork

/// The loaded graph's sources within a `ReadBoundary`: a target whose folder is a symbolic link
/// out of the root, whose `path:` climbs out, or whose folder holds a link to a file outside
/// keeps only the sources that stay inside, and one `outside-root` warning per target names
/// what was left out. The scan reads the graph's sources and nothing else, so nothing outside
/// reaches a report or the baseline. Projects' references were refused by name as they were
/// read; this is what catches packages, and anything a reference did not show.
enum SourceConfinement {
    /// `graph` with sources outside `boundary` removed (the same graph when none is), and the
    /// warnings; paths shown relative to `base`. A folder `listings` holds (discovery's, this
    /// run) is read from there.
    static func confine(_ graph: ModuleGraph, root: String, boundary: ReadBoundary, shownRelativeTo base: String,
                        listings: FolderListings = FolderListings()) -> (graph: ModuleGraph, warnings: [LoadWarning]) {
        let indices = graph.targets.indices.filter { !graph.targets[$0].sources.isEmpty }
        // Each worker keeps its own memo of the folders it resolved, for the targets it takes.
        let refusals = ParallelMap.cores(forJobs: indices.count).run(indices.count, workerState: {
            ConfinedFiles(boundary: boundary, listings: listings)
        }) { confined, job in
            refusal(in: graph.targets[indices[job]], at: indices[job], of: graph, root: root, confined: &confined, shownRelativeTo: base)
        }.compactMap { $0 }
        guard !refusals.isEmpty else { return (graph, []) }
        var targets = graph.targets
        for refusal in refusals { targets[refusal.target].sources = refusal.kept }
        return (ModuleGraph(packages: graph.packages, targets: targets, externalProducts: graph.externalProducts), refusals.map(\.warning).sorted())
    }

    /// A target some of whose sources (or its folder) lie outside: the sources kept, and the warning.
    private struct Refusal: Sendable {
        var target: Int
        var kept: [String]
        var warning: LoadWarning
    }

    /// What `target` (at `index` among the graph's targets) loses to the boundary; nil when all
    /// of its sources stay inside.
    private static func refusal(in target: Target, at index: Int, of graph: ModuleGraph, root: String, confined: inout ConfinedFiles,
                                shownRelativeTo base: String) -> Refusal? {
        guard let package = graph.package(target.id.package), let localPath = package.localPath else { return nil }
        let boundary = confined.boundary
        let folder = PathArithmetic.absolute(target.path, relativeTo: PathArithmetic.absolute(localPath, relativeTo: root))
        // Made only for a warning: relative paths cost more than confining a target whose
        // files all stay inside.
        var declaration: String {
            FileSystem.relativePath(package.projectPath.map { PathArithmetic.absolute($0, relativeTo: root) + "/project.pbxproj" }
                                    ?? PathArithmetic.absolute(localPath, relativeTo: root) + "/Package.swift", to: base)
        }
        // A folder that leaves is said once, not once per file below it.
        if let real = confined.refusal(ofFolder: folder) {
            return Refusal(target: index, kept: [], warning: OutsideRootWarning.warning(
                file: declaration, reference: "the folder '\(target.path)' of target '\(target.name)'", real: real, boundary: boundary))
        }
        var kept: [String] = []
        var refused: [(source: String, real: String)] = []
        for source in target.sources {
            if let real = confined.refusal(of: source, in: folder) {
                refused.append((source, real))
            } else {
                kept.append(source)
            }
        }
        guard let first = refused.first else { return nil }
        let more = refused.count > 1 ? " (and \(refused.count - 1) more of its sources)" : ""
        return Refusal(target: index, kept: kept, warning: OutsideRootWarning.warning(
            file: declaration, reference: "the source '\(target.path == "." ? first.source : target.path + "/" + first.source)' of target '\(target.name)'\(more)",
            real: first.real, boundary: boundary))
    }
}
