import Diagnostics
import Engine
import PackageLoading
import ModuleGraph
import Reporting
import Rules

/// `bulkhead report`: the offline architecture page, the module graph and the check's findings in
/// one self-contained HTML file a reviewer opens in any browser, with no network.
enum ReportCommand: Command {
    static let name = "report"
    static let summary = "Write an offline HTML page of the module graph and the check's findings."
    static let usage = "report [--package-path PATH] [--config FILE] [--preset NAME] [--format html|json] [--output FILE] [--cluster layer|package|folder] [--collapse layer|package|folder] [--exclude-tests]"
    static let discussion = """
    Checks the package as `bulkhead check` does, then writes one HTML file that needs nothing
    else: no network, no CDN, no script library. The module graph is laid out by Bulkhead in
    layers (dependants left of what they use), coloured and grouped by layer when layers are
    configured, else by package (--cluster package groups by package anyway), and opens fitted
    to the window. Above 60 modules it opens collapsed, one box per layer or package; a click on
    a box opens that cluster among the others, and "All modules" shows the whole graph. Search
    narrows the drawing to matching modules; a click on a module focuses it with its
    dependencies, its dependants, or both, to a chosen depth. Edges a finding reports are drawn
    red for the selection (dotted when only an import, no declaration, makes them), and all of
    them with "Show every finding edge". Findings are grouped by severity and rule with their
    counts, notes apart; a click on one focuses its edge. The same input writes the same bytes.

    --format json writes the run's findings instead of the page, byte for byte what
    `bulkhead check --format json` writes for the same run.

    Without --output the page goes to standard output. The exit status is 0 when the page was
    written, whatever it shows; `bulkhead check` is the gate.
    """

    static let options: [OptionDefinition] = CheckOptions.definitions + [
        .value(.format, "FORMAT", help: "html (default): the page; json: the findings as `check --format json` writes them.", choices: PageFormat.allCases.map(\.rawValue)),
        .value(.output, "FILE", help: "Write the page to FILE (replaced atomically) instead of standard output."),
        .value(.baseline, "FILE", help: "The baseline to compare with (default: bulkhead-baseline.json in the package, if present)."),
        GraphDrawing.collapseOption,
        GraphDrawing.clusterOption,
        .flag(.excludeTests, help: "Leave test targets out of the drawing."),
    ]

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        guard arguments.positionals.isEmpty else { throw UsageError.unexpectedArgument(arguments.positionals[0], command: name) }
        var request = try CheckOptions.request(arguments, context: context)
        // --exclude-tests here leaves tests out of the drawing; the check is of every target.
        request.targets = nil
        let run = try CheckOptions.run(request, arguments: arguments, context: context)
        if arguments.value(.format).flatMap(PageFormat.init(rawValue:)) == .json {
            // The run's findings as check writes them: the same run, so the same bytes.
            let report = CheckCommand.report(of: run, result: run.result, strict: false, colored: false, context: context)
            let rendered = try Reporters.standard.reporter(for: .json).renderedBytes(report)
            try CheckOptions.writeReport(rendered, of: run, arguments: arguments, context: context)
            return .clean
        }
        let result = run.result
        let graph = run.workspace.graph
        let selected = Set(graph.targets.filter { !(arguments.isSet(.excludeTests) && $0.isTest) }.map(\.id))
        let collapse = GraphDrawing.collapse(arguments)
        let view = try GraphDrawing.view(graph, configuration: run.workspace.configuration, root: run.loaded.root,
                                         selected: selected, focus: nil, clusterBy: try GraphDrawing.grouping(arguments), collapsing: collapse != nil)
        let findings = collapse == nil ? graphFindings(result, problems: run.scan.problems + run.loadFindings, graph: graph, view: view)
            : run.diagnostics.map { unplaced($0) }
        // What each app, extension and framework holds, below the findings: for a repository
        // that makes binaries other than its packages' tests.
        let images = BinaryImages(graph: graph)
        var footprint: FootprintReport?
        if images.images.contains(where: { $0.kind != .packageTests }) {
            footprint = FootprintCommand.report(of: graph, root: run.loaded.root, images: images)
        }
        let page = HTMLRenderer.render(view, findings: findings, toolVersion: BulkheadCLI.version, footprint: footprint)
        try CheckOptions.writeReport(Array(page.utf8), of: run, arguments: arguments, context: context)
        if let output = arguments.value(.output), !arguments.isSet(.quiet) {
            context.standardError.writeLine("bulkhead: \(view.nodes.count) modules and \(findings.count) findings drawn; report written to \(output)")
        }
        return .clean
    }

    /// The two things `report` writes.
    enum PageFormat: String, CaseIterable {
        case html, json
    }

    /// The shown diagnostics, each tied to the edge its finding is about: from the finding's
    /// target to the module it names, when both are drawn.
    static func graphFindings(_ result: CheckResult, problems: [Diagnostic], graph: ModuleGraph, view: GraphView) -> [GraphFinding] {
        var findingOf: [Diagnostic: Finding] = [:]
        for placed in result.findings { findingOf[placed.diagnostic] = placed.finding }
        let drawn = Set(view.nodes.map(\.id))
        let externalBySuffix = Dictionary(view.nodes.filter(\.isExternal).map { ($0.id.split(separator: "/").last.map(String.init) ?? $0.id, $0.id) },
                                          uniquingKeysWith: { first, _ in first })
        return (result.diagnostics + problems).sorted().map { diagnostic in
            var shown = unplaced(diagnostic)
            guard let finding = findingOf[diagnostic] else { return shown }
            let from = finding.target.description
            guard drawn.contains(from) else { return shown }
            shown.from = from
            let candidates = graph.targets(named: finding.subject).map(\.id)
            let to = candidates.first { $0.package == finding.target.package } ?? candidates.first
            if let to, drawn.contains(to.description) {
                shown.to = to.description
            } else {
                shown.to = externalBySuffix[finding.subject]
            }
            return shown
        }
    }

    private static func unplaced(_ diagnostic: Diagnostic) -> GraphFinding {
        let location = diagnostic.location.map { location in
            [location.path, location.line.map(String.init), location.column.map(String.init)].compactMap { $0 }.joined(separator: ":")
        }
        return GraphFinding(severity: diagnostic.severity, rule: diagnostic.code, message: diagnostic.message, location: location, from: nil, to: nil)
    }
}
