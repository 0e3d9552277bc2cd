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
        let packagePath = FileSystem.absolutePath(arguments.value("package-path") ?? ".", relativeTo: context.currentDirectory)
        let (_, configuration) = try ConfigurationOptions.load(arguments, packagePath: packagePath, context: context)
        let loaded = try PackageOptions.loadGraph(arguments, context: context)
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
            do {
                context.standardOutput.write(try GraphJSONRenderer.render(graph, selected: selected))
            } catch {
                context.standardError.writeLine("error: \(error.message)")
                return .failure
            }
        case .dot:
            context.standardOutput.write(DOTRenderer.render(view(of: graph, selected: selected, focus: focus, root: loaded, layers: configuration.layers)))
        case .mermaid:
            context.standardOutput.write(MermaidRenderer.render(view(of: graph, selected: selected, focus: focus, root: loaded, layers: configuration.layers)))
        }
        return .clean
    }

    /// What to draw: the selected targets, the remote products they use, the edges among them,
    /// and clusters: one per layer when layers are configured, else one per package when there
    /// are several.
    static func view(of graph: ModuleGraph, selected: Set<TargetID>, focus: TargetID?, root: LoadedGraph,
                     layers: [Configuration.Layer] = []) -> GraphView {
        let localPackages = graph.packages.filter(\.isLocal)
        let assignment = layers.isEmpty ? nil : LayerAssignment(graph: graph, layers: layers)
        let packageNames = Dictionary(localPackages.map { ($0.identity, $0.name) }, uniquingKeysWith: { first, _ in first })
        func cluster(of target: TargetID) -> String? {
            if let assignment { return assignment.layer(of: target)?.name }
            return localPackages.count > 1 ? packageNames[target.package] : nil
        }
        var nodes: [GraphView.Node] = []
        var edges: [GraphView.Edge] = []
        var externals: [String: GraphView.Node] = [:]
        for target in graph.targets where selected.contains(target.id) {
            nodes.append(GraphView.Node(
                id: target.id.description, label: graph.displayName(target.id), kind: .target(target.kind),
                cluster: cluster(of: target.id), isFocus: target.id == focus))
            for dependency in graph.dependencies(of: target.id) {
                let condition = dependency.edge.condition.map(\.description)
                switch dependency.node {
                case .target(let id) where selected.contains(id):
                    edges.append(GraphView.Edge(from: target.id.description, to: id.description, condition: condition))
                case .target:
                    continue
                case .external(let package, let product):
                    let id = "external:\(package)/\(product)"
                    externals[id] = GraphView.Node(id: id, label: dependency.isGuess ? "\(product) (?)" : product, kind: .external(isGuess: dependency.isGuess))
                    edges.append(GraphView.Edge(from: target.id.description, to: id, condition: condition))
                }
            }
        }
        let title = graph.packages.first { $0.localPath == "." }?.name ?? root.root.split(separator: "/").last.map(String.init) ?? "Packages"
        return GraphView(title: title, nodes: nodes + externals.values, edges: Array(Set(edges)), clusterOrder: layers.map(\.name))
    }
}
