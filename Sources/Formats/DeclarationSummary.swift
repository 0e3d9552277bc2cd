/// The JSON shape a declaration comparison reads on both sides: a `Package.swift` as
/// `dump-package` writes it, a `project.pbxproj` summarized by Inputs in that same shape, so one
/// comparison in Selection reads either. Here, in neither module, because the reader of projects
/// and the comparison must agree on the keys a project's summary adds to `dump-package`'s, and
/// neither may depend on the other for them.
package enum DeclarationSummary {
    /// A target's resolved build settings in a project's summary: configuration name → setting →
    /// value, compared setting by setting rather than as one changed part of the target.
    package static let buildSettingsKey = "buildSettings"
}
