import ImportScanning
import ModuleGraph
import TestSupport
import Testing
@testable import Rules

/// What `#if` is decided in for one target: its flags and its language mode.
@Suite(.tags(.small)) struct TargetBuildsTests {
    static func graph(_ target: Target, languageModes: [String] = [], toolsVersion: String? = "6.0") -> ModuleGraph {
        var package = PackageNode(identity: "p", name: "P", origin: .local(path: "."), toolsVersion: toolsVersion)
        package.languageModes = languageModes
        return ModuleGraph(packages: [package], targets: [target])
    }

    static func flags(_ target: Target, _ configuration: BuildConfiguration) -> Set<String>? {
        let builds = TargetBuilds(target: target, graph: graph(target), builds: [PlatformBuild(.ios, configuration)])
        return builds.environments.first?.variants.first?.definedFlags
    }

    /// A package target has SWIFT_PACKAGE, whether it has a resource bundle, and DEBUG in debug;
    /// an Xcode target has exactly its
    /// SWIFT_ACTIVE_COMPILATION_CONDITIONS for the configuration.
    @Test func projectTargetsHaveOnlyTheirOwnConditions() {
        let conditions = [
            BuildSetting(tool: "swift", kind: "define", values: ["DEBUG"], condition: DependencyCondition(configuration: "debug")),
            BuildSetting(tool: "swift", kind: "define", values: ["APPSTORE"], condition: DependencyCondition(configuration: "release")),
        ]
        let app = Target(id: TargetID(package: "p", name: "App"), kind: .executable, moduleName: "App", path: "App",
                         settings: conditions, productType: .application)
        #expect(Self.flags(app, .debug) == ["DEBUG"])
        #expect(Self.flags(app, .release) == ["APPSTORE"])
        let module = Target(id: TargetID(package: "p", name: "Kit"), kind: .library, moduleName: "Kit", path: "Sources/Kit")
        #expect(Self.flags(module, .debug) == ["SWIFT_PACKAGE", "SWIFT_MODULE_RESOURCE_BUNDLE_UNAVAILABLE", "DEBUG"])
        #expect(Self.flags(module, .release) == ["SWIFT_PACKAGE", "SWIFT_MODULE_RESOURCE_BUNDLE_UNAVAILABLE"])
        // A target with resources has a bundle, and SwiftPM says so (`swift build -v`).
        var withResources = module
        withResources.resources = ["Sources/Kit/data.json"]
        #expect(Self.flags(withResources, .release) == ["SWIFT_PACKAGE", "SWIFT_MODULE_RESOURCE_BUNDLE_AVAILABLE"])
    }

    /// The target's own mode wins; else the newest of the package's `swiftLanguageModes:` this
    /// compiler builds; else the tools version.
    @Test(arguments: [
        ([String](), [String](), "6.0", BuildEnvironment.toolchainCompilerVersion),
        ([], [], "5.9", [5, 10]),
        ([], ["5"], "6.0", [5, 10]),
        ([], ["5", "6"], "6.0", BuildEnvironment.toolchainCompilerVersion),
        (["4.2"], ["5", "6"], "6.0", [4, 2]),
        (["4"], [], "6.0", [4, 1, 50]),
        ([], ["4"], "6.0", [4, 1, 50]),
        ([], ["4", "4.2"], "6.0", [4, 2]),
        (["5"], [], "6.0", [5, 10]),
        // A tools version before 5 builds in its own mode (`swift build -v` passes -swift-version 4.2 / 4).
        ([], [], "4.2", [4, 2]),
        ([], [], "4.2.0", [4, 2]),
        ([], [], "4.0", [4, 1, 50]),
        ([], [], "5.0", [5, 10]),
    ])
    func languageMode(_ own: [String], _ packageModes: [String], _ tools: String, expected: [Int]?) {
        let settings = own.map { BuildSetting(tool: "swift", kind: "swiftLanguageMode", values: [$0]) }
        let target = Target(id: TargetID(package: "p", name: "Kit"), kind: .library, moduleName: "Kit", path: "Sources/Kit", settings: settings)
        #expect(TargetBuilds.languageVersion(of: target, in: Self.graph(target, languageModes: packageModes, toolsVersion: tools)) == expected)
    }

    /// The conditions a setting defines, as swiftc takes them: a valued one defines nothing (swiftc
    /// warns and drops it), `-DNAME` and `-D NAME` in unsafeFlags define NAME.
    @Test(arguments: [
        (BuildSetting(tool: "swift", kind: "define", values: ["PLAIN"]), ["PLAIN"]),
        (BuildSetting(tool: "swift", kind: "define", values: ["VALUED=1"]), []),
        (BuildSetting(tool: "swift", kind: "unsafeFlags", values: ["-DUNSAFE", "-Onone", "-D", "SPACED", "-DVALUED=2", "-enable-testing"]), ["UNSAFE", "SPACED"]),
        (BuildSetting(tool: "swift", kind: "unsafeFlags", values: ["-D"]), []),
        (BuildSetting(tool: "swift", kind: "enableUpcomingFeature", values: ["ExistentialAny"]), []),
    ])
    func definesAsSwiftcTakesThem(_ setting: BuildSetting, expected: [String]) {
        #expect(TargetBuilds.defines(of: setting) == expected)
    }

    /// A feature setting as swiftc reads the flags SwiftPM passes for it
    /// (`CompilerFeatureFlagTests` asks the compiler about each value), and its
    /// `.when(platforms:)` per build.
    @Test(arguments: [
        (BuildSetting(tool: "swift", kind: "enableUpcomingFeature", values: ["StrictConcurrency=complete"]),
         ["GlobalConcurrency", "IsolatedDefaultValues", "RegionBasedIsolation", "StrictConcurrency"]),
        (BuildSetting(tool: "swift", kind: "enableUpcomingFeature", values: ["StrictConcurrency=targeted"]), []),
        (BuildSetting(tool: "swift", kind: "enableUpcomingFeature", values: ["ExistentialAny:migrate"]), []),
        (BuildSetting(tool: "swift", kind: "enableUpcomingFeature", values: ["ExistentialAny"]), ["ExistentialAny"]),
        (BuildSetting(tool: "swift", kind: "enableUpcomingFeature", values: ["NoSuchFeature"]), []),
        (BuildSetting(tool: "swift", kind: "enableUpcomingFeature", values: ["Embedded"]), []),
        (BuildSetting(tool: "swift", kind: "enableExperimentalFeature", values: ["ApproachableConcurrency"]), []),
        (BuildSetting(tool: "swift", kind: "enableUpcomingFeature", values: ["ApproachableConcurrency"]),
         ["DisableOutwardActorInference", "GlobalActorIsolatedTypesUsability", "InferIsolatedConformances",
          "InferSendableFromCaptures", "NonisolatedNonsendingByDefault"]),
        (BuildSetting(tool: "swift", kind: "strictMemorySafety", values: []), ["StrictMemorySafety"]),
        (BuildSetting(tool: "swift", kind: "unsafeFlags", values: ["-enable-upcoming-feature", "MemberImportVisibility", "-strict-concurrency=complete",
                                                                   "-enable-experimental-feature", "NoSuchFeature"]),
         ["GlobalConcurrency", "IsolatedDefaultValues", "MemberImportVisibility", "RegionBasedIsolation", "StrictConcurrency"]),
    ])
    func featuresAsSwiftcReadsThem(_ setting: BuildSetting, expected: [String]) {
        #expect(TargetBuilds.enabledFeatures(of: setting).sorted() == expected)
    }

    @Test func featuresHoldPerBuild() {
        let settings = [BuildSetting(tool: "swift", kind: "enableExperimentalFeature", values: ["Embedded"], condition: DependencyCondition(platforms: ["macos"]))]
        let target = Target(id: TargetID(package: "p", name: "Kit"), kind: .library, moduleName: "Kit", path: "Sources/Kit", settings: settings)
        let builds = TargetBuilds(target: target, graph: Self.graph(target), builds: [PlatformBuild(.ios, .debug), PlatformBuild(.macos, .debug)])
        let features = builds.environments.map { ($0.build.platform, $0.variants.first?.enabledFeatures ?? []) }
        #expect(features.first { $0.0 == .ios }?.1.contains("Embedded") == false)
        #expect(features.first { $0.0 == .macos }?.1.contains("Embedded") == true)
    }
}

