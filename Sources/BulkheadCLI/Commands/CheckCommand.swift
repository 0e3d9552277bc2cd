import Diagnostics
import Foundation
import Inputs
import ModuleGraph
import Reporting
import Rules

/// `bulkhead check`: load the graph, scan the sources, run the rules, report.
enum CheckCommand: Command {
    static let name = "check"
    static let summary = "Check the package against its architecture rules."
    static let usage = "check [--package-path PATH] [--config FILE] [--preset NAME] [--format text|xcode|json] [--strict]"
    static let discussion = """
    Reads the configuration (bulkhead.json in the package, --config FILE, or --preset NAME;
    without any, only the rules that need no layers run), loads the package graph through the
    toolchain, scans every Swift source, and reports each violation once: a manifest finding
    points at the target's line in Package.swift, a source finding at its import.

    --format xcode prints `path:line:column: error: message [rule-id]` with paths relative to
    the working folder, so Xcode and editors show findings inline. Run 'bulkhead rules' for the
    rules and 'bulkhead explain RULE' for one of them.

    EXIT STATUS: 0 no errors (no warnings either, with --strict); 1 violations; 2 Bulkhead could
    not run (a bad configuration, a manifest that does not compile, an unreadable source);
    64 usage error.
    """

    static let options: [OptionDefinition] = PackageOptions.definitions + [
        .value("config", "FILE", help: "The configuration file (default: bulkhead.json in the package, if present)."),
        .value("preset", "NAME", help: "Use a preset's configuration: \(Presets.all.keys.sorted().joined(separator: ", ")). Overrides the file's preset."),
        .value("format", "FORMAT", help: "text (default), xcode or json.", choices: ReportFormat.allCases.map(\.rawValue)),
        .flag("strict", help: "Fail on warnings too."),
    ]

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> ExitStatus {
        guard arguments.positionals.isEmpty else { throw .unexpectedArgument(arguments.positionals[0], command: name) }
        let format = arguments.value("format").flatMap(ReportFormat.init(rawValue:)) ?? .text
        let quiet = arguments.isSet("quiet")
        let packagePath = FileSystem.absolutePath(arguments.value("package-path") ?? ".", relativeTo: context.currentDirectory)

        // The configuration first: a mistake there should not wait for the toolchain.
        guard let (configurationFile, configuration) = loadConfiguration(arguments, packagePath: packagePath, context: context) else {
            return .failure
        }

        let loaded: LoadedGraph
        switch try PackageOptions.loadGraph(arguments, context: context) {
        case .success(let graph): loaded = graph
        case .failure(let error):
            context.standardError.writeLine("error: \(error.message)")
            return .failure
        }
        PackageOptions.report(loaded.warnings, context: context, quiet: quiet)
        let graphProblems = configuration.problems(against: loaded.graph)
        guard graphProblems.isEmpty else {
            reportConfigurationProblems(graphProblems, file: configurationFile, context: context)
            return .failure
        }

        let scanned = SourceImports.scan(loaded)
        let input = CheckInput(graph: loaded.graph, sources: scanned.sources, configuration: configuration)
        let findings = Checker.run(input)
        var places = ManifestPlaces(loaded: loaded)
        var diagnostics = places.diagnostics(for: findings, graph: loaded.graph) + scanned.problems
        diagnostics.sort()

        let summary = CheckSummary(targets: loaded.graph.targets.filter { $0.isTest || !$0.sources.isEmpty }.count,
                                   files: scanned.fileCount, diagnostics: diagnostics)
        switch format {
        case .text:
            let colored = context.usesColor(context.standardOutput, choice: ColorChoice(rawValue: arguments.value("color") ?? "auto") ?? .auto)
            context.standardOutput.write(TextReporter.render(diagnostics, summary: summary, colored: colored))
        case .xcode:
            let relocated = diagnostics.map { relativeToWorkingFolder($0, root: loaded.root, workingFolder: context.currentDirectory) }
            context.standardOutput.write(XcodeReporter.render(relocated))
            if !quiet { context.standardError.writeLine("bulkhead: \(summary.sentence)") }
        case .json:
            context.standardOutput.write(JSONReporter.render(diagnostics, summary: summary))
        }
        if scanned.unreadableCount > 0 { return .failure }
        let failing = diagnostics.contains { $0.severity == .error || (arguments.isSet("strict") && $0.severity == .warning) }
        return failing ? .violations : .clean
    }

