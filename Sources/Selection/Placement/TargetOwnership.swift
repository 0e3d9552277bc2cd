import Diagnostics
import Formats
import ModuleGraph

/// Which targets own a file. A package target owns everything under its folder (the deepest
/// folder wins when folders nest): sources, resources and any other file there. An Xcode target
/// owns its source files by name — Xcode lists them, and one file may be compiled into several
/// targets (an app and its watch app) — and the folder its sources share only when that folder
/// lies below the project's own: a target whose sources are spread over the project folder
/// would otherwise own every file of the repository, a `Gemfile` included.
package struct TargetOwnership: Sendable {
    private let folders: [(prefix: String, target: TargetID)]
    /// Absolute source path → the Xcode targets that compile it, sorted.
    private let files: [String: [TargetID]]

    /// `folders` are absolute target folders; `files` absolute source files of Xcode targets.
    package init(folders: [(folder: String, target: TargetID)], files: [String: [TargetID]] = [:]) {
        self.folders = folders
            .map { (prefix: $0.folder.hasSuffix("/") ? $0.folder : $0.folder + "/", target: $0.target) }
            .sorted { $0.prefix.count > $1.prefix.count }
        self.files = files.mapValues { $0.sorted() }
    }

    /// The targets of every local package and project of `layout`, across packages.
    package init(graph: ModuleGraph, layout: RepositoryLayout) {
        var folders: [(folder: String, target: TargetID)] = []
        var files: [String: [TargetID]] = [:]
        for target in graph.targets {
            guard let packageFolder = layout.packageFolders[target.id.package] else { continue }
            let folder = PathArithmetic.absolute(target.path, relativeTo: packageFolder)
            guard target.productType != nil else {
                folders.append((folder, target.id))
                continue
            }
            for source in target.sources { files[PathArithmetic.absolute(source, relativeTo: folder), default: []].append(target.id) }
            if folder != packageFolder { folders.append((folder, target.id)) }
        }
        self.init(folders: folders, files: files)
    }

    /// The owners of an absolute file path: the Xcode targets that compile it, else the target
    /// whose folder holds it; empty when none does.
    package func owners(of path: String) -> [TargetID] {
        if let compiling = files[path] { return compiling }
        return folders.first { path.hasPrefix($0.prefix) }.map { [$0.target] } ?? []
    }
}
