/// `build` in bulkhead.json: which platforms and configurations `#if` conditions are decided for.
/// Names are kept as written (validated lowercase); the scanner's `Platform` reads them, which
/// this module cannot see (the arrows run Rules → Configuration, Rules → ImportScanning).
package struct BuildSelection: Sendable, Equatable {
    /// Nil: the default (the manifest's `platforms:`, else the host).
    package var platforms: [String]?
    /// Nil: both.
    package var configurations: [String]?

    package init(platforms: [String]? = nil, configurations: [String]? = nil) {
        self.platforms = platforms
        self.configurations = configurations
    }

    /// The names `platforms` takes, as `--platform` does; `PlatformNameTests` keeps them equal to
    /// `Platform.allCases`.
    package static let platformNames = ["ios", "macos", "tvos", "watchos", "visionos", "maccatalyst", "linux", "windows", "android"]
    package static let configurationNames = ["debug", "release"]
}
