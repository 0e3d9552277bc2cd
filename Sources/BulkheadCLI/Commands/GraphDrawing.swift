import Configuration
import Inputs
import ModuleGraph
import Reporting
import Rules

/// How `graph` and `report` turn a loaded graph into a `GraphView`: clusters by layer when layers
/// are configured (else by package when there are several), or by what `--collapse` names, then
/// one node per cluster when collapsing.
enum GraphDrawing {
    enum Collapse: String, CaseIterable {
        case layer, package
    }

    static let collapseOption = OptionDefinition.value(
        "collapse", "BY", help: "layer or package: one node per layer or package, edges labelled with how many dependencies they stand for.",
        choices: Collapse.allCases.map(\.rawValue))

    static func collapse(_ arguments: ParsedArguments) -> Collapse? {
        arguments.value("collapse").flatMap(Collapse.init(rawValue:))
    }

    static func view(_ graph: ModuleGraph, configuration: Configuration, root: String, selected: Set<TargetID>, focus: TargetID?,
                     clusterBy collapse: Collapse?) throws -> GraphView {
        let fallbackTitle = root.split(separator: "/").last.map(String.init) ?? "Packages"
        let layerOf: ((TargetID) -> String?)?
        var order = configuration.layers.map(\.name)
        switch collapse {
        case .package:
            let names = Dictionary(graph.packages.map { ($0.identity, $0.name) }, uniquingKeysWith: { first, _ in first })
            layerOf = { names[$0.package] ?? $0.package }
            order = []
        case .layer:
            guard !configuration.layers.isEmpty else {
                throw UsageError.invalid("--collapse layer needs layers: configure them in bulkhead.json, or give --config or --preset; or use --collapse package")
            }
            fallthrough
        case nil:
            let assignment = configuration.layers.isEmpty ? nil : LayerAssignment(graph: graph, layers: configuration.layers)
            layerOf = assignment.map { assignment in { assignment.layer(of: $0)?.name } }
        }
        let view = GraphView(graph, selected: selected, focus: focus, layerOf: layerOf, layerOrder: order, fallbackTitle: fallbackTitle)
        guard let collapse else { return view }
        return view.collapsed(unclustered: collapse == .layer ? "(no layer)" : "(no package)")
    }
}
