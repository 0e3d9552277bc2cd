import Diagnostics
import ImportScanning
import Inputs
import ModuleGraph
import Reporting

/// `bulkhead imports`: every import the scanner sees, with where it is and what surrounds it.
/// The debugging view under every rule: when a check surprises you, this shows what it read.
enum ImportsCommand: Command {
    static let name = "imports"
    static let summary = "List every import in a package's sources, or in the given files."
    static let usage = "imports [--package-path PATH] [--target NAME …] [--format text|json] [FILE|FOLDER …]"
    static let discussion = """
    With files or folders, scans those (folders for every .swift file below them). Without,
    scans every Swift source of every target of the package, as `swift package describe` lists
    them (files excluded in the manifest are not scanned).

    Each import is shown with its file, line and column (the module name's position, in UTF-8
    bytes, as the compiler reports it), its attributes, access level and kind, and the #if
    clauses around it. Imports in a clause no build can take (#if false) are marked.

    Problems in a file (an unterminated string or comment, an unbalanced #if, invalid UTF-8, a
    binary file) are reported per file; every other file is still scanned.

    EXIT STATUS: 0 every file scanned cleanly; 1 some file has a problem at error severity;
    2 a file could not be read or the package could not be described; 64 usage error.
    """

    static let options: [OptionDefinition] = PackageOptions.definitions + [
        .value("target", "NAME", help: "Scan only this target; repeat for more.", repeatable: true),
        .value("format", "FORMAT", help: "text (default) or json.", choices: ImportListing.Format.allCases.map(\.rawValue)),
    ]

    /// One file to scan: where to read it, how to show it, which target it belongs to.
    struct Item: Sendable {
        var path: String
        var displayPath: String
        var target: String?
    }

    /// What a worker hands back for one file: rendered output and the file's problems.
    struct Outcome: Sendable {
        var rendered: [UInt8]
        var importCount: Int
        var diagnostics: [Diagnostic]
        var unreadable: Bool
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> ExitStatus {
        let format = arguments.value("format").flatMap(ImportListing.Format.init(rawValue:)) ?? .text
        let quiet = arguments.isSet("quiet")
        let colored = context.usesColor(context.standardOutput, choice: ColorChoice(rawValue: arguments.value("color") ?? "auto") ?? .auto)
        let items: [Item]
        var packageName: String?
        do {
            if arguments.positionals.isEmpty {
                guard let loaded = try PackageOptions.loadGraphReporting(arguments, context: context) else { return .failure }
                packageName = loaded.graph.packages.first { $0.localPath == "." }?.name
                items = try packageItems(loaded, targets: arguments.allValues("target"))
            } else {
                guard arguments.allValues("target").isEmpty else {
                    throw UsageError.invalid("--target selects targets of a package; it cannot be combined with files")
                }
                items = try fileItems(arguments.positionals, packagePath: arguments.value("package-path"), context: context)
            }
        } catch let error as UsageError {
            throw error
        } catch let error as InputError {
            context.standardError.writeLine("error: \(error.message)")
            return .failure
        } catch {
            context.standardError.writeLine("error: \(error)")
            return .failure
        }

        var diagnostics: [Diagnostic] = []
        var importCount = 0
        var unreadableCount = 0
        var wroteImports = false
        if format == .json { context.standardOutput.write(ImportListing.jsonHeader(package: packageName)) }

        ParallelFileProcessor().process(items.map(\.path)) { index, contents in
            scan(items[index], contents: contents, format: format, colored: colored)
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

    /// What `imports` knows of the build when it marks imports no build compiles: nothing yet, so
    /// only literal `#if false` and `#if true` chains are decided.
    static let environment = BuildEnvironment.unknown

    /// Scans one file and renders it; runs on a worker thread.
    private static func scan(_ item: Item, contents: Result<UnsafeBufferPointer<UInt8>, SourceReadError>, format: ImportListing.Format, colored: Bool) -> Outcome {
        switch contents {
        case .failure(let error):
            return Outcome(rendered: [], importCount: 0, diagnostics: [
                Diagnostic(severity: .error, code: "unreadable-file", message: "could not read file: \(error.reason)",
                           location: SourceLocation(path: item.displayPath)),
            ], unreadable: true)
        case .success(let bytes):
            let result = ImportScanner.scan(bytes)
            let file = ScannedFile(displayPath: item.displayPath, target: item.target, imports: result.imports)
            let rendered = format == .json
                ? ImportListing.jsonElements(file, environment: environment)
                : ImportListing.text(file, environment: environment, colored: colored)
            let diagnostics = result.issues.map { issue in
                Diagnostic(
                    severity: issue.severity == .error ? .error : .warning, code: issue.code.rawValue, message: issue.message,
                    location: SourceLocation(path: item.displayPath, line: issue.position.line, column: issue.position.column))
            }
            return Outcome(rendered: rendered, importCount: result.imports.count, diagnostics: diagnostics, unreadable: false)
        }
    }

    private static func packageItems(_ loaded: LoadedGraph, targets selected: [String]) throws(UsageError) -> [Item] {
        let graph = loaded.graph
        for name in selected where graph.targets(named: name).isEmpty {
            let suggestion = Suggestion.closest(to: name, among: graph.targets.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
            throw .invalid("no target '\(name)' in \(loaded.root)\(suggestion)")
        }
        let chosen = Set(selected.flatMap { graph.targets(named: $0).map(\.id) })
        var items: [Item] = []
        for target in graph.targets where chosen.isEmpty || chosen.contains(target.id) {
            guard let package = graph.package(target.id.package), let folder = loaded.folder(of: package) else { continue }
            for source in target.sources where source.hasSuffix(".swift") {
                let path = "\(folder)/\(target.path)/\(source)"
                items.append(Item(path: path, displayPath: FileSystem.relativePath(path, to: loaded.root), target: graph.displayName(target.id)))
            }
        }
        return items.sorted { ($0.displayPath, $0.target ?? "") < ($1.displayPath, $1.target ?? "") }
    }

    /// Files as given, folders expanded; shown relative to the package (when given) or the
    /// working folder.
    private static func fileItems(_ paths: [String], packagePath: String?, context: CommandContext) throws(InputError) -> [Item] {
        let base = FileSystem.absolutePath(packagePath ?? ".", relativeTo: context.currentDirectory)
        var items: [Item] = []
        var seen: Set<String> = []
        for given in paths {
            let absolute = FileSystem.absolutePath(given, relativeTo: context.currentDirectory)
            let files = FileSystem.isDirectory(absolute) ? try FileSystem.swiftFiles(under: absolute) : [absolute]
            for file in files where seen.insert(file).inserted {
                items.append(Item(path: file, displayPath: FileSystem.relativePath(file, to: base), target: nil))
            }
        }
        return items
    }
}
