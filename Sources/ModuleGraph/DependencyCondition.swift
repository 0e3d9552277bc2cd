/// The `condition:` of a dependency or setting: `.when(platforms: [.iOS], configuration: .debug)`.
/// Nil platforms mean every platform.
package struct DependencyCondition: Sendable, Hashable, Codable {
    package var platforms: [String]?
    package var configuration: String?

    package init(platforms: [String]? = nil, configuration: String? = nil) {
        self.platforms = platforms
        self.configuration = configuration
    }

    package var isUnconditional: Bool { (platforms?.isEmpty ?? true) && configuration == nil }

    /// `platforms: ios, macos; configuration: debug`.
    package var description: String {
        var parts: [String] = []
        if let platforms, !platforms.isEmpty { parts.append("platforms: " + platforms.joined(separator: ", ")) }
        if let configuration { parts.append("configuration: " + configuration) }
        return parts.joined(separator: "; ")
    }
}
