import Configuration
import Engine
import PackageLoading
import ModuleGraph
import Reporting
import Rules

/// `bulkhead graph`: the module graph as DOT, Mermaid, JSON or an HTML page, whole, around one
/// target, or collapsed to one node per layer or package.
enum GraphCommand: Command {
    static let name = "graph"
    static let summary = "Draw the module graph as DOT, Mermaid, JSON or HTML."
    static let usage = "graph [--package-path PATH] [--format dot|mermaid|json|html] [--edges declared|imports|both] [--collapse layer|package|folder | --cluster layer|package|folder] [--focus TARGET [--depth N]] [--exclude-tests]"
    static let discussion = """
    Reads the package (or every package below a folder) through the toolchain and prints its
    targets and their declared dependencies. When layers are configured (bulkhead.json,
    --config or --preset), each layer is a cluster; otherwise, with several local packages,
    each package is one. Edges cross packages. Products of remote packages are drawn as separate nodes
    (dashed when their module name is only assumed, because no checkout was found).

    --edges imports draws what the sources import between the drawn targets instead of what
    is declared (the scanner reads them; nothing is built): each edge labelled with its first
    import (File.swift:3, +N for more, #if when every one is conditional), dotted and red when no
    declared dependency backs it. --edges both draws the declared edges and those imports, with
    declared edges no source imports in grey. JSON lists each target's imports (file, line,
    count, conditional, declared). --cluster folder groups targets by the folder holding theirs.

    --focus draws one target with what it depends on and what depends on it; --depth limits
    both to N steps. --exclude-tests leaves test targets out. With --format json, a focused
    target of an Xcode project lists its build settings per configuration as resolved
    (.xcconfig files, $(inherited), conditions), and project targets their platforms.

    --cluster package groups by package even where layers are configured (--cluster layer
    insists on layers). --collapse layer draws one node per layer, --collapse package one per package, each edge
    labelled with how many module dependencies it stands for: a graph of a hundred targets
    becomes one a page can hold. DOT and HTML carry a legend of the marks they use (dashed
    edges lead to remote products; a name ending in (?) is a module name assumed because no
    checkout was found). Mermaid refuses flowcharts of more than 500 edges, so past that the
    Mermaid output is collapsed by layer (or by package without layers), with a warning.

    --format html writes one self-contained page (no network): the graph laid out by Bulkhead,
    with search and focus; `bulkhead report` adds the findings of a check.

    Render DOT with Graphviz: bulkhead graph | dot -Tsvg > graph.svg
    """

    enum Format: String, CaseIterable {
        case dot, mermaid, json, html
    }

    static let options: [OptionDefinition] = PackageOptions.definitions + ConfigurationOptions.definitions + [
        .value(.format, "FORMAT", help: "dot (default), mermaid, json or html.", choices: Format.allCases.map(\.rawValue)),
        GraphDrawing.collapseOption,
        GraphDrawing.clusterOption,
        GraphImports.option,
        .value(.focus, "TARGET", help: "Draw only this target's neighbourhood."),
        .value(.depth, "N", help: "With --focus: how many steps to follow in each direction."),
        .flag(.excludeTests, help: "Leave test targets out."),
    ]

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        guard arguments.positionals.isEmpty else { throw UsageError.unexpectedArgument(arguments.positionals[0], command: name) }
        let format = arguments.value(.format).flatMap(Format.init(rawValue:)) ?? .dot
        var depth: Int?
        if let text = arguments.value(.depth) {
            guard let value = Int(text), value >= 0 else { throw UsageError.invalid("--depth takes a whole number of steps, 0 or more; got '\(text)'") }
            guard arguments.value(.focus) != nil else { throw UsageError.invalid("--depth limits the steps around --focus; give --focus TARGET too") }
            depth = value
        }
        let location = PackageOptions.location(arguments, context: context)
        let (_, configuration) = try ConfigurationOptions.load(arguments, packagePath: location.root.path, context: context)
        let loaded = try PackageOptions.loadGraph(arguments, context: context, location: location, configuration: configuration)
        let graph = loaded.graph
        let excludeTests = arguments.isSet(.excludeTests)

        var selected = Set(graph.targets.filter { !(excludeTests && $0.isTest) }.map(\.id))
        var focus: TargetID?
        if let name = arguments.value(.focus) {
            let target = try TargetLookup.find(name, in: graph)
            focus = target.id
            let around = Set(graph.reachable(from: [target.id], direction: .dependencies, maximumDepth: depth).keys)
                .union(graph.reachable(from: [target.id], direction: .dependants, maximumDepth: depth).keys)
            selected = selected.intersection(around).union([target.id])
        }

        let edgeSource = GraphImports.source(arguments)
        let imports = edgeSource == .declared ? nil : GraphImports(loaded, selected: selected, arguments: arguments, context: context)
        let importEdges = imports.map { (edges: $0.viewEdges, source: edgeSource) }
        var collapse = GraphDrawing.collapse(arguments)
        let grouping = try GraphDrawing.grouping(arguments)
        if collapse != nil && format == .json {
            throw UsageError.invalid("--collapse draws groups; the JSON graph lists every target. Use --format dot, mermaid or html")
        }
        switch format {
        case .json:
            // The focused target's resolved build settings: the debugging view of how Xcode's
            // settings were read.
            var settings: [TargetID: [String: [String: String]]] = [:]
            if let focus, let resolved = loaded.projects[focus.package]?.targets.first(where: { $0.name == focus.name })?.buildSettings {
                settings[focus] = resolved
            }
            context.standardOutput.write(try GraphJSONRenderer.render(graph, selected: selected, buildSettings: settings, imports: imports?.jsonEntries(graph)))
        case .dot, .mermaid, .html:
            var view = try GraphDrawing.view(graph, configuration: configuration, root: loaded.root, selected: selected, focus: focus,
                                             clusterBy: grouping, collapsing: collapse != nil, imports: importEdges)
            if format == .mermaid && collapse == nil && view.edges.count > MermaidRenderer.edgeLimit {
                collapse = configuration.layers.isEmpty ? .package : .layer
                view = try GraphDrawing.view(graph, configuration: configuration, root: loaded.root, selected: selected, focus: focus,
                                             clusterBy: collapse, collapsing: true, imports: importEdges)
                context.standardError.writeLine("warning: \(selected.count) targets have more dependencies than Mermaid draws (\(MermaidRenderer.edgeLimit)); "
                    + "drew one node per \(collapse?.rawValue ?? "group") instead. Use --focus TARGET, or --format dot or html for every target")
            }
            switch format {
            case .dot: context.standardOutput.write(DOTRenderer.render(view))
            case .mermaid: context.standardOutput.write(MermaidRenderer.render(view))
            default: context.standardOutput.write(HTMLRenderer.render(view, findings: [], toolVersion: BulkheadCLI.version))
            }
        }
        return .clean
    }
}
