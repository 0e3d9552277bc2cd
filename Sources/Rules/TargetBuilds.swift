import ImportScanning
import ModuleGraph
import Synchronization

/// Each target's concrete build environments for the configured platform builds: what `#if`
/// is decided in. Made once per check from the graph; a pure function of the manifest's facts.
///
/// A class, though nothing in it changes once made: it is handed out with every question about
/// an import's activity, and as a value each hand-out counted a dozen references (its sets,
/// arrays and tables) up and down again, atomically.
package final class TargetBuilds: Sendable {
    /// Per build, one environment per variant of its platform (device, simulator, …). Made on
    /// first use and kept: a check asks for the environments of one target of each kind (and
    /// each distinct view of the modules its clauses name), not of every target.
    package var environments: [(build: PlatformBuild, variants: [BuildEnvironment])] {
        made.value { recipe.environments(visibleSets: visibleSets) }
    }
    /// Where an import outside every `#if` is compiled: in each build with a variant.
    package let unconditional: ImportActivity
    /// Everything the environments are made of but the graph's modules the target sees (and
    /// what every target of one check shares: the unbuilt and missing modules of each build):
    /// two targets of one kind differ only in those, so an import's clauses are decided alike
    /// for both when each sees the same of the modules the clauses' `canImport` names.
    package var kind: Kind { recipe.kind }
    /// The distinct sets of the graph's modules the target sees, one per walk
    /// (`Kind.visibleSetOfBuild` says which build sees which).
    package let visibleSets: [Set<String>]
    private let recipe: Recipe
    private let made = Made()

    package struct Kind: Hashable, Sendable {
        var builds: [PlatformBuild]
        var languageVersion: [Int]?
        /// Per build: the features its settings enable (`enableUpcomingFeature`,
        /// `enableExperimentalFeature`), which carry `.when(platforms:configuration:)` too.
        var features: [Set<String>]
        var isProjectTarget: Bool
        var compilerVersion: [Int]?
        /// Per build: the `-D` flags that hold for it, and which of `visibleSets` it sees.
        var defines: [Set<String>]
        var visibleSetOfBuild: [Int]

        /// The cheap parts: kinds are told apart by `==`, and most targets share a handful.
        package func hash(into hasher: inout Hasher) {
            hasher.combine(builds.count)
            hasher.combine(languageVersion)
            hasher.combine(isProjectTarget)
            for features in self.features { hasher.combine(features.count) }
            hasher.combine(visibleSetOfBuild)
            for defines in self.defines { hasher.combine(defines.count) }
        }
    }

    /// What the environments are made from: the kind, and per build the modules known missing.
    private struct Recipe: Sendable {
        var kind: Kind
        /// Per build: the platform's missing modules with the unbuilt ones, made once for every
        /// target; a build it lacks adds the unbuilt modules here. Looked up only when the
        /// environments are made.
        var knownMissing: [PlatformBuild: Set<String>]
        var unbuilt: [PlatformBuild: Set<String>]
        /// `ExternalModules.swiftOnlyModules`, one set for every target of a check.
        var swiftOnlyModules: Set<String> = []

        func environments(visibleSets: [Set<String>]) -> [(build: PlatformBuild, variants: [BuildEnvironment])] {
            kind.builds.indices.map { index in
                let build = kind.builds[index]
                let defines = kind.defines[index]
                var variants = build.environments(defines: defines, languageVersion: kind.languageVersion, enabledFeatures: kind.features[index],
                                                  visibleModules: visibleSets[kind.visibleSetOfBuild[index]], compilerVersion: kind.compilerVersion)
                for variant in variants.indices {
                    if kind.isProjectTarget { variants[variant].definedFlags = defines }
                    variants[variant].swiftOnlyModules = swiftOnlyModules
                }
                for variant in variants.indices {
                    // SwiftPM passes no -user-module-version; Xcode passes SWIFT_USER_MODULE_VERSION
                    // when a target sets it, which is not read here.
                    variants[variant].visibleModulesHaveNoVersion = !kind.isProjectTarget
                }
                // Modules no target builds on this platform cannot be imported there (`UnbuiltModules`).
                if let shared = knownMissing[build] {
                    for variant in variants.indices where variants[variant].knownMissingModules != nil { variants[variant].knownMissingModules = shared }
                } else if let missing = unbuilt[build], !missing.isEmpty {
                    for variant in variants.indices { variants[variant].knownMissingModules?.formUnion(missing) }
                }
                return (build, variants)
            }
        }
    }

    /// The environments once made, shared by copies of these builds.
    private final class Made: Sendable {
        private let environments = Mutex<[(build: PlatformBuild, variants: [BuildEnvironment])]?>(nil)

        func value(_ make: () -> [(build: PlatformBuild, variants: [BuildEnvironment])]) -> [(build: PlatformBuild, variants: [BuildEnvironment])] {
            environments.withLock { made in
                if let made { return made }
                let value = make()
                made = value
                return value
            }
        }
    }

    /// The defines every package target starts from, and a project target's: one set each for
    /// every target, so that targets' kinds, most of which define nothing more, share their
    /// storage and compare equal at once (a set made per target was compared element by element,
    /// hashing each, for every target of a kind).
    private static let packageDefinesWithoutResources: Set<String> = ["SWIFT_PACKAGE", "SWIFT_MODULE_RESOURCE_BUNDLE_UNAVAILABLE"]
    private static let packageDefinesWithResources: Set<String> = ["SWIFT_PACKAGE", "SWIFT_MODULE_RESOURCE_BUNDLE_AVAILABLE"]
    private static let noDefines: Set<String> = []

    /// The platforms with a variant, each of which makes an environment (`PlatformBuild.environments`).
    private static let platformsWithVariants = Set(Platform.allCases.filter { !$0.variants.isEmpty })

    /// `compilerVersion`: the user's toolchain's (`ToolchainVersion`), for `compiler(>=…)` and
    /// Swift 6 mode's `swift(>=…)`; `unbuilt`: per build, the graph's modules no target builds there.
    package convenience init(target: Target, graph: ModuleGraph, builds configured: [PlatformBuild],
                 compilerVersion: [Int]? = BuildEnvironment.toolchainCompilerVersion, unbuilt: [PlatformBuild: Set<String>] = [:]) {
        self.init(target: target, graph: graph, builds: configured, products: ExternalModules(graph: graph),
                  compilerVersion: compilerVersion, unbuilt: unbuilt)
    }

    /// `products`: the graph's external products' modules, made once for every target.
    /// `knownMissing`: per configured build, its platform's missing modules
    /// (`SDKModules.missing`) with `unbuilt`'s, made once for every target rather than once per
    /// target and variant; a build it lacks gets the union made here.
    package init(target: Target, graph: ModuleGraph, builds configured: [PlatformBuild], products: ExternalModules,
         compilerVersion: [Int]?, unbuilt: [PlatformBuild: Set<String>], knownMissing: [PlatformBuild: Set<String>] = [:]) {
        let builds = Self.ownBuilds(of: target, configured: configured)
        let language = Self.languageVersion(of: target, in: graph)
        let featureSettings = target.settings.filter { $0.tool == "swift" && Self.featureKinds.contains($0.kind) }
        let features = builds.map { build in
            Set(featureSettings.filter { Self.applies($0.condition, to: build) }.flatMap(Self.enabledFeatures))
        }
        // A walk's modules hold for every build that decides the conditions the walk met as its
        // build did: most graphs declare no `.when(platforms:configuration:)` on the edges a
        // target reaches (one walk for all builds), and those that do name a platform or two
        // (one walk per answer, not per platform and configuration).
        var walks: [(build: PlatformBuild, conditions: [DependencyCondition], modules: Set<String>)] = []
        var allDefines: [Set<String>] = []
        var visibleSetOfBuild: [Int] = []
        let isProjectTarget = target.productType != nil
        // SwiftPM builds a package's targets with SWIFT_PACKAGE (and DEBUG in debug, which
        // `environments` adds); Xcode builds a project's targets with exactly their
        // SWIFT_ACTIVE_COMPILATION_CONDITIONS, so neither is implied for them.
        // SwiftPM also says whether the target has a resource bundle (`swift build -v`:
        // -DSWIFT_MODULE_RESOURCE_BUNDLE_AVAILABLE, else _UNAVAILABLE).
        let implied = isProjectTarget ? Self.noDefines
            : target.resources.isEmpty ? Self.packageDefinesWithoutResources : Self.packageDefinesWithResources
        for build in builds {
            var defines = implied
            for setting in target.settings where setting.tool == "swift" && Self.applies(setting.condition, to: build) {
                defines.formUnion(Self.defines(of: setting))
            }
            if let earlier = walks.firstIndex(where: { walk in walk.conditions.allSatisfy { Self.applies($0, to: walk.build) == Self.applies($0, to: build) } }) {
                visibleSetOfBuild.append(earlier)
            } else {
                let walked = Self.visibleModules(of: target, in: graph, build: build, products: products)
                visibleSetOfBuild.append(walks.count)
                walks.append((build, walked.conditions, walked.modules))
            }
            allDefines.append(defines)
        }
        visibleSets = walks.map(\.modules)
        let kind = Kind(builds: builds, languageVersion: language, features: features, isProjectTarget: isProjectTarget,
                        compilerVersion: compilerVersion, defines: allDefines, visibleSetOfBuild: visibleSetOfBuild)
        recipe = Recipe(kind: kind, knownMissing: knownMissing, unbuilt: unbuilt, swiftOnlyModules: products.swiftOnlyModules)
        // Every build has its platform's variants (`PlatformBuild.environments`, one per variant).
        unconditional = ImportActivity(active: builds.filter { Self.platformsWithVariants.contains($0.platform) }, undecided: [], builds: builds)
    }

    /// Per configured build, what `knownMissing` of the initializer takes: the platform's missing
    /// modules with the graph's modules no target builds there.
    package static func knownMissing(builds: [PlatformBuild], unbuilt: [PlatformBuild: Set<String>]) -> [PlatformBuild: Set<String>] {
        var result: [PlatformBuild: Set<String>] = [:]
        // A platform's configurations have the same unbuilt modules (`UnbuiltModules.byBuild`):
        // one union per platform.
        var byPlatform: [Platform: (unbuilt: Set<String>, missing: Set<String>)] = [:]
        for build in builds where result[build] == nil {
            let unbuiltHere = unbuilt[build] ?? []
            if let known = byPlatform[build.platform], known.unbuilt == unbuiltHere {
                result[build] = known.missing
                continue
            }
            let missing = SDKModules.missing(on: build.platform).union(unbuiltHere)
            byPlatform[build.platform] = (unbuiltHere, missing)
            result[build] = missing
        }
        return result
    }

    /// The builds of `target`: an Xcode project's target builds for its own platforms
    /// (`SUPPORTED_PLATFORMS`, `SDKROOT`), so a macOS app is never checked "on iOS": the
    /// configured builds of those platforms, or, when none is configured, its platforms in the
    /// configured configurations. Package targets (and project targets whose platforms are not
    /// known) take the configured builds.
    package static func ownBuilds(of target: Target, configured: [PlatformBuild]) -> [PlatformBuild] {
        let own = Set(target.platforms.compactMap(Platform.init(named:)))
        guard !own.isEmpty, !configured.isEmpty else { return configured }
        let matching = configured.filter { own.contains($0.platform) }
        if !matching.isEmpty { return matching }
        return PlatformBuild.all(platforms: own.sorted(), configurations: Array(Set(configured.map(\.configuration))))
    }

    /// For files outside any target (`bulkhead imports FILE`): no defines, no graph modules.
    package init(looseFilesFor builds: [PlatformBuild]) {
        visibleSets = [[]]
        let kind = Kind(builds: builds, languageVersion: nil, features: builds.map { _ in [] }, isProjectTarget: false,
                        compilerVersion: BuildEnvironment.toolchainCompilerVersion, defines: builds.map { _ in [] }, visibleSetOfBuild: builds.map { _ in 0 })
        recipe = Recipe(kind: kind, knownMissing: [:], unbuilt: [:])
        unconditional = ImportActivity(active: builds.filter { Self.platformsWithVariants.contains($0.platform) }, undecided: [], builds: builds)
    }

    /// The settings that may turn a feature on.
    private static let featureKinds: Set<String> = ["enableUpcomingFeature", "enableExperimentalFeature", "strictMemorySafety", "unsafeFlags"]

    /// The features a Swift setting turns on, as swiftc reads the flags SwiftPM passes for it
    /// (`CompilerFeatures.enabled(by:_:)`): `enableUpcomingFeature`, `enableExperimentalFeature`,
    /// `strictMemorySafety()`, and the same flags in `unsafeFlags`.
    static func enabledFeatures(of setting: BuildSetting) -> [String] {
        switch setting.kind {
        case "enableUpcomingFeature": return setting.values.flatMap { CompilerFeatures.enabled(by: .upcoming, $0) }
        case "enableExperimentalFeature": return setting.values.flatMap { CompilerFeatures.enabled(by: .experimental, $0) }
        case "strictMemorySafety": return ["StrictMemorySafety"]
        case "unsafeFlags":
            var features: [String] = []
            var flags = setting.values[...]
            while let flag = flags.popFirst() {
                switch flag {
                case "-enable-upcoming-feature": if let value = flags.popFirst() { features += CompilerFeatures.enabled(by: .upcoming, value) }
                case "-enable-experimental-feature": if let value = flags.popFirst() { features += CompilerFeatures.enabled(by: .experimental, value) }
                case "-strict-memory-safety": features.append("StrictMemorySafety")
                default:
                    if flag.hasPrefix("-strict-concurrency=") {
                        features += CompilerFeatures.enabled(byStrictConcurrency: String(flag.dropFirst("-strict-concurrency=".count)))
                    }
                }
            }
            return features
        default: return []
        }
    }

    /// The compilation conditions a Swift setting defines, as swiftc takes them: `.define("NAME")`
    /// and `-DNAME` (alone, or `-D NAME`) in `unsafeFlags`. A valued one (`NAME=1`, `-DNAME=1`)
    /// defines nothing: swiftc warns that conditions have no values and drops it.
    static func defines(of setting: BuildSetting) -> [String] {
        func plain(_ name: Substring) -> String? {
            name.isEmpty || name.contains("=") ? nil : String(name)
        }
        switch setting.kind {
        case "define":
            return setting.values.prefix(1).compactMap { plain($0[...]) }
        case "unsafeFlags":
            var names: [String] = []
            var flags = setting.values[...]
            while let flag = flags.popFirst() {
                if flag == "-D", let name = flags.popFirst() {
                    if let defined = plain(name[...]) { names.append(defined) }
                } else if flag.hasPrefix("-D"), let defined = plain(flag.dropFirst(2)) {
                    names.append(defined)
                }
            }
            return names
        default:
            return []
        }
    }

    /// Whether a `.when(platforms:configuration:)` holds for `build`.
    static func applies(_ condition: DependencyCondition?, to build: PlatformBuild) -> Bool {
        guard let condition else { return true }
        if let platforms = condition.platforms, !platforms.isEmpty,
           !platforms.contains(where: { Platform(named: $0) == build.platform }) { return false }
        if let configuration = condition.configuration, configuration != build.configuration.rawValue { return false }
        return true
    }

    /// The modules a target can import from the graph in `build`: its own, every target it
    /// depends on directly or not, and the modules of the products those declare — following
    /// only dependencies whose `.when(platforms:configuration:)` holds for the build. A module
    /// reached only through a dependency of another platform is not visible, so `canImport` of
    /// it stays undecided (another target may still have built it).
    ///
    /// `conditions` are the distinct conditions of the edges the walk met: a build that decides
    /// each of them as `build` does walks the same edges, and sees the same modules.
    static func visibleModules(of target: Target, in graph: ModuleGraph, build: PlatformBuild,
                               products: ExternalModules) -> (modules: Set<String>, conditions: [DependencyCondition]) {
        var modules: Set<String> = [target.moduleName]
        guard let start = graph.index(of: target.id) else { return (modules, []) }
        // Targets met, by position: hashing each one's name at every step of every target's walk
        // was most of what the rules cost on a monorepo.
        var seen = [Bool](repeating: false, count: graph.targets.count)
        seen[start] = true
        var pending = [start]
        var conditions: [DependencyCondition] = []
        var met: Set<DependencyCondition> = []
        // The targets reached, named once the walk is done: the set is then made at its size,
        // not grown (and rehashed) insert by insert.
        var reached: [Int] = []
        while let index = pending.popLast() {
            let (dependencies, targetIndices) = graph.dependencies(atIndex: index)
            for position in dependencies.indices {
                let condition = dependencies[position].edge.condition
                if let condition, met.insert(condition).inserted { conditions.append(condition) }
                guard applies(condition, to: build) else { continue }
                if let next = targetIndices[position] {
                    guard !seen[next] else { continue }
                    seen[next] = true
                    reached.append(next)
                    pending.append(next)
                } else if case .external(let package, let product) = dependencies[position].node {
                    modules.formUnion(products.modules(package: package, product: product))
                }
            }
        }
        modules.reserveCapacity(modules.count + reached.count)
        for next in reached { modules.insert(graph.targets[next].moduleName) }
        return (modules, conditions)
    }

    /// The modules of each external product, by package and name: the first product of that
    /// package and name in the graph's order, as a search of the list found it.
    package struct ExternalModules: Sendable {
        private var byKey: [String: [String: [String]]] = [:]
        /// The graph's modules only package targets of Swift build (`BuildEnvironment.swiftOnlyModules`):
        /// a project target may be a framework with a module map of its own, and a module name
        /// a C, system or binary target also has is not known to be Swift.
        package private(set) var swiftOnlyModules: Set<String> = []

        package init(graph: ModuleGraph) {
            var others: Set<String> = []
            for target in graph.targets {
                let isSwift = [.library, .executable, .test, .macro, .snippet].contains(target.kind) && target.productType == nil
                if isSwift { swiftOnlyModules.insert(target.moduleName) } else { others.insert(target.moduleName) }
            }
            swiftOnlyModules.subtract(others)
            for product in graph.externalProducts where byKey[product.package]?[product.name] == nil {
                byKey[product.package, default: [:]][product.name] = product.modules
            }
        }

        func modules(package: String, product: String) -> [String] {
            byKey[package]?[product] ?? []
        }
    }

    /// For `swift(>=…)`: the target's `swiftLanguageMode` (or an Xcode target's `SWIFT_VERSION`)
    /// when it names a number; else the newest of the package's `swiftLanguageModes:` this
    /// compiler builds (as SwiftPM picks); else the package's tools version (6.0 and later build
    /// in Swift 6 mode, 5.x in 5, 4.2 in 4.2). Swift 6 mode reports the compiler's version, Swift 5 mode 5.10, 4.2 mode
    /// 4.2 and 4 mode 4.1.50, as a 6.x compiler does.
    static func languageVersion(of target: Target, in graph: ModuleGraph) -> [Int]? {
        let setting = target.settings.first { $0.tool == "swift" && ($0.kind == "swiftLanguageMode" || $0.kind == "swiftLanguageVersion") }
        var major = setting?.values.first.flatMap { Int($0.prefix { $0 != "." }) }
        // Swift 4 mode answers 4.1.50, 4.2 mode 4.2 (checked with `swiftc -swift-version 4/4.2`).
        var isFourTwo = setting?.values.first.map { $0.hasPrefix("4.2") } ?? false
        // The package looked up once, and only when the target names no mode of its own.
        let package = major == nil ? graph.package(target.id.package) : nil
        if major == nil, let modes = package?.languageModes {
            major = modes.compactMap { Int($0.prefix { $0 != "." }) }.filter { $0 <= 6 }.max()
            isFourTwo = modes.contains { $0.hasPrefix("4.2") }
        }
        if major == nil, let tools = package?.toolsVersion {
            // Tools 6.0 and later build in Swift 6 mode, 5.x in 5, 4.2 in 4.2 and 4.0 in 4
            // (SwiftPM's default for a manifest that names no language mode).
            // The first component that is not empty, as splitting at the dots gives it (a generic
            // split cost more than the rest of a target's builds); the second only for 4.
            let first = tools.drop { $0 == "." }.prefix { $0 != "." }
            major = Int(first).map { $0 >= 6 ? 6 : $0 >= 5 ? 5 : 4 }
            if major == 4 { isFourTwo = tools.drop { $0 == "." }.dropFirst(first.count + 1).prefix { $0 != "." } == "2" }
        }
        switch major {
        case 6?: return BuildEnvironment.toolchainCompilerVersion
        case 5?: return [5, 10]
        case 4?: return isFourTwo ? [4, 2] : [4, 1, 50]
        default: return nil
        }
    }
}
