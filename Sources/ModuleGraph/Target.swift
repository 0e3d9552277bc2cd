/// A target of a package, as SwiftPM understands it after reading the manifest.
package struct Target: Sendable, Hashable {
    package var id: TargetID { get { box.fields.id } _modify { yield &fields.id } }
    package var kind: TargetKind { get { box.fields.kind } _modify { yield &fields.kind } }
    /// What `import` spells: the c99 name (`Legacy-Bridge` → `Legacy_Bridge`), or the module map's
    /// name for C and system-library targets.
    package var moduleName: String { get { box.fields.moduleName } _modify { yield &fields.moduleName } }
    /// Relative to the package root (for a project target: to the folder holding the
    /// `.xcodeproj`, where its sources have their common folder).
    package var path: String { get { box.fields.path } _modify { yield &fields.path } }
    /// Relative to `path`, after `exclude:`.
    package var sources: [String] { get { box.fields.sources } _modify { yield &fields.sources } }
    /// Relative to the package root.
    package var resources: [String] { get { box.fields.resources } _modify { yield &fields.resources } }
    package var settings: [BuildSetting] { get { box.fields.settings } _modify { yield &fields.settings } }
    package var dependencies: [DependencyEdge] { get { box.fields.dependencies } _modify { yield &fields.dependencies } }
    /// For a target of an Xcode project: what Xcode builds (an app, an extension, a test
    /// bundle); nil for package targets.
    package var productType: ProjectProductType? { get { box.fields.productType } _modify { yield &fields.productType } }
    /// For a test bundle of an Xcode project: the target it runs in (its `TEST_HOST`, or the
    /// `TEST_TARGET_NAME` of a UI test), by name in the same project.
    package var testHost: String? { get { box.fields.testHost } _modify { yield &fields.testHost } }
    /// For a target of an Xcode project: the platforms it builds for (`ios`, `macos`, …, as
    /// `--platform` spells them), from its `SUPPORTED_PLATFORMS` or `SDKROOT`; `#if` is decided
    /// for these, not the packages' `platforms:`. Empty when unknown, and for package targets.
    package var platforms: [String] { get { box.fields.platforms } _modify { yield &fields.platforms } }
    /// For a framework or library of an Xcode project: whether its product is an image of its
    /// own (`MACH_O_TYPE = mh_dylib`, the default of a framework) or is copied into each image
    /// that links it (`staticlib`, a static framework or library). Nil for package targets, whose
    /// linkage is their products' (`BinaryImages`), and for products that are no library.
    package var linkage: Linkage? { get { box.fields.linkage } _modify { yield &fields.linkage } }
    /// For a target of an Xcode project: `DISABLE_DIAMOND_PROBLEM_DIAGNOSTIC = YES` in some
    /// configuration. Xcode then links a package product statically into each image that
    /// declares it, where it would otherwise build it as a framework of its own (or stop) to keep
    /// one copy per process.
    package var keepsStaticDiamonds: Bool { get { box.fields.keepsStaticDiamonds } _modify { yield &fields.keepsStaticDiamonds } }
    /// For a binary target whose artifact was not read (not on disk, or naming no library):
    /// `moduleName` is only its name, and an artifact's module is often named otherwise (an
    /// xcframework's by its framework), so no import can be called unprovided while it is declared.
    package var isModuleGuessed: Bool { get { box.fields.isModuleGuessed } _modify { yield &fields.isModuleGuessed } }

    /// The fields, behind one reference: a target is copied wherever the graph's targets are
    /// walked (an element of an array, an optional found by id, a closure's capture), tens of
    /// thousands of times a check, and a copy of eleven separately counted fields cost eleven
    /// atomic increments and as many decrements later — the most frequent copy of a warm check.
    /// Now one. The box never changes: a target is written through `fields`, which puts a new
    /// box in place of the old, so a target is still a value and the box needs no lock.
    private var box: Box

    private struct Fields: Sendable, Hashable {
        var id: TargetID
        var kind: TargetKind
        var moduleName: String
        var path: String
        var sources: [String]
        var resources: [String]
        var settings: [BuildSetting]
        var dependencies: [DependencyEdge]
        var productType: ProjectProductType?
        var testHost: String?
        var platforms: [String]
        var linkage: Linkage?
        var keepsStaticDiamonds: Bool
        var isModuleGuessed: Bool
    }

    private final class Box: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    /// Held by a target only while it is being written: see `fields`.
    private static let writing = Box(Fields(id: TargetID(package: "", name: ""), kind: .library, moduleName: "", path: "", sources: [],
                                            resources: [], settings: [], dependencies: [], productType: nil, testHost: nil, platforms: [],
                                            linkage: nil, keepsStaticDiamonds: false, isModuleGuessed: false))

    /// The fields to write: taken out of the box, which is let go first, so that when no other
    /// target shares it the arrays written are held by nothing else either and change in
    /// place (appending to `sources` copies nothing); boxed again after.
    private var fields: Fields {
        get { box.fields }
        _modify {
            var fields = box.fields
            box = Self.writing
            defer { box = Box(fields) }
            yield &fields
        }
    }

    package init(
        id: TargetID, kind: TargetKind, moduleName: String, path: String, sources: [String] = [],
        resources: [String] = [], settings: [BuildSetting] = [], dependencies: [DependencyEdge] = [],
        productType: ProjectProductType? = nil, testHost: String? = nil, platforms: [String] = [], linkage: Linkage? = nil,
        keepsStaticDiamonds: Bool = false, isModuleGuessed: Bool = false
    ) {
        box = Box(Fields(id: id, kind: kind, moduleName: moduleName, path: path, sources: sources, resources: resources,
                         settings: settings, dependencies: dependencies, productType: productType, testHost: testHost,
                         platforms: platforms, linkage: linkage, keepsStaticDiamonds: keepsStaticDiamonds,
                         isModuleGuessed: isModuleGuessed))
    }

    package static func == (lhs: Target, rhs: Target) -> Bool {
        lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
    }

    package func hash(into hasher: inout Hasher) {
        box.fields.hash(into: &hasher)
    }

    package var name: String { id.name }
    /// Whether an `import` can name its module: its kind's answer, and for a target of an Xcode
    /// project also its product type's (an extension, a bundle or a test bundle has no module
    /// anyone imports).
    package var isImportable: Bool { kind.isImportable && (productType?.producesModule ?? true) }
    package var isTest: Bool { kind == .test }
}
