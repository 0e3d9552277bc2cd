import ImportScanning
import Inputs
import ModuleGraph

/// The imports of every Swift source of a loaded graph, scanned in parallel, and the edges they
/// draw between targets: target A imports the module of target B.
struct SourceImports {
    /// Per target, its files' imports in path order.
    var importsByTarget: [TargetID: [(file: String, imports: [ImportDeclaration])]]
    /// Files that could not be read, relative to the loaded folder.
    var unreadable: [String]

    static func scan(_ loaded: LoadedGraph) -> SourceImports {
        var files: [(target: TargetID, path: String, display: String)] = []
        for target in loaded.graph.targets {
            guard let package = loaded.graph.package(target.id.package), let folder = loaded.folder(of: package) else { continue }
            for source in target.sources where source.hasSuffix(".swift") {
                let path = "\(folder)/\(target.path)/\(source)"
                files.append((target.id, path, FileSystem.relativePath(path, to: loaded.root)))
            }
        }
        var result = SourceImports(importsByTarget: [:], unreadable: [])
        var position = 0
        ParallelFileProcessor().process(files.map(\.path)) { _, contents -> [ImportDeclaration]? in
            guard case .success(let bytes) = contents else { return nil }
            return ImportScanner.scan(bytes).imports
        } emit: { batch in
            for imports in batch {
                let file = files[position]
                position += 1
                if let imports {
                    result.importsByTarget[file.target, default: []].append((file.display, imports))
                } else {
                    result.unreadable.append(file.display)
                }
            }
        }
        return result
    }

    /// Target → the targets whose modules its sources import (in clauses that can be active).
    /// A module name is looked up in the importing target's own package first.
    func edges(in graph: ModuleGraph) -> [TargetID: Set<TargetID>] {
        var targetsByModule: [String: [TargetID]] = [:]
        for target in graph.targets where target.kind.isImportable {
            targetsByModule[target.moduleName, default: []].append(target.id)
        }
        var edges: [TargetID: Set<TargetID>] = [:]
        for (target, files) in importsByTarget {
            for (_, imports) in files {
                for declaration in imports where declaration.canBeActive {
                    let candidates = targetsByModule[declaration.module] ?? []
                    let samePackage = candidates.filter { $0.package == target.package }
                    for imported in (samePackage.isEmpty ? candidates : samePackage) where imported != target {
                        edges[target, default: []].insert(imported)
                    }
                }
            }
        }
        return edges
    }
}
