import Caches
import Configuration
import Diagnostics
import FileAccess
import Inputs
import Processes
import Rules
import XcodeProjects

/// The options of every command that loads a package graph, and the loading itself.
enum PackageOptions {
    static let definitions: [OptionDefinition] = [
        .value(.packagePath, "PATH", help: "Read only this package, or the packages below this folder (default: every package below the root)."),
        .value(.swiftExecutable, "PATH", help: "The swift executable to ask (default: BULKHEAD_SWIFT_EXEC, then swift on PATH)."),
        .value(.jobs, "N", help: "Run at most N toolchain processes at once (default: the number of cores, at least 2)."),
        .value(.timeout, "SECONDS", help: "Stop a toolchain call that takes longer, and its children (default: \(defaultTimeoutSeconds))."),
        .flag(.verbose, help: "Say on standard error which root was chosen, why each folder was loaded or skipped, and each toolchain and git call with its time."),
        .value(.checkouts, "DIR", help: "Also read remote packages' checkouts from DIR: a checkouts, SwiftPM scratch, Xcode cloned-packages or DerivedData folder (repeatable).", repeatable: true),
        .flag(.noCache, help: "Ask the toolchain about every package and read every source, and leave the cache as it is (see `bulkhead cache`)."),
    ]

    /// The cache folder this run uses, or nil with `--no-cache` or when there is no home for one.
    static func cacheFolder(_ arguments: ParsedArguments, context: CommandContext) -> String? {
        arguments.isSet(.noCache) ? nil : CacheLocation.folder(environment: context.environment)
    }

    static let defaultTimeoutSeconds = Int(ProcessRunner.defaultTimeout.components.seconds)

    /// The toolchain as the options and the environment name it, under the `--timeout`.
    static func tool(_ arguments: ParsedArguments, context: CommandContext) throws -> SwiftPackageTool {
        var timeout = ProcessRunner.defaultTimeout
        if let text = arguments.value(.timeout) {
            guard let seconds = Int(text), seconds > 0, seconds <= 86_400 else {
                throw UsageError.invalid("--timeout takes a whole number of seconds from 1 to 86400; got '\(text)'")
            }
            timeout = .seconds(seconds)
        }
        var tool = SwiftPackageTool.resolve(option: arguments.value(.swiftExecutable), environment: context.environment, timeout: timeout)
        if arguments.isSet(.verbose) { tool.log = ProcessLog() }
        tool.lastingTemporaryFolder = cacheFolder(arguments, context: context).map { $0 + "/toolchain-tmp" }
        return tool
    }

    /// The toolchain for evaluating manifests that are not the user's files (a fix's result in
    /// the run's temporary folder): no lasting `TMPDIR`, which is kept per package folder and
    /// would gather one for each temporary folder.
    static func evaluationTool(_ arguments: ParsedArguments, context: CommandContext) throws -> SwiftPackageTool {
        var tool = try self.tool(arguments, context: context)
        tool.lastingTemporaryFolder = nil
        return tool
    }

    /// Where the run is: the root found upward from `--package-path` (or the current folder), and
    /// the folder `--package-path` narrows loading to, if any.
    static func location(_ arguments: ParsedArguments, context: CommandContext) -> RunLocation {
        let given = arguments.value(.packagePath).map { FileSystem.absolutePath($0, relativeTo: context.currentDirectory) }
        let root = WorkspaceRoot.find(from: given ?? context.currentDirectory)
        return RunLocation(root: root, narrowedTo: given == root.path ? nil : given)
    }

