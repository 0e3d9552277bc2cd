/// A target of a package, as SwiftPM understands it after reading the manifest.
package struct Target: Sendable, Hashable {
    package var id: TargetID
    package var kind: TargetKind
    /// What `import` spells: the c99 name (`Legacy-Bridge` → `Legacy_Bridge`), or the module map's
    /// name for C and system-library targets.
    package var moduleName: String
    /// Relative to the package root (for a project target: to the folder holding the
    /// `.xcodeproj`, where its sources have their common folder).
    package var path: String
    /// Relative to `path`, after `exclude:`.
    package var sources: [String]
    /// Relative to the package root.
    package var resources: [String]
    package var settings: [BuildSetting]
    package var dependencies: [DependencyEdge]
    /// For a target of an Xcode project: what Xcode builds (an app, an extension, a test
    /// bundle); nil for package targets.
    package var productType: ProjectProductType?
    /// For a test bundle of an Xcode project: the target it runs in (its `TEST_HOST`, or the
    /// `TEST_TARGET_NAME` of a UI test), by name in the same project.
    package var testHost: String?
    /// For a target of an Xcode project: the platforms it builds for (`ios`, `macos`, …, as
    /// `--platform` spells them), from its `SUPPORTED_PLATFORMS` or `SDKROOT`; `#if` is decided
    /// for these, not the packages' `platforms:`. Empty when unknown, and for package targets.
    package var platforms: [String] = []

    package init(
        id: TargetID, kind: TargetKind, moduleName: String, path: String, sources: [String] = [],
        resources: [String] = [], settings: [BuildSetting] = [], dependencies: [DependencyEdge] = [],
        productType: ProjectProductType? = nil, testHost: String? = nil, platforms: [String] = []
    ) {
        self.id = id
        self.kind = kind
        self.moduleName = moduleName
        self.path = path
        self.sources = sources
        self.resources = resources
        self.settings = settings
        self.dependencies = dependencies
        self.productType = productType
        self.testHost = testHost
        self.platforms = platforms
    }

    package var name: String { id.name }
    /// Whether an `import` can name its module: its kind's answer, and for a target of an Xcode
    /// project also its product type's (an extension, a bundle or a test bundle has no module
    /// anyone imports).
    package var isImportable: Bool { kind.isImportable && (productType?.producesModule ?? true) }
    package var isTest: Bool { kind == .test }
}
