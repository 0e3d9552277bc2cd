/// A target of a package, as SwiftPM understands it after reading the manifest.
package struct Target: Sendable, Hashable {
    package var id: TargetID
    package var kind: TargetKind
    /// What `import` spells: the c99 name (`Legacy-Bridge` → `Legacy_Bridge`), or the module map's
    /// name for C and system-library targets.
    package var moduleName: String
    /// Relative to the package root.
    package var path: String
    /// Relative to `path`, after `exclude:`.
    package var sources: [String]
    /// Relative to the package root.
    package var resources: [String]
    package var settings: [BuildSetting]
    package var dependencies: [DependencyEdge]

    package init(
        id: TargetID, kind: TargetKind, moduleName: String, path: String, sources: [String] = [],
        resources: [String] = [], settings: [BuildSetting] = [], dependencies: [DependencyEdge] = []
    ) {
        self.id = id
        self.kind = kind
        self.moduleName = moduleName
        self.path = path
        self.sources = sources
        self.resources = resources
        self.settings = settings
        self.dependencies = dependencies
    }

    package var name: String { id.name }
    package var isTest: Bool { kind == .test }
}