    /// The graph, with its warnings printed to standard error (where they cannot corrupt a
    /// machine-read report) unless `--quiet`. The context's describer answers when it has one
    /// (tests hand in recorded toolchain output); else the toolchain does. `configuration`'s
    /// `workspace` section says which folders discovery skips or takes; `location` is the run's
    /// root and narrowing, found once by the caller (which needed the root for the configuration).
    /// A unit that could not load is a warning here, unless `reportsUnloadableUnits` (the
    /// command reports it as a `package-unloadable` finding instead): never left out unsaid.
    static func loadGraph(_ arguments: ParsedArguments, context: CommandContext, location: RunLocation,
                          configuration: Configuration = Configuration(), reportsUnloadableUnits: Bool = false,
                          prefetch: SourcePrefetch? = nil) throws -> LoadedGraph {
        var width = PackageGraphLoader.defaultWidth
        if let text = arguments.value(.jobs) {
            guard let value = Int(text), value > 0 else { throw UsageError.invalid("--jobs takes a whole number above 0; got '\(text)'") }
            width = value
        }
        // The toolchain, unless the context answers for it; only the toolchain's calls are logged.
        var tool: SwiftPackageTool?
        let describer: any PackageDescriber
        if let recorded = context.packageDescriber {
            describer = recorded
        } else {
            let made = try self.tool(arguments, context: context)
            tool = made
            describer = made
        }
        let excludes = configuration.workspaceExclude.enumerated().map { ("workspace.exclude[\($0.offset)]", Glob($0.element)) }
        let includes = configuration.workspaceInclude.map(Glob.init)
        let rules = DiscoveryRules(
            excluded: { folder in excludes.first { $0.1.matchesItselfOrParent(folder) }.map(\.0) },
            included: { folder in includes.contains { $0.matchesItselfOrParent(folder) } },
            includedOutside: { fromRoot, absolute in configuration.includesOutsideRoot(fromRoot: fromRoot, absolute: absolute) },
            // Each pattern with its length: no two lists of patterns read alike.
            fingerprint: (configuration.workspaceExclude.map { "exclude \($0.utf8.count) \($0)" }
                          + configuration.workspaceInclude.map { "include \($0.utf8.count) \($0)" }).joined(separator: "\n"))
        let verbose = arguments.isSet(.verbose)
        if verbose {
            context.standardError.writeLine("bulkhead: root \(location.root.path): \(location.root.reason)")
            if let narrowed = location.narrowedTo {
                context.standardError.writeLine("bulkhead: --package-path narrows loading to \(FileSystem.relativePath(narrowed, to: location.root.path))")
            }
        }
        let cache = cacheFolder(arguments, context: context).map { GraphCache(cacheFolder: $0, environment: context.environment) }
        let progress = ProgressLine(stream: context.standardError, isEnabled: !arguments.isSet(.quiet))
        var loader = PackageGraphLoader(describer: describer, width: width, cache: cache) { done, total in
            progress.update(done, of: total, doing: "describing")
        }
        // Checkouts named on the command line, then in bulkhead.json (relative to the root), then
        // Xcode's DerivedData for the projects.
        let named = arguments.allValues(.checkouts).map { FileSystem.absolutePath($0, relativeTo: context.currentDirectory) }
            + configuration.workspaceCheckouts.map { FileSystem.absolutePath($0, relativeTo: location.root.path) }
        for folder in named where !FileSystem.isDirectory(folder) {
            throw UsageError.invalid("--checkouts or workspace.checkouts names '\(folder)', which is not a folder")
        }
        loader.checkoutLocations = CheckoutLocations(folders: named, derivedData: CheckoutLocations.derivedData(environment: context.environment))
        loader.prefetch = prefetch
        var loaded: LoadedGraph
        do {
            defer { progress.finish() }
            loaded = try loader.load(root: location.root.path, narrowedTo: location.narrowedTo, rules: rules,
                                     shownAs: arguments.value(.packagePath) ?? ".", relativeTo: context.currentDirectory)
        }
        loaded.graph = configuration.applyingBinaryModules(to: loaded.graph)
        if verbose {
            for decision in loaded.discovery { context.standardError.writeLine(VisibleText.escapedLines("bulkhead: \(decision)")) }
            for line in tool?.log?.lines ?? [] { context.standardError.writeLine(VisibleText.escapedLines("bulkhead: \(line)")) }
        }
        if !arguments.isSet(.quiet) {
            for warning in loaded.warnings { context.standardError.writeLine(VisibleText.escapedLines("warning: \(warning)")) }
            if !reportsUnloadableUnits {
                for unit in loaded.unloadable {
                    context.standardError.writeLine(VisibleText.escapedLines("warning: \(unit.declarationPath): \(UnloadableUnitFinding.entry.id): \(unit.folder) could not be loaded and is left out: \(unit.reason); \(unit.remedy)"))
                }
            }
            if let note = UnknownModulesNote.line(for: loaded.graph) { context.standardError.writeLine("note: \(note)") }
            // Sources a build phase writes: one line per project, silenced by `exclude`.
            let excluded = configuration.exclude.map(Glob.init)
            let missing = MissingSourceWarning.lines(Array(loaded.projects.values), root: loaded.root) { path in
                excluded.contains { $0.matchesItselfOrParent(path) }
            }
            for warning in missing { context.standardError.writeLine(VisibleText.escapedLines("warning: \(warning)")) }
            if !configuration.ignoresUngeneratedProjects {
                for spec in loaded.ungeneratedSpecs {
                    let shown = FileSystem.relativePath(spec.path, to: loaded.root)
                    context.standardError.writeLine(VisibleText.escapedLines("warning: \(shown): \(ProjectSpec.entry.id): \(spec.message(shownAs: shown))"))
                }
            }
            // Only a whole-root load has seen every folder a workspace.exclude pattern could name.
            if location.narrowedTo == nil {
                for (index, pattern) in configuration.workspaceExclude.enumerated()
                where !loaded.discovery.contains(where: { $0.excludedBy == "workspace.exclude[\(index)]" }) {
                    let problem = Configuration.unmatched("workspace.exclude[\(index)]", pattern, what: "no folder")
                    context.standardError.writeLine("warning: \(problem)")
                }
            }
        }
        return loaded
    }
}

/// Where a run is: its root, and the folder `--package-path` narrows loading to.
struct RunLocation {
    var root: WorkspaceRoot
    /// Absolute; nil when every package below the root is loaded.
    var narrowedTo: String?
}
