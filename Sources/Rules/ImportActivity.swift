import ImportScanning

/// Where an import is compiled among the builds a check runs for: the builds that compile it, the
/// ones that cannot be decided, and the rest (that never do).
package struct ImportActivity: Sendable, Hashable {
    package var active: [PlatformBuild]
    package var undecided: [PlatformBuild]
    /// Every build the check ran for; empty when no build was configured (activity then only
    /// says whether any build may compile it).
    package var builds: [PlatformBuild]

    /// Whether some build may compile the import: rules count it.
    package var mayCompile: Bool

    /// `mayCompile` defaults to "some build compiles it or cannot be decided"; without builds it
    /// is the single environment's answer.
    package init(active: [PlatformBuild], undecided: [PlatformBuild], builds: [PlatformBuild], mayCompile: Bool? = nil) {
        self.active = active
        self.undecided = undecided
        self.builds = builds
        self.mayCompile = mayCompile ?? (!active.isEmpty || !undecided.isEmpty)
    }

    /// What a finding adds to its message when the import is not compiled by every build:
    /// "on iOS, macOS debug" — nil when every build compiles it (the message stays as it
    /// was, so nothing changes for code without `#if`) or when none is known to.
    package var label: String? {
        guard !active.isEmpty, active.count < builds.count else { return nil }
        var text = "on " + Self.describe(active)
        if !undecided.isEmpty { text += " (undecided on " + Self.describe(undecided) + ")" }
        return text
    }

    /// Builds grouped by the configurations each platform has: `iOS, macOS debug`, or
    /// `iOS; macOS debug` when the platforms differ. A platform with every configuration listed
    /// is named alone.
    package static func describe(_ builds: [PlatformBuild]) -> String {
        let allConfigurations = Set(BuildConfiguration.allCases)
        var byPlatform: [Platform: Set<BuildConfiguration>] = [:]
        for build in builds { byPlatform[build.platform, default: []].insert(build.configuration) }
        var groups: [(configurations: [BuildConfiguration], platforms: [Platform])] = []
        for platform in byPlatform.keys.sorted() {
            let configurations = byPlatform[platform, default: []] == allConfigurations ? [] : byPlatform[platform, default: []].sorted()
            if let index = groups.firstIndex(where: { $0.configurations == configurations }) {
                groups[index].platforms.append(platform)
            } else {
                groups.append((configurations, [platform]))
            }
        }
        return groups.map { group in
            let platforms = group.platforms.map(\.displayName).joined(separator: ", ")
            return group.configurations.isEmpty ? platforms : platforms + " " + group.configurations.map(\.rawValue).joined(separator: "/")
        }.joined(separator: "; ")
    }
}
