import Configuration
import FileAccess
import Formats
import Foundation
import Diagnostics
import GitChanges
import PackageLoading
import Selection

/// What `affected` reads: the changed paths (git or a list) and, for a changed manifest or
/// lockfile, its version at the base — all through the input modules — joined into a `ChangeAnalysis` by
/// `Selection`. The changes are read before the graph is loaded, so a bad `--base` fails at once.
struct AffectedChanges {
    enum Source {
        /// From the merge base with `base` (or HEAD) to HEAD, or to the working tree.
        case git(base: String?, includeUncommitted: Bool)
        /// A file of paths, or `-` for standard input.
        case list(file: String)
    }

    let changes: [FileChange]
    /// The folder the changed paths are relative to: the repository's top, or for a list
    /// outside any repository, the run's root.
    let top: String
    /// Where to read the base versions from; nil for a list, which has no base.
    let baseVersions: BaseVersions?

    /// `packagePath` is absolute; its repository is the one asked.
    static func read(_ source: Source, packagePath: String, tool: SwiftPackageTool, context: CommandContext) throws(AffectedFailure) -> AffectedChanges {
        let repository = try? GitRepository.containing(packagePath, log: tool.log)
        switch source {
        case .list(let file):
            let data: Data
            do {
                data = file == "-" ? context.readStandardInput() : try FileSystem.contents(of: FileSystem.absolutePath(file, relativeTo: context.currentDirectory), allowingStreams: true)
            } catch {
                throw .input(error)
            }
            // Outside any repository the run's root stands in for it, from whatever folder it runs.
            let top = repository?.top ?? packagePath
            return AffectedChanges(changes: ChangeList.changes(listed: data, relativeTo: top), top: top, baseVersions: nil)
        case .git(let base, let includeUncommitted):
            guard let repository else { throw .git(.notARepository(folder: packagePath)) }
            do throws(GitError) {
                var commit = "HEAD"
                if let base { commit = try repository.mergeBase(base) }
                return AffectedChanges(changes: try repository.changes(since: commit, includeUncommitted: includeUncommitted), top: repository.top,
                                       baseVersions: BaseVersions(repository: repository, commit: commit, tool: tool, readsWorkingTree: includeUncommitted))
            } catch {
                throw .git(error)
            }
        }
    }

    /// Places the changes in the loaded graph, reading the base side of changed manifests and
    /// lockfiles (each once) as placing asks for them. `bulkheadFiles` are Bulkhead's own files
    /// (absolute path → what it is), which change no code.
    func analyze(in loaded: LoadedGraph, ignores: [Glob], bulkheadFiles: [String: String]) -> ChangeAnalysis {
        let layout = loaded.repositoryLayout(top: top, bulkheadFiles: bulkheadFiles)
        let placed = PathClassifier(graph: loaded.graph, layout: layout, ignores: ignores).classify(changes)
        var manifests: [String: ManifestEvidence] = [:]
        var lockfiles: [String: LockfileEvidence] = [:]
        // Without a base (a list of paths) there is nothing to compare: the evidence stays empty.
        for entry in placed {
            guard let baseVersions else { break }
            switch entry.placement {
            case .manifest(let identity) where manifests[entry.path] == nil:
                guard let unit = loaded.graph.package(identity) else { continue }
                manifests[entry.path] = baseVersions.declaration(of: unit, at: entry.path, in: loaded, packageFolders: layout.packageFolders, top: layout.top)
            case .lockfile where lockfiles[entry.path] == nil:
                lockfiles[entry.path] = baseVersions.lockfile(at: entry.path)
            default:
                continue
            }
        }
        return ChangeAnalysis(changes: changes, placed: placed, manifests: manifests, lockfiles: lockfiles, graph: loaded.graph)
    }
}

/// Why `affected` could not answer: git, a file, or the report itself.
enum AffectedFailure: Error {
    case git(GitError)
    case input(InputError)
    case report(AffectedReport.EncodingFailure)
    /// A selected test's name cannot be printed safely in `format`.
    case unsafeTestName(name: String, format: String)

    var message: String {
        switch self {
        case .git(let error): error.message
        case .input(let error): error.message
        case .report(let error): error.message
        case .unsafeTestName(let name, let format) where format == "names":
            "the test target '\(VisibleText.escaped(name))' has a control character in its name, which would break the one-name-a-line list; rename the target, or use --format json"
        case .unsafeTestName(let name, let format):
            "the test target '\(VisibleText.escaped(name))' cannot be passed safely in --format \(format): only letters, digits, '_', '.' and '-' are; rename the target, or use --format json"
        }
    }
}
