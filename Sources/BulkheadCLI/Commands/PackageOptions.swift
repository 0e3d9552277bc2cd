import Inputs

/// The options of every command that loads a package graph, and the loading itself.
enum PackageOptions {
    static let definitions: [OptionDefinition] = [
        .value("package-path", "PATH", help: "The package, or a folder of packages, to read (default: the current folder)."),
        .value("swift-executable", "PATH", help: "The swift executable to ask (default: BULKHEAD_SWIFT_EXEC, then swift on PATH)."),
        .value("jobs", "N", help: "Run at most N toolchain processes at once (default: the number of cores, at least 2)."),
    ]

    /// The graph, with its warnings printed to standard error (where they cannot corrupt a
    /// machine-read report) unless `--quiet`.
    static func loadGraph(_ arguments: ParsedArguments, context: CommandContext) throws -> LoadedGraph {
        var width = ConcurrentJobs.defaultWidth
        if let text = arguments.value("jobs") {
            guard let value = Int(text), value > 0 else { throw UsageError.invalid("--jobs takes a whole number above 0; got '\(text)'") }
            width = value
        }
        let tool = SwiftPackageTool.resolve(option: arguments.value("swift-executable"), environment: context.environment)
        let loaded = try PackageGraphLoader(describer: tool, width: width).load(at: arguments.value("package-path") ?? ".", relativeTo: context.currentDirectory)
        if !arguments.isSet("quiet") {
            for warning in loaded.warnings { context.standardError.writeLine("warning: \(warning)") }
        }
        return loaded
    }
}
