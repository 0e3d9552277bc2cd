import Inputs

/// The options of every command that loads a package graph, and the loading itself.
enum PackageOptions {
    static let definitions: [OptionDefinition] = [
        .value("package-path", "PATH", help: "The package, or a folder of packages, to read (default: the current folder)."),
        .value("swift-executable", "PATH", help: "The swift executable to ask (default: BULKHEAD_SWIFT_EXEC, then swift on PATH)."),
        .value("jobs", "N", help: "Run at most N toolchain processes at once (default: the number of cores, at least 2)."),
    ]

    static func loadGraph(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> Result<LoadedGraph, InputError> {
        var width = ConcurrentJobs.defaultWidth
        if let text = arguments.value("jobs") {
            guard let value = Int(text), value > 0 else { throw .invalid("--jobs takes a whole number above 0; got '\(text)'") }
            width = value
        }
        let tool = SwiftPackageTool.resolve(option: arguments.value("swift-executable"), environment: context.environment)
        return Result { () throws(InputError) -> LoadedGraph in
            try PackageGraphLoader(describer: tool, width: width).load(at: arguments.value("package-path") ?? ".", relativeTo: context.currentDirectory)
        }
    }

    /// The graph, with its warnings printed to standard error (where they cannot corrupt a
    /// machine-read report) unless `--quiet`; or nil after printing why it could not be loaded.
    static func loadGraphReporting(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> LoadedGraph? {
        switch try loadGraph(arguments, context: context) {
        case .success(let loaded):
            if !arguments.isSet("quiet") {
                for warning in loaded.warnings { context.standardError.writeLine("warning: \(warning)") }
            }
            return loaded
        case .failure(let error):
            context.standardError.writeLine("error: \(error.message)")
            return nil
        }
    }
}
