import Configuration
import Diagnostics
import ImportScanning
import PackageLoading
import ModuleGraph
import Reporting

/// `bulkhead imports`: every import the scanner sees, with where it is and what surrounds it.
/// The debugging view under every rule: when a check surprises you, this shows what it read.
enum ImportsCommand: Command {
    static let name = "imports"
    static let summary = "List every import in a package's sources, or in the given files."
    static let usage = "imports [--package-path PATH] [--target NAME …] [--platform NAME …] [--configuration NAME] [--format text|json] [FILE|FOLDER …]"
    static let discussion = """
    With files or folders, scans those (folders for every .swift file below them). Without,
    scans every Swift source of every target of the package, as `swift package describe` lists
    them (files excluded in the manifest are not scanned).

    Each import is shown with its file, line and column (the module name's position, in UTF-8
    bytes, as the compiler reports it), its attributes, access level and kind, and the #if
    clauses around it. Imports in a clause no build can take (#if false) are marked.

    With --platform (repeatable) or --configuration, each import is decided for every platform
    and configuration asked for (both configurations, and the manifest's platforms or the host,
    when one of the two is left out): the text lists only imports some of those builds may
    compile, with the builds that do when not all do; JSON gives each import's `builds`, one
    {platform, configuration, active: true|false|"unknown"} per build.

    Problems in a file (an unterminated string or comment, an unbalanced #if, invalid UTF-8, a
    binary file) are reported per file; every other file is still scanned.

    EXIT STATUS: 0 every file scanned cleanly; 1 some file has a problem at error severity;
    2 a file could not be read or the package could not be described; 64 usage error.
    """

    static let options: [OptionDefinition] = PackageOptions.definitions + BuildOptions.definitionsWithoutConfiguration + [
        .value(.target, "NAME", help: "Scan only this target; repeat for more.", repeatable: true),
        .value(.format, "FORMAT", help: "text (default) or json.", choices: ImportListing.Format.allCases.map(\.rawValue)),
    ]

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        let format = arguments.value(.format).flatMap(ImportListing.Format.init(rawValue:)) ?? .text
        let quiet = arguments.isSet(.quiet)
        let colored = context.usesColor(context.standardOutput, choice: ColorChoice(rawValue: arguments.value(.color) ?? "auto") ?? .auto)
        let items: [Item]
        var packageName: String?
        if arguments.positionals.isEmpty {
            let location = PackageOptions.location(arguments, context: context)
            let (_, configuration) = try ConfigurationOptions.load(arguments, packagePath: location.root.path, context: context)
            let loaded = try PackageOptions.loadGraph(arguments, context: context, location: location, configuration: configuration)
            packageName = loaded.graph.packages.first { $0.localPath == "." }?.name
            items = try packageItems(loaded, targets: arguments.allValues(.target), builds: builds(arguments, graph: loaded.graph))
        } else {
            guard arguments.allValues(.target).isEmpty else {
                throw UsageError.invalid("--target selects targets of a package; it cannot be combined with files")
            }
            items = try fileItems(arguments.positionals, packagePath: arguments.value(.packagePath), context: context,
                                  builds: builds(arguments, graph: ModuleGraph(packages: [], targets: [])))
        }

        var diagnostics: [Diagnostic] = []
        var importCount = 0
        var unreadableCount = 0
        var wroteImports = false
        if format == .json { context.standardOutput.write(ImportListing.jsonHeader(package: packageName)) }

        let memo = ClauseListingMemo(environment: environment)
        ParallelFileProcessor().process(items.map(\.path)) { index, contents in
            scan(items[index], contents: contents, format: format, colored: colored, memo: memo)
        } emit: { outcomes in
            for outcome in outcomes {
                if format == .json && outcome.importCount > 0 && wroteImports { context.standardOutput.write([UInt8(ascii: ",")]) }
                context.standardOutput.write(outcome.rendered)
                wroteImports = wroteImports || outcome.importCount > 0
                importCount += outcome.importCount
                diagnostics += outcome.diagnostics
                if outcome.unreadable { unreadableCount += 1 }
            }
        }

        diagnostics.sort()
        if format == .json {
            context.standardOutput.write(ImportListing.jsonFooter(diagnostics: diagnostics, fileCount: items.count, importCount: importCount, hadImports: wroteImports))
        } else {
            context.standardError.write(XcodeReporter.render(diagnostics))
        }
        if !quiet {
            let targets = Set(items.compactMap(\.target)).count
            let files = "\(items.count) file\(items.count == 1 ? "" : "s")" + (targets > 0 ? " in \(targets) target\(targets == 1 ? "" : "s")" : "")
            context.standardError.writeLine("bulkhead: \(importCount) import\(importCount == 1 ? "" : "s") in \(files); \(diagnostics.isEmpty ? "no problems" : "\(diagnostics.count) problem\(diagnostics.count == 1 ? "" : "s")")")
        }
        if unreadableCount > 0 { return .failure }
        return diagnostics.contains { $0.severity == .error } ? .violations : .clean
    }

    /// The builds asked for with `--platform` or `--configuration`; none without either, so the
    /// listing stays what it was.
    static func builds(_ arguments: ParsedArguments, graph: ModuleGraph) -> [PlatformBuild] {
        guard !arguments.allValues(.platform).isEmpty || arguments.value(.configuration) != nil else { return [] }
        return BuildOptions.builds(arguments, configuration: nil, graph: graph)
    }
}
