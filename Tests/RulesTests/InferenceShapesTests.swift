@testable import Configuration
import Diagnostics
import ModuleGraph
import TestSupport
import Testing
@testable import Rules

/// `bulkhead init` on the shapes of real codebases whose names do not say their architecture,
/// or say too much: a stack of packages named for what they hold, a 420-target SDK package of
/// service names, an app monorepo whose modules repeat `Swift`, `App` and `Sync`, an app with
/// three packages, a TCA app whose models and theme match no family. On each: a few layers a
/// reviewer would accept, at least 80% of the non-test targets placed, and a first check that
/// reports only the outliers.
@Suite(.tags(.small)) struct InferenceShapesTests {
    typealias Example = RuleExample.ExampleTarget
    static func target(_ name: String, path: String? = nil, kind: String = "library", _ dependencies: [String] = [], package: String = "example") -> Example {
        PresetFixtures.target(name, path: path, kind: kind, dependencies, package: package)
    }

    /// The example's graph with each package at the folder `packagePaths` gives, named after its
    /// last component as a manifest would name it, and the targets `apps` names turned into an
    /// Xcode project's targets of those product types.
    static func graph(_ targets: [Example], packagePaths: [String: String] = [:], apps: [String: ProjectProductType] = [:]) -> (ModuleGraph, CheckInput) {
        let input = RuleExample("init", targets: targets).input(enabling: "layer-dependency")
        let packages = input.graph.packages.map { package -> PackageNode in
            guard let path = packagePaths[package.identity] else { return package }
            var moved = package
            moved.origin = .local(path: path)
            moved.name = String(path.split(separator: "/").last ?? "")
            return moved
        }
        let projectTargets = input.graph.targets.map { target -> Target in
            var changed = target
            changed.productType = apps[target.name]
            return changed
        }
        return (ModuleGraph(packages: packages, targets: projectTargets, externalProducts: input.graph.externalProducts), input)
    }

    static func firstCheck(_ targets: [Example], packagePaths: [String: String] = [:], apps: [String: ProjectProductType] = [:]) -> (ConfigurationInference, [Finding], ModuleGraph) {
        let (graph, input) = graph(targets, packagePaths: packagePaths, apps: apps)
        let inference = ConfigurationInference.infer(from: graph, packageName: "Example")
        let configuration = Configuration(layers: inference.layers.map(\.layer))
        #expect(inference.preset == nil)
        return (inference, Checker.run(CheckInput(graph: graph, sources: input.sources, configuration: configuration)), graph)
    }

    /// The layers of the proposal that are its own: not Tests, the composition roots or test support.
    static func ownLayers(_ inference: ConfigurationInference) -> [Configuration.Layer] {
        inference.layers.map(\.layer).filter { !$0.mayUse.contains("*") }
    }

    /// The must-show properties of every shape: 2–10 own layers, at least 80% of the non-test
    /// targets placed, no layer named by a number, and the first check's layer findings.
    static func expectReviewable(_ inference: ConfigurationInference, _ findings: [Finding], targets: [Example], maximumFindings: Int = 0,
                                 sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let own = ownLayers(inference)
        #expect((2...10).contains(own.count), "\(own.map(\.name))", sourceLocation: sourceLocation)
        let nonTest = targets.filter { $0.kind != "test" }.count
        let placed = Int(inference.summary.split(separator: "(").last?.split(separator: " ").first ?? "") ?? 0
        #expect(placed * 10 >= nonTest * 8, "\(inference.summary)", sourceLocation: sourceLocation)
        #expect(!inference.layers.contains { $0.layer.name.contains(where: \.isNumber) || $0.layer.name == "Swift" }, sourceLocation: sourceLocation)
        let layerFindings = findings.filter { $0.ruleID == "layer-dependency" }
        #expect(layerFindings.count <= maximumFindings, "\(layerFindings.map(\.message))", sourceLocation: sourceLocation)
    }

    // MARK: A stack of packages named for what they hold

    /// IceCubesApp's shape: `Packages/<Name>`, one module each, Models → NetworkClient → Env →
    /// DesignSystem under the feature packages, and the app with its extensions.
    static let stack: [Example] = {
        var targets = [
            target("Models", package: "models"), target("ModelsTests", kind: "test", ["Models"], package: "models"),
            target("NetworkClient", ["Models"], package: "networkclient"),
            target("Env", ["Models", "NetworkClient"], package: "env"),
            target("DesignSystem", ["Env", "Models"], package: "designsystem"),
            target("MediaUI", ["DesignSystem", "Models"], package: "mediaui"),
            target("StatusKit", ["DesignSystem", "Env", "MediaUI", "Models", "NetworkClient"], package: "statuskit"),
            target("StatusKitTests", kind: "test", ["StatusKit"], package: "statuskit"),
        ]
        for feature in ["Timeline", "Account", "Notifications", "Conversations", "Explore", "Lists"] {
            targets.append(target(feature, ["StatusKit", "DesignSystem", "Env", "Models", "NetworkClient"], package: feature.lowercased()))
        }
        targets.append(target("IceApp", path: "IceApp", kind: "executable", ["Timeline", "Account", "Notifications", "Explore", "Env"], package: "project"))
        targets.append(target("ShareExtension", path: "ShareExtension", kind: "executable", ["StatusKit"], package: "project"))
        return targets
    }()
    static let stackPaths: [String: String] = Dictionary(stack.filter { $0.package != "project" && $0.kind != "test" }.map { ($0.package, "Packages/\($0.name)") },
                                                          uniquingKeysWith: { first, _ in first })

    @Test func aStackOfPackagesIsLayeredByTheGraphAndNamedAfterThePackages() {
        let (inference, findings, _) = Self.firstCheck(Self.stack, packagePaths: Self.stackPaths,
                                                                    apps: ["IceApp": .application, "ShareExtension": .appExtension])
        Self.expectReviewable(inference, findings, targets: Self.stack)
        #expect(inference.layers.map(\.layer.name) == ["Tests", "App", "Models", "NetworkClient", "Env", "DesignSystem", "Features"])
        let layers = InferenceLayoutTests.layers(inference)
        #expect(layers["Features"]?.targets == ["Account", "Conversations", "Explore", "Lists", "MediaUI", "Notifications", "StatusKit", "Timeline"])
        #expect(layers["Env"]?.mayUse == ["Models", "NetworkClient"])
        #expect(inference.summary == "7 layers inferred from the dependency graph (14 of 14 targets)")
        #expect(inference.layers.first { $0.layer.name == "NetworkClient" }?.reason
            == "1 module at level 1 of the dependency graph, counted up from the modules that depend on no other; named after its package, Packages/NetworkClient: NetworkClient.")
        #expect(inference.verdict.hasPrefix("a proposal to review: no naming or folder convention explains the graph"))
        #expect(findings.isEmpty, "\(findings.map(\.message))")
    }

    @Test func aCycleUpTheStackKeepsItsModulesInOneLayer() {
        // Env uses StatusKit, which uses Env: the modules of the cycle share a level, so one layer.
        var targets = Self.stack
        targets[3] = Self.target("Env", ["Models", "NetworkClient", "StatusKit"], package: "env")
        let (inference, findings, _) = Self.firstCheck(targets, packagePaths: Self.stackPaths, apps: ["IceApp": .application])
        Self.expectReviewable(inference, findings, targets: targets)
        let layerOf = Dictionary(inference.layers.flatMap { inferred in inferred.layer.targets.map { ($0, inferred.layer.name) } }, uniquingKeysWith: { first, _ in first })
        #expect(layerOf["Env"] != nil && layerOf["Env"] == layerOf["StatusKit"] && layerOf["Env"] == layerOf["DesignSystem"])
        #expect(findings.isEmpty, "\(findings.map(\.message))")
    }

    // MARK: A 420-target SDK package

    /// One core target, every service target using it and its own generated helper, which uses
    /// the core too; service names end in words shared by many (`Serverless`, `Catalog`…).
    static let sdk: [Example] = {
        let words = ["Serverless", "Catalog", "Connect", "Manager", "Insights", "Analytics", "Directory", "Store", "Stream", "Gateway",
                     "Search", "Sync", "Hub", "Monitor", "Pipeline", "Registry", "Builder", "Deploy", "Studio", "Shield", "Vault"]
        let areas = ["Alpha", "Bravo", "Cargo", "Delta", "Echo", "Forge", "Glide", "Harbor", "Iris", "Juno"]
        var targets = [target("SDKCore", path: "Sources/Core"), target("SDKCoreTests", kind: "test", ["SDKCore"])]
        for word in words {
            for area in areas {
                let service = "\(area)\(word)"
                targets.append(target("_\(service)Generated", path: "Sources/Services/\(service)/Generated", ["SDKCore"]))
                targets.append(target(service, path: "Sources/Services/\(service)/Sources", ["SDKCore", "_\(service)Generated"]))
            }
        }
        return targets
    }()

    @Test func anSDKOfServiceNamesHasTheGraphsFewLayers() {
        #expect(Self.sdk.count == 422)
        let (inference, findings, _) = Self.firstCheck(Self.sdk)
        Self.expectReviewable(inference, findings, targets: Self.sdk)
        let own = Self.ownLayers(inference).map(\.name)
        #expect((2...4).contains(own.count))
        #expect(own == ["SDKCore", "Generated", "Features"])
        #expect(inference.verdict.contains("the naming families make 43 layers, too many for an architecture"))
        #expect(findings.isEmpty)
    }

    // MARK: An app monorepo

    /// A shared kit, iOS and macOS apps, packages under `LocalPackages/` whose names repeat
    /// `Swift`, `App`, `Sync` and numbers, a lint plugin, and a UI-test bundle named for Sync.
    static let monorepo: [Example] = [
        target("BrowserKit", path: "Sources/BrowserKit", package: "kit"),
        target("BrowserKitUI", path: "Sources/BrowserKitUI", ["BrowserKit"], package: "kit"),
        target("Utilities", package: "utilities"),
        target("SwiftUIExtensions", package: "swiftuiextensions"),
        target("AppKitExtensions", ["Utilities"], package: "appkitextensions"),
        target("AppLauncher", package: "applauncher"),
        target("AppInfoRetriever", package: "appinforetriever"),
        target("Persistence", ["Utilities"], package: "persistence"),
        target("SyncDataProviders", ["BrowserKit", "Persistence"], package: "sync"),
        target("SyncUI", ["SyncDataProviders", "SwiftUIExtensions", "BrowserKitUI"], package: "syncui"),
        target("Bookmarks", ["BrowserKit", "Persistence"], package: "bookmarks"),
        target("History", ["BrowserKit", "Persistence"], package: "history"),
        target("NewTabPage", ["Bookmarks", "History", "SwiftUIExtensions", "BrowserKitUI"], package: "newtabpage"),
        target("Subscription2", ["BrowserKit", "Utilities"], package: "subscription"),
        target("SubscriptionUI", ["Subscription2", "SwiftUIExtensions"], package: "subscriptionui"),
        target("VPN", ["BrowserKit", "AppLauncher"], package: "vpn"),
        target("VPNUI", ["VPN", "SwiftUIExtensions"], package: "vpnui"),
        target("PreferencesUI", ["SyncUI", "SubscriptionUI", "VPNUI"], package: "preferencesui"),
        target("SwiftLintToolBundle", kind: "plugin", package: "lint"),
        target("BookmarksTests", kind: "test", ["Bookmarks"], package: "bookmarks"),
        target("DuckBrowser-iOS", path: "iOS", kind: "executable", ["BrowserKit", "NewTabPage", "SyncUI", "Bookmarks"], package: "project"),
        target("DuckBrowser-macOS", path: "macOS", kind: "executable", ["BrowserKit", "PreferencesUI", "NewTabPage", "AppKitExtensions", "AppInfoRetriever"], package: "project"),
        target("VPNExtension", path: "VPNExtension", kind: "executable", ["VPN"], package: "project"),
        target("SyncE2EUITests", path: "SyncE2EUITests", kind: "test", ["DuckBrowser-macOS"], package: "project"),
    ]

    @Test func anAppMonorepoHasNoLayerOfAWordOrANumber() {
        let paths = Dictionary(uniqueKeysWithValues: Set(Self.monorepo.map(\.package)).subtracting(["project", "kit"]).map { ($0, "LocalPackages/\($0)") })
            .merging(["kit": "SharedPackages/BrowserKit"]) { _, kit in kit }
        let (inference, findings, graph) = Self.firstCheck(Self.monorepo, packagePaths: paths, apps: [
            "DuckBrowser-iOS": .application, "DuckBrowser-macOS": .application, "VPNExtension": .appExtension, "SyncE2EUITests": .uiTestBundle,
        ])
        Self.expectReviewable(inference, findings, targets: Self.monorepo, maximumFindings: 5)
        let names = inference.layers.map(\.layer.name)
        // The split is the folders': the shared kit under the local packages, the apps over both.
        #expect(Self.ownLayers(inference).map(\.name) == ["LocalPackages", "SharedPackages"])
        #expect(InferenceLayoutTests.layers(inference)["LocalPackages"]?.mayUse == ["LocalPackages", "SharedPackages"])
        #expect(!names.contains("App2") && !names.contains("Swift") && !names.contains("Sync"))
        // The UI-test bundle is a test, not Sync; the plugin and the apps are composition roots.
        let assignment = LayerAssignment(graph: graph, layers: inference.layers.map(\.layer))
        #expect(assignment.layer(of: TargetID(package: "project", name: "SyncE2EUITests"))?.name == "Tests")
        #expect(InferenceLayoutTests.layers(inference)["App"]?.targets == ["DuckBrowser-iOS", "DuckBrowser-macOS", "SwiftLintToolBundle", "VPNExtension"])
    }

    // MARK: An app with three packages

    @Test func anAppWithThreePackagesIsLayeredByThem() {
        let targets = [
            Self.target("CoreKit", package: "core"), Self.target("DesignKit", ["CoreKit"], package: "design"),
            Self.target("Analytics", ["CoreKit"], package: "analytics"), Self.target("AnalyticsTests", kind: "test", ["Analytics"], package: "analytics"),
            Self.target("ElementApp", path: "ElementApp", kind: "executable", ["DesignKit", "Analytics", "CoreKit"], package: "project"),
        ]
        let (inference, findings, _) = Self.firstCheck(targets, packagePaths: ["core": "Packages/Core", "design": "Packages/Design", "analytics": "Packages/Analytics"],
                                                                    apps: ["ElementApp": .application])
        Self.expectReviewable(inference, findings, targets: targets)
        #expect(Self.ownLayers(inference).map(\.name) == ["Core", "Features"])
    }

    // MARK: A TCA app whose models and theme match no family

    @Test func modelsThemesAndSharedComponentsAreTheFoundation() {
        let targets = [
            Self.target("Model"), Self.target("Theme"), Self.target("CommonComponents", ["Theme"]),
            Self.target("APIClient", ["Model"]), Self.target("AuthClient", ["Model"]),
            Self.target("SearchFeature", ["APIClient", "Model", "CommonComponents"]), Self.target("ProfileFeature", ["AuthClient", "Model", "CommonComponents", "Theme"]),
            Self.target("SearchFeatureTests", kind: "test", ["SearchFeature"]),
        ]
        let (inference, findings, _) = Self.firstCheck(targets)
        Self.expectReviewable(inference, findings, targets: targets)
        let layers = InferenceLayoutTests.layers(inference)
        #expect(Self.ownLayers(inference).map(\.name) == ["Feature", "Client", "Foundation"])
        #expect(layers["Foundation"]?.targets == ["CommonComponents", "Model", "Theme"])
        #expect(layers["Feature"]?.mayUse == ["Client", "Foundation"])
        #expect(inference.summary == "4 layers inferred from naming families (7 of 7 targets)")
    }

    // MARK: Families that share no arrow

    @Test func aFamilyWhoseMembersShareNoArrowIsAWord() {
        // AppLauncher, AppInfoRetriever and AppKitExtensions use nothing in common and nothing
        // uses two of them: `App` is a word, and they are foundation modules.
        let (inference, _, _) = Self.firstCheck([
            Self.target("AppLauncher"), Self.target("AppInfoRetriever"), Self.target("AppKitExtensions"),
            Self.target("Networking"), Self.target("NetworkingUI", ["Networking", "AppKitExtensions"]), Self.target("Settings", ["NetworkingUI", "AppLauncher"]),
        ])
        #expect(!inference.layers.contains { $0.layer.prefixes == ["App"] })
    }
}

