import FileAccess
import Foundation
import PackageLoading
import ModuleGraph
import Selection

extension BaseVersions {
    /// The two versions of the file that declares `unit` — its manifest, evaluated by the
    /// toolchain, or its project file, parsed — changed at `path` (relative to the repository).
    /// The kind of file is the unit's own business: callers ask for the evidence, not the format.
    /// `packageFolders` are the units' real folders by identity, as the change placement uses them.
    package func declaration(of unit: PackageNode, at path: String, in loaded: LoadedGraph,
                             packageFolders: [String: String], top: String) -> ManifestEvidence {
        if let project = unit.projectPath {
            // Compared target by target as read, like a manifest's two dumps.
            return self.project(at: path, projectPath: FileSystem.absolutePath(project, relativeTo: loaded.root),
                                head: loaded.projects[unit.identity]?.summary())
        }
        let head = loaded.manifestDumps[unit.identity].flatMap { dump in
            packageFolders[unit.identity].map { ManifestVersion(dump: dump, folder: $0) }
        }
        let folder = loaded.folder(of: unit) ?? top
        return manifest(at: path, folderName: (folder as NSString).lastPathComponent, head: head)
    }
}
