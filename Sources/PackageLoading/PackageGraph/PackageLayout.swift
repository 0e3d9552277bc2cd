/// Where a package's targets and their files are, worked out from `dump-package` and the
/// folder's contents with SwiftPM's rules (`DefaultTargetLayout`).
struct PackageLayout: Sendable {
    /// By target name.
    var targets: [String: TargetLayout] = [:]
    /// Why the rules cannot settle this package, so `describe` must be asked: a symbolic link,
    /// a target folder that is missing, outside the package or inside another target's, mixed
    /// languages, a name outside ASCII, a dependency cycle (whose message is SwiftPM's to give).
    /// Empty when `dump-package` alone is enough.
    var undecided: [String] = []
}

/// One target's folder and files, as `describe` would list them.
struct TargetLayout: Sendable, Equatable {
    /// Relative to the package folder.
    var path: String
    /// Compilable files, relative to the target's folder, sorted.
    var sources: [String] = []
    /// Resource files and folders, relative to the package folder, sorted.
    var resources: [String] = []
    /// Only C-family sources: SwiftPM builds it as a Clang module.
    var isCFamily = false
    var isMixedLanguage = false
    var hasSymbolicLinks = false
}
