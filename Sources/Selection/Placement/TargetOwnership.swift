import Diagnostics
import Formats
import ModuleGraph

/// Which targets own a file. A package target owns everything under its folder (the deepest
/// folder wins when folders nest): sources, resources and any other file there. An Xcode target
/// owns its source files by name — Xcode lists them, and one file may be compiled into several
/// targets (an app and its watch app) — and the folder its sources share only when that folder
/// lies below the project's own: a target whose sources are spread over the project folder
/// would otherwise own every file of the repository, a `Gemfile` included. An Xcode target also
/// owns what its project says it is made of (its `resources`: resources, localisations, its
/// `Info.plist`, `.xcconfig` files, a test bundle's folder), files or whole folders, shared when
/// several targets list one.
package struct TargetOwnership: Sendable {
    private let folders: [(prefix: String, target: TargetID)]
    /// Absolute source path → the Xcode targets that compile it, sorted.
    private let files: [String: [TargetID]]
    /// Absolute path of a file or folder an Xcode target's project names → its targets, sorted.
    private let owned: [String: [TargetID]]

    /// `folders` are absolute target folders; `files` absolute source files of Xcode targets;
    /// `owned` the absolute files and folders Xcode targets own besides their sources.
    package init(folders: [(folder: String, target: TargetID)], files: [String: [TargetID]] = [:], owned: [String: [TargetID]] = [:]) {
        self.folders = folders
            .map { (prefix: $0.folder.hasSuffix("/") ? $0.folder : $0.folder + "/", target: $0.target) }
            .sorted { $0.prefix.count > $1.prefix.count }
        self.files = files.mapValues { $0.sorted() }
        self.owned = owned.mapValues { Array(Set($0)).sorted() }
    }

    /// The targets of every local package and project of `layout`, across packages.
    package init(graph: ModuleGraph, layout: RepositoryLayout) {
        var folders: [(folder: String, target: TargetID)] = []
        var files: [String: [TargetID]] = [:]
        var owned: [String: [TargetID]] = [:]
        for target in graph.targets {
            guard let packageFolder = layout.packageFolders[target.id.package] else { continue }
            let folder = PathArithmetic.absolute(target.path, relativeTo: packageFolder)
            guard target.productType != nil else {
                folders.append((folder, target.id))
                continue
            }
            for source in target.sources { files[PathArithmetic.absolute(source, relativeTo: folder), default: []].append(target.id) }
            for resource in target.resources { owned[PathArithmetic.absolute(resource, relativeTo: packageFolder), default: []].append(target.id) }
            if folder != packageFolder { folders.append((folder, target.id)) }
        }
        self.init(folders: folders, files: files, owned: owned)
    }

    /// The owners of an absolute file path: the Xcode targets that compile it, else the owners of
    /// the deepest of the path itself, the folders above it that a project names and the target
    /// folders that hold it (a UI-test bundle's folder inside the unit tests' keeps its own
    /// snapshots; a package below a folder a project target owns keeps its own files); empty
    /// when none does.
    package func owners(of path: String) -> [TargetID] {
        if let compiling = files[path] { return compiling }
        var named: (path: String, owners: [TargetID])?
        var current = path
        while !owned.isEmpty && current != "/" && current != "." {
            if let owners = owned[current] {
                named = (current, owners)
                break
            }
            current = PathArithmetic.parent(current)
        }
        let folder = folders.first { path.hasPrefix($0.prefix) }
        if let folder, folder.prefix.count - 1 > named?.path.count ?? -1 { return [folder.target] }
        return named?.owners ?? []
    }
}
