import Configuration
import ImportScanning
import ModuleGraph

/// The builds `#if` is decided for: first those the command line names, then bulkhead.json's
/// `build`, then the local manifests' `platforms:` (every platform any of them declares), then
/// the host; both configurations unless one is named.
package enum BuildChoice {
    package static func builds(platforms named: [Platform], configuration namedConfiguration: BuildConfiguration?,
                               build: BuildSelection?, graph: ModuleGraph) -> [PlatformBuild] {
        var platforms = named
        if platforms.isEmpty { platforms = (build?.platforms ?? []).compactMap(Platform.init(named:)) }
        if platforms.isEmpty {
            platforms = graph.packages.filter(\.isLocal).flatMap(\.platforms).compactMap(Platform.init(named:))
        }
        if platforms.isEmpty { platforms = [.host] }
        var configurations = namedConfiguration.map { [$0] } ?? []
        if configurations.isEmpty { configurations = (build?.configurations ?? []).compactMap(BuildConfiguration.init(rawValue:)) }
        if configurations.isEmpty { configurations = BuildConfiguration.allCases }
        return PlatformBuild.all(platforms: platforms, configurations: configurations)
    }
}
