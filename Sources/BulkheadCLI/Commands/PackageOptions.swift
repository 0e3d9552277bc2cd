import Inputs

/// The options of every command that loads a package graph, and the loading itself.
enum PackageOptions {
    static let definitions: [OptionDefinition] = [
        .value("package-path", "PATH", help: "The package, or a folder of packages, to read (default: the current folder)."),
        .value("swift-executable", "PATH", help: "The swift executable to ask (default: BULKHEAD_SWIFT_EXEC, then swift on PATH)."),
        .value("jobs", "N", help: "Run at most N toolchain processes at once (default: the number of cores, at least 2)."),
        .value("timeout", "SECONDS", help: "Stop a toolchain call that takes longer, and its children (default: \(defaultTimeoutSeconds))."),
        .flag("no-cache", help: "Ask the toolchain about every package and read every source, and leave the cache as it is (see `bulkhead cache`)."),
    ]

    /// The cache folder this run uses, or nil with `--no-cache` or when there is no home for one.
    static func cacheFolder(_ arguments: ParsedArguments, context: CommandContext) -> String? {
        arguments.isSet("no-cache") ? nil : CacheLocation.folder(environment: context.environment)
    }

    static let defaultTimeoutSeconds = Int(ProcessRunner.defaultTimeout.components.seconds)

    /// The toolchain as the options and the environment name it, under the `--timeout`.
    static func tool(_ arguments: ParsedArguments, context: CommandContext) throws -> SwiftPackageTool {
        var timeout = ProcessRunner.defaultTimeout
        if let text = arguments.value("timeout") {
            guard let seconds = Int(text), seconds > 0, seconds <= 86_400 else {
                throw UsageError.invalid("--timeout takes a whole number of seconds from 1 to 86400; got '\(text)'")
            }
            timeout = .seconds(seconds)
        }
        return SwiftPackageTool.resolve(option: arguments.value("swift-executable"), environment: context.environment, timeout: timeout)
    }

    /// The graph, with its warnings printed to standard error (where they cannot corrupt a
    /// machine-read report) unless `--quiet`. The context's describer answers when it has one
    /// (tests hand in recorded toolchain output); else the toolchain does.
    static func loadGraph(_ arguments: ParsedArguments, context: CommandContext) throws -> LoadedGraph {
        var width = ConcurrentJobs.defaultWidth
        if let text = arguments.value("jobs") {
            guard let value = Int(text), value > 0 else { throw UsageError.invalid("--jobs takes a whole number above 0; got '\(text)'") }
            width = value
        }
        let describer = try context.packageDescriber ?? tool(arguments, context: context)
        let cache = cacheFolder(arguments, context: context).map { GraphCache(cacheFolder: $0, environment: context.environment) }
        let progress = ProgressLine(stream: context.standardError, isEnabled: !arguments.isSet("quiet"))
        let loader = PackageGraphLoader(describer: describer, width: width, cache: cache) { done, total in
            progress.update(done, of: total, doing: "describing")
        }
        let loaded: LoadedGraph
        do {
            defer { progress.finish() }
            loaded = try loader.load(at: arguments.value("package-path") ?? ".", relativeTo: context.currentDirectory)
        }
        if !arguments.isSet("quiet") {
            for warning in loaded.warnings { context.standardError.writeLine("warning: \(warning)") }
        }
        return loaded
    }
}
