import Inputs

/// The options of every command that loads a package graph, and the loading itself.
enum PackageOptions {
    static let definitions: [OptionDefinition] = [
        .value("package-path", "PATH", help: "The package, or a folder of packages, to read (default: the current folder)."),
        .value("swift-executable", "PATH", help: "The swift executable to ask (default: BULKHEAD_SWIFT_EXEC, then swift on PATH)."),
    ]

    static func loadGraph(_ arguments: ParsedArguments, context: CommandContext) throws(InputError) -> LoadedGraph {
        let tool = SwiftPackageTool.resolve(option: arguments.value("swift-executable"), environment: context.environment)
        return try PackageGraphLoader(tool: tool).load(at: arguments.value("package-path") ?? ".", relativeTo: context.currentDirectory)
    }

    /// Warnings go to standard error, where they cannot corrupt a machine-read report.
    static func report(_ warnings: [String], context: CommandContext, quiet: Bool) {
        guard !quiet else { return }
        for warning in warnings { context.standardError.writeLine("warning: \(warning)") }
    }
}
