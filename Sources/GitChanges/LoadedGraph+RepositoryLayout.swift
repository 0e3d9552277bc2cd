import FileAccess
import Foundation
import PackageLoading
import ModuleGraph
import Selection

extension LoadedGraph {
    /// The top folder, every local unit's folder and every project's file, real paths as git
    /// names them (a package may have been given through a symbolic link), for placing changed
    /// paths. `bulkheadFiles` are Bulkhead's own files (absolute path → what it is).
    package func repositoryLayout(top: String, bulkheadFiles: [String: String]) -> RepositoryLayout {
        var folders: [String: String] = [:]
        for package in graph.packages {
            if let folder = folder(of: package) { folders[package.identity] = FileSystem.realPath(folder) }
        }
        // A file the change deleted has no real path of its own: its folder's, then its name.
        var files: [String: String] = [:]
        for (path, what) in bulkheadFiles {
            let name = (path as NSString).lastPathComponent
            files[FileSystem.realPath((path as NSString).deletingLastPathComponent) + "/" + name] = what
        }
        // A project's file lies in its `.xcodeproj`, not beside its targets: placed by its path.
        var projects: [String: String] = [:]
        for package in graph.packages where package.projectPath != nil {
            guard let declaration = package.declarationPath else { continue }
            let absolute = FileSystem.absolutePath(declaration, relativeTo: root)
            let name = (absolute as NSString).lastPathComponent
            projects[FileSystem.realPath((absolute as NSString).deletingLastPathComponent) + "/" + name] = package.identity
        }
        return RepositoryLayout(top: FileSystem.realPath(top), packageFolders: folders, bulkheadFiles: files, projectFiles: projects)
    }
}
