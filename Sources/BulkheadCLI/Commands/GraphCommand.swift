import Configuration
import Inputs
import ModuleGraph
import Reporting
import Rules

/// `bulkhead graph`: the module graph as DOT, Mermaid or JSON, whole or around one target.
enum GraphCommand: Command {
    static let name = "graph"
    static let summary = "Draw the module graph as DOT, Mermaid or JSON."
    static let usage = "graph [--package-path PATH] [--format dot|mermaid|json] [--focus TARGET [--depth N]] [--exclude-tests]"
    static let discussion = """
    Reads the package (or every package below a folder) through the toolchain and prints its
    targets and their declared dependencies. When layers are configured (bulkhead.json,
    --config or --preset), each layer is a cluster; otherwise, with several local packages,
    each package is one. Edges cross packages. Products of remote packages are drawn as separate nodes
    (dashed when their module name is only assumed, because no checkout was found).

    --focus draws one target with what it depends on and what depends on it; --depth limits
    both to N steps. --exclude-tests leaves test targets out.

    Render DOT with Graphviz: bulkhead graph | dot -Tsvg > graph.svg
    """

    enum Format: String, CaseIterable {
        case dot, mermaid, json
    }

    static let options: [OptionDefinition] = PackageOptions.definitions + ConfigurationOptions.definitions + [
        .value("format", "FORMAT", help: "dot (default), mermaid or json.", choices: Format.allCases.map(\.rawValue)),
        .value("focus", "TARGET", help: "Draw only this target's neighbourhood."),
        .value("depth", "N", help: "With --focus: how many steps to follow in each direction."),
        .flag("exclude-tests", help: "Leave test targets out."),
    ]

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        guard arguments.positionals.isEmpty else { throw UsageError.unexpectedArgument(arguments.positionals[0], command: name) }
        let format = arguments.value("format").flatMap(Format.init(rawValue:)) ?? .dot
        var depth: Int?
        if let text = arguments.value("depth") {
            guard let value = Int(text), value >= 0 else { throw UsageError.invalid("--depth takes a whole number of steps, 0 or more; got '\(text)'") }
            guard arguments.value("focus") != nil else { throw UsageError.invalid("--depth limits the steps around --focus; give --focus TARGET too") }
            depth = value
        }
        let location = PackageOptions.location(arguments, context: context)
        let (_, configuration) = try ConfigurationOptions.load(arguments, packagePath: location.root.path, context: context)
        let loaded = try PackageOptions.loadGraph(arguments, context: context, location: location, configuration: configuration)
        let graph = loaded.graph
        let excludeTests = arguments.isSet("exclude-tests")

        var selected = Set(graph.targets.filter { !(excludeTests && $0.isTest) }.map(\.id))
        var focus: TargetID?
        if let name = arguments.value("focus") {
            let target = try TargetLookup.find(name, in: graph)
            focus = target.id
            let around = Set(graph.reachable(from: [target.id], direction: .dependencies, maximumDepth: depth).keys)
                .union(graph.reachable(from: [target.id], direction: .dependants, maximumDepth: depth).keys)
            selected = selected.intersection(around).union([target.id])
        }

        switch format {
        case .json:
            context.standardOutput.write(try GraphJSONRenderer.render(graph, selected: selected))
        case .dot, .mermaid:
            // Clusters: one per layer when layers are configured, else one per local package when there are several.
            let assignment = configuration.layers.isEmpty ? nil : LayerAssignment(graph: graph, layers: configuration.layers)
            let fallbackTitle = loaded.root.split(separator: "/").last.map(String.init) ?? "Packages"
            let view = GraphView(graph, selected: selected, focus: focus, layerOf: assignment.map { assignment in { assignment.layer(of: $0)?.name } },
                                 layerOrder: configuration.layers.map(\.name), fallbackTitle: fallbackTitle)
            context.standardOutput.write(format == .dot ? DOTRenderer.render(view) : MermaidRenderer.render(view))
        }
        return .clean
    }
}
