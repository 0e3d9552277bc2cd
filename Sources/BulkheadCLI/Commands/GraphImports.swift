import Caches
import Configuration
import PackageLoading
import ModuleGraph
import Reporting

/// `graph --edges declared|imports|both`: the import edges the drawn targets' sources make, from
/// the scanner, each with its first import (files in path order) and whether every import of the
/// pair is inside `#if`.
struct GraphImports {
    static let option = OptionDefinition.value(
        .edges, "KIND", help: "declared (default): the manifests' and projects' dependencies; imports: what the sources import; both: the two, each edge marked.",
        choices: GraphEdgeSource.allCases.map(\.rawValue))

    static func source(_ arguments: ParsedArguments) -> GraphEdgeSource {
        arguments.value(.edges).flatMap(GraphEdgeSource.init(rawValue:)) ?? .declared
    }

    /// Per importing target, the selected targets it imports.
    var edges: [TargetID: [(to: TargetID, site: GraphView.ImportSite)]] = [:]

    /// Reads the selected targets' sources (through the file cache unless `--no-cache`).
    init(_ loaded: LoadedGraph, selected: Set<TargetID>, arguments: ParsedArguments, context: CommandContext) {
        let cache = PackageOptions.cacheFolder(arguments, context: context).map { FileImportCache(cacheFolder: $0, root: loaded.root) }
        let scan = SourceScan.scan(loaded, cache: cache, only: selected)
        let graph = loaded.graph
        for target in graph.targets where selected.contains(target.id) {
            var sites: [TargetID: GraphView.ImportSite] = [:]
            var order: [TargetID] = []
            for file in (scan.sources[target.id] ?? []).sorted(by: { $0.path < $1.path }) {
                for declaration in file.imports.sorted(by: { $0.position < $1.position }) {
                    guard let to = graph.targets(importedAs: declaration.module, from: target.id).first, to != target.id, selected.contains(to) else { continue }
                    let conditional = declaration.conditionDepth > 0
                    if var site = sites[to] {
                        site.count += 1
                        site.isConditional = site.isConditional && conditional
                        sites[to] = site
                    } else {
                        sites[to] = GraphView.ImportSite(file: file.path, line: declaration.position.line, isConditional: conditional, count: 1)
                        order.append(to)
                    }
                }
            }
            if !order.isEmpty { edges[target.id] = order.map { ($0, sites[$0]!) } }
        }
    }

    /// The edges between drawn nodes, by the node ids `GraphView` gives targets.
    var viewEdges: [GraphView.ImportEdge] {
        edges.flatMap { from, list in list.map { GraphView.ImportEdge(from: from.description, to: $0.to.description, site: $0.site) } }
    }

    /// The JSON document's `imports` per target, `declared` telling whether a dependency backs it.
    func jsonEntries(_ graph: ModuleGraph) -> [TargetID: [GraphJSONRenderer.ImportEntry]] {
        edges.mapValues { list in
            list.map { to, site in
                GraphJSONRenderer.ImportEntry(target: to.name, package: to.package, file: site.file, line: site.line, count: site.count,
                                              conditional: site.isConditional, declared: false)
            }
        }.reduce(into: [:]) { result, pair in
            let declared = Set(graph.dependencies(of: pair.key).compactMap { dependency -> TargetID? in
                if case .target(let id) = dependency.node { return id }
                return nil
            })
            result[pair.key] = pair.value.map { entry in
                var entry = entry
                entry.declared = declared.contains(TargetID(package: entry.package, name: entry.target))
                return entry
            }.sorted { ($0.package, $0.target) < ($1.package, $1.target) }
        }
    }
}
