import Configuration
import ImportScanning
import ModuleGraph

/// `--platform` and `--configuration`: the builds `#if` is decided for, on every command that
/// runs rules or lists imports.
enum BuildOptions {
    static let definitions = definitions(default: "build.platforms in bulkhead.json, else the manifest's platforms:, else the host",
                                         configurationDefault: "build.configurations in bulkhead.json, else both")

    /// For `imports`, which reads no bulkhead.json.
    static let definitionsWithoutConfiguration = definitions(default: "the manifest's platforms:, else the host", configurationDefault: "both")

    private static func definitions(default platformDefault: String, configurationDefault: String) -> [OptionDefinition] {
        [
            .value(.platform, "NAME", help: "Decide #if for this platform; repeat for more (default: \(platformDefault)).",
                   choices: Platform.allCases.map(\.rawValue), repeatable: true),
            .value(.configuration, "NAME", help: "Decide #if for debug or release only (default: \(configurationDefault)).",
                   choices: BuildConfiguration.allCases.map(\.rawValue)),
        ]
    }

    /// The builds, first from the command line, then bulkhead.json's `build`, then the local
    /// manifests' `platforms:` (every platform any of them declares), then the host; both
    /// configurations unless one is named.
    static func builds(_ arguments: ParsedArguments, configuration: Configuration?, graph: ModuleGraph) -> [PlatformBuild] {
        var platforms = arguments.allValues(.platform).compactMap(Platform.init(named:))
        if platforms.isEmpty { platforms = (configuration?.build?.platforms ?? []).compactMap(Platform.init(named:)) }
        if platforms.isEmpty {
            platforms = graph.packages.filter(\.isLocal).flatMap(\.platforms).compactMap(Platform.init(named:))
        }
        if platforms.isEmpty { platforms = [.host] }
        var configurations = arguments.value(.configuration).flatMap(BuildConfiguration.init(rawValue:)).map { [$0] } ?? []
        if configurations.isEmpty { configurations = (configuration?.build?.configurations ?? []).compactMap(BuildConfiguration.init(rawValue:)) }
        if configurations.isEmpty { configurations = BuildConfiguration.allCases }
        return PlatformBuild.all(platforms: platforms, configurations: configurations)
    }
}