    /// The file's configuration with the preset applied, or the preset alone, or the defaults,
    /// with the file's name as shown. Problems are printed here, and nil returned.
    private static func loadConfiguration(_ arguments: ParsedArguments, packagePath: String, context: CommandContext)
        -> (String, Configuration)? {
        let explicit = arguments.value("config").map { FileSystem.absolutePath($0, relativeTo: context.currentDirectory) }
        let file = explicit ?? packagePath + "/bulkhead.json"
        let display = FileSystem.relativePath(file, to: context.currentDirectory)
        let result: Result<Configuration, ConfigurationProblems>
        if FileSystem.fileExists(file) || explicit != nil {
            let data: Data
            do {
                data = try FileSystem.contents(of: file)
            } catch {
                context.standardError.writeLine("error: \(error.message); pass --config with the configuration file")
                return nil
            }
            result = ConfigurationParser.parse(data, preset: arguments.value("preset"))
        } else if let preset = arguments.value("preset") {
            result = ConfigurationParser.preset(named: preset)
        } else {
            result = .success(Configuration())
        }
        switch result {
        case .success(let configuration):
            return (display, configuration)
        case .failure(let problems):
            reportConfigurationProblems(problems.problems, file: display, context: context)
            return nil
        }
    }

    private static func reportConfigurationProblems(_ problems: [ConfigurationProblem], file: String, context: CommandContext) {
        let count = problems.count == 1 ? "a problem" : "\(problems.count) problems"
        context.standardError.writeLine("error: \(file) has \(count):")
        for problem in problems { context.standardError.writeLine("  \(problem)") }
    }

    private static func relativeToWorkingFolder(_ diagnostic: Diagnostic, root: String, workingFolder: String) -> Diagnostic {
        guard var location = diagnostic.location else { return diagnostic }
        location.path = FileSystem.relativePath(FileSystem.absolutePath(location.path, relativeTo: root), to: workingFolder)
        var moved = diagnostic
        moved.location = location
        return moved
    }
}

/// Gives manifest findings their line in the right `Package.swift`, reading each manifest once.
struct ManifestPlaces {
    let loaded: LoadedGraph
    private var locators: [String: ManifestLocator] = [:]

    init(loaded: LoadedGraph) { self.loaded = loaded }

    mutating func diagnostics(for findings: [Finding], graph: ModuleGraph) -> [Diagnostic] {
        findings.map { finding in
            let location: SourceLocation
            switch finding.place {
            case .source(let path, let line, let column, _):
                location = SourceLocation(path: path, line: line, column: column)
            case .manifest(let dependency):
                let manifest = manifestPath(of: finding.target.package)
                let locator = self.locator(for: manifest)
                let place = dependency.map { locator.location(ofDependency: $0, inTarget: finding.target.name) }
                    ?? locator.location(ofTarget: finding.target.name)
                location = SourceLocation(path: manifest, line: place.line, column: place.column)
            }
            return Diagnostic(severity: finding.severity, code: finding.ruleID, message: finding.message,
                              location: location, target: graph.displayName(finding.target), notes: finding.notes)
        }
    }

    /// `Package.swift` of a package, relative to the loaded folder.
    private func manifestPath(of package: String) -> String {
        let folder = loaded.graph.package(package)?.localPath ?? "."
        return folder == "." ? "Package.swift" : "\(folder)/Package.swift"
    }

    private mutating func locator(for manifest: String) -> ManifestLocator {
        if let cached = locators[manifest] { return cached }
        let text = (try? FileSystem.contents(of: FileSystem.absolutePath(manifest, relativeTo: loaded.root)))
            .map { String(decoding: $0, as: UTF8.self) } ?? ""
        let locator = ManifestLocator(text: text)
        locators[manifest] = locator
        return locator
    }
}
