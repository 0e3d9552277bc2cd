import Diagnostics
import Engine
import ModuleGraph

/// The paths `why` shows: to a target of the graph, or to a product of a remote package (named
/// by the product or by one of its modules), where each path ends with the declaration that
/// brings the product in.
struct WhyPaths {
    /// A path as shown: names from the start, and how each one reaches the next.
    struct Path {
        var names: [String]
        var hops: [EdgeKinds]
        /// Per hop: how the declared dependency arrived (nil for an import the manifest does not
        /// declare, and for the declaration of a remote product).
        var arrivals: [DependencyEdge.Arrival?] = []
    }

    var to: String
    var paths: [Path]
    /// How many paths were not shown because of the limit; nil when they could not be counted
    /// (imports that form a cycle), and 0 when every path is shown.
    var notShown: Int?

    /// What FROM and TO name: a target, or the remote products that provide the name.
    static func find(from fromName: String, to toName: String, in graph: ModuleGraph, limit: Int,
                     importEdges: [TargetID: Set<TargetID>]) throws -> (from: Target, paths: WhyPaths) {
        let from = try TargetLookup.find(fromName, in: graph)
        if !graph.targets(named: toName).isEmpty {
            let to = try TargetLookup.find(toName, in: graph)
            let paths = graph.paths(from: from.id, to: to.id, limit: limit, importEdges: importEdges)
            let total = graph.pathCount(from: from.id, to: to.id, importEdges: importEdges)
            return (from, WhyPaths(to: graph.displayName(to.id), paths: paths.map { shown($0, in: graph) },
                                   notShown: total.map { max(0, $0 - paths.count) }))
        }
        let products = graph.externalProducts.filter { $0.name == toName || $0.modules.contains(toName) }
        guard !products.isEmpty else {
            let names = graph.targets.map(\.name) + graph.externalProducts.map(\.name)
            let suggestion = Suggestion.closest(to: toName, among: names).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError.invalid("no target, remote product or module of one named '\(toName)'\(suggestion)")
        }
        // Every target that declares one of the products ends a path; the product is the last hop.
        var candidates: [Path] = []
        var total: Int? = 0
        for target in graph.targets {
            let declared = graph.dependencies(of: target.id).compactMap { dependency -> ExternalProduct? in
                guard case .external(let package, let product) = dependency.node else { return nil }
                return products.first { $0.package == package && $0.name == product }
            }
            guard let product = Set(declared).sorted(by: { ($0.package, $0.name) < ($1.package, $1.name) }).first else { continue }
            let label = "\(product.name) (\(product.package))"
            let toDeclarer = target.id == from.id
                ? [Path(names: [graph.displayName(from.id)], hops: [])]
                : graph.paths(from: from.id, to: target.id, limit: limit, importEdges: importEdges).map { shown($0, in: graph) }
            candidates += toDeclarer.map { path in
                Path(names: path.names + [label], hops: path.hops + [.manifest], arrivals: path.arrivals + [
                    graph.dependencies(of: target.id).first { $0.node == .external(package: product.package, product: product.name) }?.edge.arrival,
                ])
            }
            let count = target.id == from.id ? 1 : graph.pathCount(from: from.id, to: target.id, importEdges: importEdges)
            total = total.flatMap { sum in count.map { sum.addingReportingOverflow($0).overflow ? .max : sum + $0 } }
        }
        // Shortest first, then by name, as for paths between targets.
        candidates.sort { $0.names.count != $1.names.count ? $0.names.count < $1.names.count : $0.names.lexicographicallyPrecedes($1.names) }
        let paths = Array(candidates.prefix(limit))
        let to = products.count == 1 ? "\(products[0].name) (\(products[0].package))" : toName
        return (from, WhyPaths(to: to, paths: paths, notShown: total.map { max(0, $0 - paths.count) }))
    }

    private static func shown(_ path: DependencyPath, in graph: ModuleGraph) -> Path {
        let arrivals = zip(path.targets, path.targets.dropFirst()).map { from, to in
            graph.dependencies(of: from).first { $0.node == .target(to) }?.edge.arrival
        }
        return Path(names: path.targets.map(graph.displayName), hops: path.hops, arrivals: arrivals)
    }
}