/// What `init` leaves out of the layers and what it names the file after.
@Suite(.tags(.small)) struct InferenceLeftOutTests {
    typealias Example = RuleExample.ExampleTarget

    /// A Danger manifest at the root, the code in packages below it.
    static func dangerRoot(rootName: String = "Danger", rootTarget: String = "DangerDependencies") -> ModuleGraph {
        let (graph, _) = InferenceShapesTests.graph([
            InferenceShapesTests.target(rootTarget),
            InferenceShapesTests.target("Models", package: "models"), InferenceShapesTests.target("NetworkClient", ["Models"], package: "networkclient"),
            InferenceShapesTests.target("Env", ["Models", "NetworkClient"], package: "env"), InferenceShapesTests.target("Timeline", ["Env", "Models"], package: "timeline"),
        ], packagePaths: ["models": "Packages/Models", "networkclient": "Packages/NetworkClient", "env": "Packages/Env", "timeline": "Packages/Timeline"])
        let packages = graph.packages.map { package -> PackageNode in
            var renamed = package
            if package.localPath == "." { renamed.name = rootName }
            return renamed
        }
        return ModuleGraph(packages: packages, targets: graph.targets, externalProducts: graph.externalProducts)
    }

    @Test func aToolsRootManifestNamesTheFolderAndIsLeftOut() {
        let graph = Self.dangerRoot()
        #expect(ConfigurationInference.toolPackage(in: graph)?.name == "Danger")
        #expect(ConfigurationInference.repositoryName(of: graph, folder: "/tmp/checkouts/ice-cubes") == "ice-cubes")
        let inference = ConfigurationInference.infer(from: graph, packageName: "ice-cubes")
        #expect(!inference.layers.contains { $0.layer.targets.contains("DangerDependencies") })
        #expect(inference.layers.map(\.layer.name) == ["Models", "NetworkClient", "Env", "Timeline"])
        #expect(inference.remarks.contains("The root Package.swift is a tool's (Danger), not the repository's code: its targets are left out of the layers and unchecked (exclude)."))
        #expect(inference.excluded == ["DangerDependencies"])
        #expect(inference.json5(packageName: "ice-cubes", rules: []).contains("\n  \"exclude\": [\"DangerDependencies\"],\n"))
    }

    @Test func theRepositorysOwnRootPackageNamesTheFile() {
        // A root package of the repository's code, used by the packages below it.
        let (graph, _) = InferenceShapesTests.graph([
            InferenceShapesTests.target("Shared"), InferenceShapesTests.target("Models", ["Shared"], package: "models"),
        ], packagePaths: ["models": "Packages/Models"])
        #expect(ConfigurationInference.toolPackage(in: graph) == nil)
        #expect(ConfigurationInference.repositoryName(of: graph, folder: "/tmp/work/checkout") == "Example")
        #expect(ConfigurationInference.toolPackage(in: Self.dangerRoot(rootName: "Shop", rootTarget: "ShopCore")) == nil)
    }

    @Test func anAggregateTargetIsACompositionRootNotAModule() {
        // Periphery's aggregate target depends on the app to scan it: no finding, no module.
        let targets = InferenceShapesTests.stack + [InferenceShapesTests.target("Periphery", path: "Periphery", kind: "executable", ["IceApp"], package: "project")]
        let (inference, findings, _) = InferenceShapesTests.firstCheck(targets, packagePaths: InferenceShapesTests.stackPaths,
                                                                       apps: ["IceApp": .application, "Periphery": .aggregate])
        #expect(InferenceLayoutTests.layers(inference)["App"]?.targets.contains("Periphery") == true)
        #expect(findings.isEmpty, "\(findings.map(\.message))")
    }

    @Test func aFoundationOfLeavesDoesNotMakeAFewFamiliesAnArchitecture() {
        // Two UI modules share a suffix; eight modules with no family sit over two leaves. The
        // family places 2 of 12: the graph's levels are proposed, not a Foundation of the rest.
        var targets = [InferenceShapesTests.target("Core"), InferenceShapesTests.target("Strings"),
                       InferenceShapesTests.target("SearchUI", ["Core"]), InferenceShapesTests.target("ProfileUI", ["Core"])]
        for name in ["Search", "Profile", "Booking", "Payments", "Trips", "Reviews", "Maps", "Offers"] {
            targets.append(InferenceShapesTests.target(name, ["Core", "Strings", "SearchUI"]))
        }
        let (inference, _, _) = InferenceShapesTests.firstCheck(targets)
        #expect(inference.summary.contains("inferred from the dependency graph"))
        #expect(inference.verdict.contains("the naming families place only 2 of 12 modules"))
    }
}

