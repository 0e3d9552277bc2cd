import Configuration
import PackageLoading
import ModuleGraph
import Reporting
import Rules

/// How `graph` and `report` turn a loaded graph into a `GraphView`: clusters by layer when layers
/// are configured (else by package when there are several), or by what `--collapse` names, then
/// one node per cluster when collapsing.
enum GraphDrawing {
    enum Collapse: String, CaseIterable {
        case layer, package, folder
    }

    static let collapseOption = OptionDefinition.value(
        .collapse, "BY", help: "layer, package or folder: one node per layer, package or folder, edges labelled with how many dependencies they stand for.",
        choices: Collapse.allCases.map(\.rawValue))

    static let clusterOption = OptionDefinition.value(
        .cluster, "BY", help: "layer, package or folder (the folder holding each target's folder): what the drawing groups modules by (default: layers when configured, else packages).",
        choices: Collapse.allCases.map(\.rawValue))

    static func collapse(_ arguments: ParsedArguments) -> Collapse? {
        arguments.value(.collapse).flatMap(Collapse.init(rawValue:))
    }

    /// What `--cluster` or `--collapse` groups by; both at once must agree.
    static func grouping(_ arguments: ParsedArguments) throws -> Collapse? {
        let cluster = arguments.value(.cluster).flatMap(Collapse.init(rawValue:))
        if let cluster, let collapse = collapse(arguments), cluster != collapse {
            throw UsageError.invalid("--cluster \(cluster.rawValue) and --collapse \(collapse.rawValue) group differently; --collapse alone says both")
        }
        return collapse(arguments) ?? cluster
    }

    /// `imports`: with `graph --edges imports|both`, the import edges and which edges to draw,
    /// applied before collapsing.
    static func view(_ graph: ModuleGraph, configuration: Configuration, root: String, selected: Set<TargetID>, focus: TargetID?,
                     clusterBy grouping: Collapse?, collapsing: Bool,
                     imports: (edges: [GraphView.ImportEdge], source: GraphEdgeSource)? = nil) throws -> GraphView {
        let fallbackTitle = root.split(separator: "/").last.map(String.init) ?? "Packages"
        let layerOf: ((TargetID) -> String?)?
        var order = configuration.layers.map(\.name)
        switch grouping {
        case .package:
            let names = Dictionary(graph.packages.map { ($0.identity, $0.name) }, uniquingKeysWith: { first, _ in first })
            layerOf = { names[$0.package] ?? $0.package }
            order = []
        case .folder:
            // The folder holding the target's own: Sources/Features for Sources/Features/Search.
            layerOf = { id in
                guard let target = graph.target(id) else { return nil }
                let folder = LayerAssignment.folderFromRoot(of: target, in: graph)
                return folder.split(separator: "/").dropLast().joined(separator: "/").nilIfEmpty ?? "."
            }
            order = []
        case .layer:
            guard !configuration.layers.isEmpty else {
                throw UsageError.invalid("--\(collapsing ? "collapse" : "cluster") layer needs layers: configure them in bulkhead.json, or give --config or --preset; or use --collapse package")
            }
            fallthrough
        case nil:
            let assignment = configuration.layers.isEmpty ? nil : LayerAssignment(graph: graph, layers: configuration.layers)
            layerOf = assignment.map { assignment in { assignment.layer(of: $0)?.name } }
        }
        var view = GraphView(graph, selected: selected, focus: focus, layerOf: layerOf, layerOrder: order, fallbackTitle: fallbackTitle)
        if let imports { view = view.withImports(imports.edges, source: imports.source) }
        guard collapsing, let grouping else { return view }
        return view.collapsed(unclustered: grouping == .layer ? "(no layer)" : grouping == .folder ? "(no folder)" : "(no package)")
    }
}

private extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
