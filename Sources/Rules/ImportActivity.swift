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

    /// What a finding about an import under `#if` adds to its message: "on iOS, macOS debug",
    /// the builds that compile it. Nil when no build is known to (the activity is undecided, and
    /// the finding carries no label) or no build was configured.
    package var label: String? {
        guard !active.isEmpty else { return nil }
        var text = "on " + PlatformBuild.describe(active)
        if !undecided.isEmpty { text += "; undecided on " + PlatformBuild.describe(undecided) }
        return text
    }
}
