import FileAccess
import Foundation
import PackageLoading
import Processes
import Selection
import XcodeProjects

/// The "before" side of changed manifests and lockfiles, read at the comparison commit: `git
/// show <commit>:<path>`, and for a manifest, `dump-package` of that version in a scratch folder
/// of its own (it is removed before returning).
package struct BaseVersions: Sendable {
    package let repository: GitRepository
    /// A full commit name (a merge base, or HEAD).
    package let commit: String
    package let tool: SwiftPackageTool
    /// Whether the change reaches into the working tree: then the working tree, not HEAD, is the
    /// "after" side of a lockfile.
    package let readsWorkingTree: Bool

    package init(repository: GitRepository, commit: String, tool: SwiftPackageTool, readsWorkingTree: Bool) {
        self.repository = repository
        self.commit = commit
        self.tool = tool
        self.readsWorkingTree = readsWorkingTree
    }

    /// The two versions of the manifest at `path` (relative to the repository), whose package
    /// folder is named `folderName` (kept, since a manifest may name its own folder); `head` is
    /// the current version the graph was loaded from.
    package func manifest(at path: String, folderName: String, head: ManifestVersion?) -> ManifestEvidence {
        guard let head else { return .headUnreadable }
        let base: Data
        switch baseBytes(at: path) {
        case .ended(let evidence): return evidence
        case .bytes(let bytes): base = bytes
        }
        // In the run's own temporary folder, so an interrupted run leaves nothing behind.
        guard let scratch = try? RunTemporaryFolder.shared.makeSubfolder(prefix: "base") else { return .noScratchFolder }
        defer { RunTemporaryFolder.shared.removeSubfolder(scratch) }
        let folder = scratch + "/" + folderName
        guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil else { return .noScratchFolder }
        // SwiftPM prints real paths; compare `.package(path:)` dependencies from real folders.
        let realFolder = FileSystem.realPath(folder)
        guard FileManager.default.createFile(atPath: realFolder + "/Package.swift", contents: base),
              let dump = try? tool.run(.dumpPackage, packageAt: realFolder) else { return .baseNotEvaluated }
        return .versions(base: ManifestVersion(dump: dump, folder: realFolder), head: head)
    }

    /// The two versions of the `project.pbxproj` at `path` (relative to the repository) of the
    /// project at `projectPath` (absolute `.xcodeproj`), as summaries; `head` is the current
    /// one. No toolchain: the base is parsed like the head, and a base that does not read says
    /// why. Synchronized folders of the base are listed from the working tree — their files'
    /// own changes are placed on their own.
    package func project(at path: String, projectPath: String, head: ProjectSummary?) -> ManifestEvidence {
        guard let head else { return .headUnreadable }
        let base: Data
        switch baseBytes(at: path) {
        case .ended(let evidence): return evidence
        case .bytes(let bytes): base = bytes
        }
        // Within the repository: a base version's synchronized folder must not walk outside it either.
        let boundary = ReadBoundary(root: repository.top)
        do {
            let project = try XcodeProjectReader.parse(base, projectAt: projectPath, shownAs: path, boundary: boundary)
            return .projects(base: project.summary(), head: head)
        } catch {
            return .baseProjectUnreadable(reason: error.message)
        }
    }

    /// A file at the base commit, or the evidence that ends the comparison there.
    private enum BaseRead {
        case bytes(Data)
        case ended(ManifestEvidence)
    }

    /// The bytes of the file at `path` at the base commit; git refusing, or a file that is new
    /// since the base, ends the comparison.
    private func baseBytes(at path: String) -> BaseRead {
        do {
            guard let base = try repository.contents(of: path, at: commit) else { return .ended(.addedSinceBase) }
            return .bytes(base)
        } catch {
            return .ended(.baseNotShown(reason: error.message))
        }
    }

    /// The lockfile at `path` (relative to the repository) at the commit and now; a side that
    /// cannot be read has no pins.
    package func lockfile(at path: String) -> LockfileEvidence {
        let base = (try? repository.contents(of: path, at: commit)) ?? nil
        let head = readsWorkingTree
            ? FileManager.default.contents(atPath: FileSystem.absolutePath(path, relativeTo: repository.top))
            : (try? repository.contents(of: path, at: "HEAD")) ?? nil
        return .versions(base: base, head: head)
    }
}