/// `canImport(M.Sub)` of a module the graph builds from Swift is false (a Swift module has no
/// submodules: swiftc 6.3.1 answers false); of a C target's it stays undecided.
@Suite(.tags(.small)) struct SwiftSubmoduleTests {
    @Test func aSwiftTargetHasNoSubmodules() throws {
        let kit = Target(id: TargetID(package: "p", name: "Kit"), kind: .library, moduleName: "Kit", path: "Sources/Kit")
        let clang = Target(id: TargetID(package: "p", name: "CKit"), kind: .cFamily, moduleName: "CKit", path: "Sources/CKit")
        let app = Target(id: TargetID(package: "p", name: "App"), kind: .library, moduleName: "App", path: "Sources/App",
                         dependencies: [DependencyEdge(.target(kit.id)), DependencyEdge(.target(clang.id))])
        let graph = ModuleGraph(packages: [PackageNode(identity: "p", name: "P", origin: .local(path: "."), toolsVersion: "6.0")],
                                targets: [kit, clang, app])
        let builds = TargetBuilds(target: app, graph: graph, builds: [PlatformBuild(.linux, .debug)])
        let environment = try #require(builds.environments.first?.variants.first)
        #expect(environment.evaluate("canImport(Kit.Sub)") == false)
        #expect(environment.evaluate("canImport(Kit)") == true)
        #expect(environment.evaluate("canImport(CKit.Sub)") == nil)
    }
}
