import Diagnostics
import Formats
import ModuleGraph

/// What a team wrote in `bulkhead.json` (after its preset is applied): the layers, which layer
/// may use which, who may use third-party products, rule severities and exclusions.
package struct Configuration: Sendable, Equatable {
    package var preset: String?
    /// In order: a target takes the first layer that matches it.
    package var layers: [Layer]
    /// Per rule id, what `rules` in the file set it to; a rule not listed keeps its default.
    package var rules: [String: RuleSetting]
    /// Globs of paths (files or target folders, relative to the root) and target names that are
    /// not checked.
    package var exclude: [String]
    /// `workspace: { exclude: [...] }`: folders (globs relative to the root) whose packages are not
    /// loaded at all.
    package var workspaceExclude: [String] = []
    /// `workspace: { include: [...] }`: test-input folders (`Tests/**/Fixtures`, skipped by
    /// default) whose packages are loaded all the same; and places outside the root that may be
    /// read, named by a pattern that itself leaves it (`../Shared`, `/opt/vendor`), which
    /// nothing else is (see `includesOutsideRoot`).
    package var workspaceInclude: [String] = []
    /// `workspace: { checkouts: [...] }`: folders (relative to the root, or absolute) holding
    /// checkouts of remote packages, read for their products' modules like `--checkouts`.
    package var workspaceCheckouts: [String] = []
    /// `workspace: { generatedProjects: "ignore" }`: an XcodeGen or Tuist spec whose project is not
    /// generated is not reported (by default it is an error: the app it describes goes unread).
    package var ignoresUngeneratedProjects = false
    /// `modules: { "KmpModule": "shared" }`: the module a binary target provides, by target name,
    /// for when its artifact is not in the checkout (built elsewhere, fetched in CI).
    package var binaryModules: [String: String] = [:]
    /// For `bulkhead affected`: changed paths (relative to the repository) that select no test;
    /// nil for the defaults, Markdown files and `docs/`.
    package var affectedIgnore: [String]?
    /// Declared dependencies that are linked, not imported; `unused-dependency` leaves them alone.
    package var linkOnly: [LinkOnlyDependency]
    /// `build: { platforms: [...], configurations: [...] }`: the builds `#if` is decided for; nil
    /// for the defaults (the manifest's platforms, else the host; debug and release).
    package var build: BuildSelection?
    /// `testing: { targets: [...] }`: name patterns of test-support targets (fakes, fixtures)
    /// that no app product may link and no product code may import outside `#if DEBUG`.
    package var testingTargets: [String] = Configuration.defaultTestingTargets
    /// `testing: { hostedTests: "explicit" }`: whether a hosted unit-test bundle sees the
    /// modules its host app links (`host`, the default) or only what it declares.
    package var hostedTests: HostedTestImports = .host
    /// `products: { allowLinkage: [...] }`: products that may declare `type: .static` or
    /// `.dynamic` (by name, or `package/name`).
    package var allowedLinkage: [String] = []
    /// `footprint: { budgets: [...] }`: how much an image may hold (`footprint-budget`).
    package var footprintBudgets: [FootprintBudget] = []

    /// Test support by its conventional names: `SearchTesting`, `NetworkTestSupport`, `APIMocks`.
    package static let defaultTestingTargets = ["*Testing", "*TestSupport", "*Mocks"]

    /// Whether a target or module named `name` is test support by `testingTargets`.
    package func isTestingName(_ name: String) -> Bool {
        var contiguous = name
        return contiguous.withUTF8 { nameBytes in
            testingTargets.contains { pattern in
                // Most patterns are `*Suffix`: a suffix test on the bytes, no glob to build (rules
                // ask for every import; the views' generic suffix and comparison cost thousands of
                // instructions a name).
                var pattern = pattern
                let isSuffix: Bool? = pattern.withUTF8 { patternBytes in
                    let suffix = patternBytes.dropFirst()
                    guard patternBytes.first == UInt8(ascii: "*"),
                          !suffix.contains(where: { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "[") }) else { return nil }
                    return nameBytes.count >= suffix.count && nameBytes[(nameBytes.count - suffix.count)...].elementsEqual(suffix)
                }
                return isSuffix ?? Glob(pattern).matches(name)
            }
        }
    }
    /// `pins: { requirement: "exact" }`: the loosest requirement `pinned-dependency` accepts.
    package var pinPolicy: PinPolicy = .exact
    /// `sharedLibraries`: third-party products or packages several targets may use without
    /// `third-party-wrapper` asking for one wrapper (a logging facade, swift-collections).
    package var sharedLibraries: [String] = []
    /// `imports.ignore`: modules whose imports no rule reports, each with its reason.
    package var importIgnores: [ImportIgnore] = []
    /// `source: { … }`: identifier, import-by-path, declaration and count rules inside files.
    package var source = SourceRules()

    package init(preset: String? = nil, layers: [Layer] = [], rules: [String: RuleSetting] = [:], exclude: [String] = [],
                 affectedIgnore: [String]? = nil, linkOnly: [LinkOnlyDependency] = []) {
        self.affectedIgnore = affectedIgnore
        self.linkOnly = linkOnly
        self.preset = preset
        self.layers = layers
        self.rules = rules
        self.exclude = exclude
    }

    /// A layer: which targets belong to it, and which layers it may use.
    package struct Layer: Sendable, Equatable {
        package var name: String
        /// Globs on the target's folder, relative to the root: `Packages/Account/Sources/*`.
        package var paths: [String]
        /// True for a preset's layers only: their paths (`Sources/Kernel/*`) follow a convention
        /// every package of the repository may use, so they match the folder relative to the
        /// target's own package instead of the root.
        package var pathsArePackageRelative: Bool = false
        /// Target names that end (or begin) with one of these: `Interface`, `Feature`.
        package var suffixes: [String]
        package var prefixes: [String]
        /// Target names listed explicitly.
        package var targets: [String]
        /// What its targets build: an Xcode product type (`application`, `app-extension`,
        /// `framework`, `unit-test`, `ui-test`, …) or a SwiftPM kind (`executable`, `test`, …), so
        /// an app's composition roots — the app and its extensions — form a layer by kind.
        package var kinds: [String] = []
        /// Layers this layer may depend on; `*` for all.
        package var mayUse: [String]
        /// Whether its targets may use products of remote packages.
        package var allowsThirdParty: Bool
        /// Whether its targets are private to their package: another package's targets may use
        /// them only from a layer that may use every layer (a composition root, test support).
        package var isPackageInternal: Bool
        /// Modules its targets must not import, such as `SwiftUI` in a domain layer.
        package var forbiddenImports: [String]
        /// The convention this layer's row states, in the words of the architecture it comes
        /// from, quoted in its findings so a person sees which rule of theirs was broken.
        package var convention: String?
        /// `requiredSettings`: settings each of its targets must carry (`required-settings`).
        package var requiredSettings: [RequiredSetting] = []

        package init(name: String, paths: [String] = [], suffixes: [String] = [], prefixes: [String] = [],
                     targets: [String] = [], mayUse: [String] = [], allowsThirdParty: Bool = false,
                     isPackageInternal: Bool = false, forbiddenImports: [String] = [], convention: String? = nil) {
            self.name = name
            self.paths = paths
            self.suffixes = suffixes
            self.prefixes = prefixes
            self.targets = targets
            self.mayUse = mayUse
            self.allowsThirdParty = allowsThirdParty
            self.isPackageInternal = isPackageInternal
            self.forbiddenImports = forbiddenImports
            self.convention = convention
        }

        /// The names `kinds` may use: Xcode's product types, then SwiftPM's kinds.
        package static let knownKinds = ProjectProductType.named.map(\.name) + TargetKind.allCases.map(\.rawValue)

        package func allows(_ other: String) -> Bool {
            mayUse.contains("*") || mayUse.contains(other)
        }
    }

    /// The severity a rule reports at: the configured one, else `defaultSeverity`; nil when off.
    package func severity(ofRule id: String, default defaultSeverity: Severity?) -> Severity? {
        rules[id].map(\.severity) ?? defaultSeverity
    }
}

/// What `rules: { "<id>": … }` sets a rule to.
package enum RuleSetting: String, Sendable, Hashable, CaseIterable {
    /// `note` reports without ever failing a run: the default of rules whose findings are
    /// probable rather than certain (`unknown-module`).
    case error, warning, note, off

    /// The severity the rule reports at; nil when it is off.
    package var severity: Severity? {
        switch self {
        case .error: .error
        case .warning: .warning
        case .note: .note
        case .off: nil
        }
    }
}