extension InferenceLeftOutTests {
    @Test func testSupportIsWhatOnlyTestsUse() {
        let targets = [
            InferenceShapesTests.target("Core"), InferenceShapesTests.target("XCTestDebugSupport"),
            InferenceShapesTests.target("Search", ["Core", "XCTestDebugSupport"]), InferenceShapesTests.target("Profile", ["Core"]),
            InferenceShapesTests.target("SearchTestHelpers", ["Search"]), InferenceShapesTests.target("SearchTests", kind: "test", ["Search", "SearchTestHelpers"]),
        ]
        let (inference, findings, _) = InferenceShapesTests.firstCheck(targets)
        let layers = InferenceLayoutTests.layers(inference)
        #expect(layers["TestSupport"]?.targets == ["SearchTestHelpers"])
        #expect(!inference.layers.contains { $0.layer.mayUse.contains("TestSupport") })
        #expect(findings.isEmpty, "\(findings.map(\.message))")
    }
}

/// The graph's levels under `init`'s layers.
@Suite(.tags(.small)) struct GraphLevelsTests {
    @Test func aCycleIsOneLevelAndEveryOtherModuleIsAboveWhatItUses() {
        let (graph, _) = InferenceShapesTests.graph([
            InferenceShapesTests.target("Base"), InferenceShapesTests.target("Left", ["Base", "Right"]), InferenceShapesTests.target("Right", ["Left"]),
            InferenceShapesTests.target("Top", ["Right"]),
        ])
        let modules = graph.targets.filter { $0.id.package == "example" }
        let levels = Dictionary(uniqueKeysWithValues: GraphLayers.levels(of: modules, in: graph).map { ($0.key.name, $0.value) })
        #expect(levels == ["Base": 0, "Left": 1, "Right": 1, "Top": 2])
    }

    @Test func aChainDeeperThanAnyStackIsWalkedWithoutRecursion() {
        let depth = 10_000
        let targets = (0..<depth).map { index in InferenceShapesTests.target("M\(index)", index == 0 ? [] : ["M\(index - 1)"]) }
        let (graph, _) = InferenceShapesTests.graph(targets)
        let levels = GraphLayers.levels(of: graph.targets, in: graph)
        #expect(levels[TargetID(package: "example", name: "M\(depth - 1)")] == depth - 1)
        let bands = GraphLayers.layers(for: graph.targets, in: graph)?.layers.count
        #expect(bands == GraphLayers.maximumLayers)
    }
}

extension InferenceLeftOutTests {
    @Test func foldersOfTheSameNameAreNamedWithTheirParentNotANumber() {
        #expect(FolderGroups.folderLayerName("iOS/Modules/Core", taken: []) == "Core")
        #expect(FolderGroups.folderLayerName("macOS/Core", taken: ["Core"]) == "macOSCore")
        let (inference, _, _) = InferenceShapesTests.firstCheck([
            InferenceShapesTests.target("Networking", path: "iOS/Core/Networking"), InferenceShapesTests.target("Storage", path: "iOS/Core/Storage", ["Networking"]),
            InferenceShapesTests.target("Keychain", path: "macOS/Core/Keychain"), InferenceShapesTests.target("Files", path: "macOS/Core/Files", ["Keychain"]),
            InferenceShapesTests.target("Search", path: "iOS/Features/Search", ["Storage"]), InferenceShapesTests.target("Profile", path: "iOS/Features/Profile", ["Storage"]),
        ])
        #expect(Set(inference.layers.map(\.layer.name)) == ["Core", "macOSCore", "Features"])
    }
}
