import Caches
import Configuration
import Diagnostics
import Engine
import FileAccess
import PackageLoading
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
        var tool = SwiftPackageTool.resolve(option: arguments.value(.swiftExecutable), environment: context.environment, timeout: try timeout(arguments))
        if arguments.isSet(.verbose) { tool.log = ProcessLog() }
        tool.lastingTemporaryFolder = cacheFolder(arguments, context: context).map { $0 + "/toolchain-tmp" }
        return tool
    }

    /// `--timeout`, or the default.
    static func timeout(_ arguments: ParsedArguments) throws(UsageError) -> Duration {
        guard let text = arguments.value(.timeout) else { return ProcessRunner.defaultTimeout }
        guard let seconds = Int(text), seconds > 0, seconds <= 86_400 else {
            throw .invalid("--timeout takes a whole number of seconds from 1 to 86400; got '\(text)'")
        }
        return .seconds(seconds)
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
        RunLocation(packagePath: arguments.value(.packagePath), workingFolder: context.currentDirectory)
    }

    /// The engine's request for what the options ask, each value checked before any work: a
    /// mistake in `--jobs` or `--timeout` is a usage error before the toolchain runs.
    static func request(_ arguments: ParsedArguments, context: CommandContext) throws -> RunRequest {
        _ = try timeout(arguments)
        let toolchain: Toolchain = try context.packageDescriber.map { .recorded($0) } ?? .tool(tool(arguments, context: context))
        var request = RunRequest(workingFolder: context.currentDirectory, environment: context.environment, toolchain: toolchain)
        if let text = arguments.value(.jobs) {
            guard let value = Int(text), value > 0 else { throw UsageError.invalid("--jobs takes a whole number above 0; got '\(text)'") }
            request.jobs = value
        }
        request.packagePath = arguments.value(.packagePath)
        request.cacheFolder = cacheFolder(arguments, context: context)
        request.checkouts = arguments.allValues(.checkouts).map { FileSystem.absolutePath($0, relativeTo: context.currentDirectory) }
        request.verbose = arguments.isSet(.verbose)
        return request
    }

    /// What the run tells while it loads: the progress line, and `--verbose`'s decisions.
    static func observer(_ arguments: ParsedArguments, context: CommandContext) -> RunObserver {
        let progress = ProgressLine(stream: context.standardError, isEnabled: !arguments.isSet(.quiet))
        var observer = RunObserver()
        observer.progress = { done, total in progress.update(done, of: total, doing: "describing") }
        observer.progressFinished = { progress.finish() }
        let standardError = context.standardError
        observer.verboseLine = { standardError.writeLine($0) }
        return observer
    }

    /// Prints what the load said on standard error, where it cannot corrupt a machine-read
    /// report, unless `--quiet`.
    static func tell(_ notices: [LoadNotice], arguments: ParsedArguments, context: CommandContext) {
        guard !arguments.isSet(.quiet) else { return }
        for notice in notices { context.standardError.writeLine(notice.line) }
    }

    /// The graph alone, for the commands that report no findings (graph, why, imports,
    /// footprint, affected, init), with what the load said printed. The context's describer
    /// answers when it has one (tests hand in recorded toolchain output); else the toolchain does.
    static func loadGraph(_ arguments: ParsedArguments, context: CommandContext, location: RunLocation,
                          configuration: Configuration = Configuration()) throws -> LoadedGraph {
        let loading = try GraphLoading(request(arguments, context: context), location: location, configuration: configuration,
                                       reportsLoadFindings: false, observer: observer(arguments, context: context))
        tell(loading.notices, arguments: arguments, context: context)
        return loading.loaded
    }
}
