@testable import Configuration
import Diagnostics
import ModuleGraph
import TestSupport
import Testing
@testable import Rules

/// `bulkhead init` on the layouts of real codebases: modules named after their product
/// (prefix families: `NIOCore`/`CNIOLinux`, `SwiftDriver*`, `PocketCasts*`), one package per
/// module (`Modules/<Name>/Package.swift`, layered by name, or `Modules/<Layer>/<Name>/`, by
/// folder), and the Xcode project's app and extensions as composition roots.
@Suite(.tags(.small)) struct InferenceLayoutTests {
    typealias Example = RuleExample.ExampleTarget
    static func target(_ name: String, path: String? = nil, kind: String = "library", _ dependencies: [String] = [], package: String = "example") -> Example {
        PresetFixtures.target(name, path: path, kind: kind, dependencies, package: package)
    }

    /// The example's graph with each package at the folder `packagePaths` gives (else its name),
    /// and the targets `apps` names turned into an Xcode project's targets of those product types.
    static func firstCheck(_ targets: [Example], packagePaths: [String: String] = [:], apps: [String: ProjectProductType] = [:]) -> (ConfigurationInference, [Finding]) {
        let input = RuleExample("init", targets: targets).input(enabling: "layer-dependency")
        let packages = input.graph.packages.map { package -> PackageNode in
            guard let path = packagePaths[package.identity] else { return package }
            var moved = package
            moved.origin = .local(path: path)
            return moved
        }
        let projectTargets = input.graph.targets.map { target -> Target in
            var changed = target
            changed.productType = apps[target.name]
            return changed
        }
        let graph = ModuleGraph(packages: packages, targets: projectTargets, externalProducts: input.graph.externalProducts)
        let inference = ConfigurationInference.infer(from: graph, packageName: "Example")
        let configuration = inference.preset.flatMap { Presets.all[$0] } ?? Configuration(layers: inference.layers.map(\.layer))
        return (inference, Checker.run(CheckInput(graph: graph, sources: input.sources, configuration: configuration)))
    }

    static func layers(_ inference: ConfigurationInference) -> [String: Configuration.Layer] {
        Dictionary(inference.layers.map { ($0.layer.name, $0.layer) }, uniquingKeysWith: { first, _ in first })
    }

    /// swift-nio's shape: NIO modules over C shims; `NIOHTTP1` is one word, placed by the prefix.
    static func nio(shimUsesCore: Bool = false) -> [Example] {
        [
            Self.target("CNIOLinux", shimUsesCore ? ["NIOCore"] : []), Self.target("CNIODarwin"), Self.target("CNIOAtomics"),
            Self.target("NIOCore", ["CNIOAtomics"]), Self.target("NIOPosix", ["NIOCore", "CNIOLinux", "CNIODarwin"]),
            Self.target("NIOHTTP1", ["NIOCore"]), Self.target("NIOWebSocket", ["NIOHTTP1", "NIOCore"]), Self.target("NIOEmbedded", ["NIOCore"]),
            Self.target("_NIODataStructures"), Self.target("_NIOFileSystem", ["NIOCore", "NIOPosix"]),
            Self.target("NIOCoreTests", kind: "test", ["NIOCore", "NIOEmbedded"]),
        ]
    }

    @Test func prefixFamiliesLayerModulesNamedAfterTheirProduct() {
        let (inference, findings) = Self.firstCheck(Self.nio())
        #expect(inference.layers.map(\.layer.name) == ["Tests", "CNIO", "NIO"])
        let layers = Self.layers(inference)
        #expect(layers["CNIO"]?.prefixes == ["CNIO"] && layers["CNIO"]?.mayUse == [])
        #expect(layers["NIO"]?.prefixes == ["NIO", "_NIO"] && layers["NIO"]?.mayUse == ["CNIO", "NIO"])
        #expect(inference.summary == "3 layers inferred from naming families (10 of 10 targets)")
        #expect(inference.layers.contains { $0.reason == "7 targets begin with NIO or _NIO: NIOCore, NIOEmbedded, NIOHTTP1, NIOPosix, NIOWebSocket, _NIODataStructures, _NIOFileSystem." })
        #expect(findings.isEmpty, "\(findings.map(\.message))")
    }

    @Test func aShimReachingUpIsTheOneFindingOfTheFirstCheck() {
        let (inference, findings) = Self.firstCheck(Self.nio(shimUsesCore: true))
        #expect(inference.remarks.contains { $0.hasPrefix("Not allowed: CNIO → NIO, used by 1 dependency (CNIOLinux → NIOCore)") })
        #expect(findings.map { "\($0.ruleID) \($0.target.name) \($0.subject)" } == ["layer-dependency CNIOLinux NIOCore"])
    }

    @Test func swiftIsAWordNotAFamily() {
        let (inference, findings) = Self.firstCheck([
            Self.target("SwiftOptions"), Self.target("SwiftDriver", ["SwiftOptions"]), Self.target("SwiftDriverExecution", ["SwiftDriver"]),
            Self.target("swift-driver", kind: "executable", ["SwiftDriverExecution"]), Self.target("swift-help", kind: "executable", ["SwiftOptions"]),
            Self.target("makeOptions", kind: "executable", ["SwiftOptions"]),
        ])
        let layers = Self.layers(inference)
        // `Swift` names the language, not a layer: the chain is the graph's, the executables its roots.
        #expect(inference.layers.map(\.layer.name) == ["Executables", "SwiftOptions", "SwiftDriver", "SwiftDriverExecution"])
        #expect(layers["Executables"]?.targets == ["makeOptions", "swift-driver", "swift-help"])
        #expect(layers["SwiftDriverExecution"]?.mayUse == ["SwiftDriver"] && layers["SwiftDriver"]?.mayUse == ["SwiftOptions"])
        #expect(inference.summary == "4 layers inferred from the dependency graph (6 of 6 targets)")
        #expect(findings.isEmpty)
    }

    @Test(arguments: [
        (["SwiftDriver", "SwiftDriverExecution"], "SwiftDriver"),
        (["PocketCastsUtils", "PocketCastsServer", "PocketCastsDataModel"], "PocketCasts"),
        (["NIOPosix", "NIOPosixBenchmarks", "NIOCore"], "NIO"),
        (["_NIOFileSystem", "_NIOBase64"], "_NIO"),
    ])
    func theFamilysPrefixIsTheLongestItsMembersShare(_ names: [String], _ prefix: String) {
        #expect(NamingFamilies.prefixFamilies(of: names).map(\.prefixes) == [[prefix]])
    }

    @Test func aLeadingUnderscoreIsTheSameProductsPrivateModule() {
        let families = NamingFamilies.prefixFamilies(of: ["NIOCore", "_NIOFileSystem", "NIOPosix", "_NIOBase64"])
        #expect(families.map(\.name) == ["NIO"] && families.map(\.prefixes) == [["NIO", "_NIO"]])
    }

    @Test func aNameAloneOrOneWordIsNoFamily() {
        #expect(NamingFamilies.prefixFamilies(of: ["Alpha", "Beta", "GammaRay"]).isEmpty)
    }

    @Test func aSuffixWinsOverAPrefix() {
        // Search/Booking are slices, Feature/Client the layers: no `Search` prefix layer.
        let (inference, _) = Self.firstCheck([
            Self.target("SearchFeature", ["SearchClient"]), Self.target("SearchClient"), Self.target("BookingFeature", ["BookingClient"]), Self.target("BookingClient"),
        ])
        #expect(inference.layers.map(\.layer.name) == ["Feature", "Client"])
        #expect(inference.verdict.hasPrefix("a guess from only 4 modules: the naming families place 4 of 4 modules"))
    }

    /// Pocket Casts' shape: Modules/<Name>/Package.swift, one module each, named by prefix, and
    /// an Xcode project's app, widget and notification extension.
    static let packagePerModule: [Example] = [
        Self.target("PocketCastsUtils", package: "utils"),
        Self.target("PocketCastsUtilsTests", kind: "test", ["PocketCastsUtils"], package: "utils"),
        Self.target("PocketCastsDataModel", ["PocketCastsUtils"], package: "datamodel"),
        Self.target("PocketCastsServer", ["PocketCastsDataModel", "PocketCastsUtils"], package: "server"),
        Self.target("podcasts", path: "podcasts", kind: "executable", ["PocketCastsServer", "PocketCastsDataModel", "PocketCastsUtils"]),
        Self.target("WidgetExtension", path: "WidgetExtension", kind: "executable", ["PocketCastsDataModel"]),
        Self.target("NotificationContent", path: "NotificationContent", kind: "executable", ["PocketCastsUtils"]),
    ]
    static let pocketCastsPaths = ["utils": "Modules/Utils", "datamodel": "Modules/DataModel", "server": "Modules/Server"]
    static let pocketCastsApps: [String: ProjectProductType] = ["podcasts": .application, "WidgetExtension": .appExtension, "NotificationContent": .appExtension]

    @Test func onePackagePerModuleIsLayeredByTheGraphAndTheAppsAreCompositionRoots() {
        let (inference, findings) = Self.firstCheck(Self.packagePerModule, packagePaths: Self.pocketCastsPaths, apps: Self.pocketCastsApps)
        // One prefix layer orders nothing: the chain of packages is the graph's.
        #expect(inference.layers.map(\.layer.name) == ["Tests", "App", "utils", "datamodel", "server"])
        let app = Self.layers(inference)["App"]
        #expect(app?.targets == ["NotificationContent", "WidgetExtension", "podcasts"] && app?.mayUse == ["*"])
        #expect(inference.layers.first { $0.layer.name == "App" }?.reason.hasPrefix("3 composition roots (3 apps and extensions of Xcode projects)") == true)
        #expect(inference.summary == "5 layers inferred from the dependency graph (6 of 6 targets)")
        #expect(findings.isEmpty, "\(findings.map(\.message))")
        let text = inference.json5(packageName: "podcasts", rules: [])
        #expect(text.contains("\n// Read from the codebase: 5 layers inferred from the dependency graph (6 of 6 targets).\n// Verdict: a proposal to review: no naming or folder convention explains the graph (the naming\n// families make one layer, which orders nothing)"))
        #expect(text.contains("{ \"name\": \"App\", \"targets\": [\"NotificationContent\", \"WidgetExtension\", \"podcasts\"], \"mayUse\": [\"*\"], \"thirdParty\": true },"))
    }

    @Test func packageExecutablesAreCompositionRootsToo() {
        // The same targets as package executables: no Xcode app, so the roots are Executables.
        let (inference, _) = Self.firstCheck(Self.packagePerModule, packagePaths: Self.pocketCastsPaths)
        #expect(!inference.layers.contains { $0.layer.name == "App" })
        #expect(Self.layers(inference)["Executables"]?.targets == ["NotificationContent", "WidgetExtension", "podcasts"])
        #expect(inference.summary == "5 layers inferred from the dependency graph (6 of 6 targets)")
    }

    @Test func aModuleUsingTheAppIsAnOutlier() {
        var targets = Self.packagePerModule
        targets[0] = Self.target("PocketCastsUtils", ["podcasts"], package: "utils")
        let (_, findings) = Self.firstCheck(targets, packagePaths: Self.pocketCastsPaths, apps: Self.pocketCastsApps)
        #expect(findings.map { "\($0.ruleID) \($0.target.name) \($0.subject)" } == ["layer-dependency PocketCastsUtils podcasts"])
    }

    @Test func theRootsStepAsideForALayerNamedApp() {
        let (inference, _) = Self.firstCheck([
            Self.target("AdminApp", ["Reader", "Store"]), Self.target("ServerApp", ["Reader"]), Self.target("Reader"), Self.target("Store"),
            Self.target("isowords", path: "App", kind: "executable", ["AdminApp"]),
        ], apps: ["isowords": .application])
        let layers = Self.layers(inference)
        #expect(layers["CompositionRoots"]?.targets == ["isowords"])
        #expect(layers["App"]?.targets == ["AdminApp", "ServerApp"])
        #expect(!inference.layers.contains { $0.layer.name.contains(where: \.isNumber) })
    }

    @Test func appsAloneAreNoConvention() {
        // Two apps and three unrelated modules: the App layer does not make half by itself.
        let (inference, _) = Self.firstCheck([
            Self.target("Alpha"), Self.target("Beta", ["Alpha"]), Self.target("Gamma"),
            Self.target("Travel", path: "Travel", kind: "executable", ["Beta"]), Self.target("TravelWidget", path: "TravelWidget", kind: "executable", ["Alpha"]),
        ], apps: ["Travel": .application, "TravelWidget": .appExtension])
        #expect(inference.layers.isEmpty && inference.preset == nil)
    }

    @Test func whenNoPresetPlacesAnythingTheVerdictNamesNone() {
        let (inference, _) = Self.firstCheck([Self.target("Alpha"), Self.target("Beta", ["Alpha"])])
        #expect(inference.summary.hasPrefix("no convention recognised (closest preset: none)"))
    }

    @Test func onePackagePerModuleUnderLayerFoldersIsLayeredByFolder() {
        let (inference, findings) = Self.firstCheck([
            Self.target("Networking", package: "networking"), Self.target("Storage", ["Networking"], package: "storage"),
            Self.target("Search", ["Networking"], package: "search"), Self.target("Profile", ["Storage"], package: "profile"),
            Self.target("SearchTests", kind: "test", ["Search"], package: "search"),
            Self.target("Travel", path: "Travel", kind: "executable", ["Search", "Profile"]),
        ], packagePaths: ["networking": "Modules/Core/Networking", "storage": "Modules/Core/Storage",
                          "search": "Modules/Features/Search", "profile": "Modules/Features/Profile"],
        apps: ["Travel": .application])
        #expect(inference.layers.map(\.layer.name) == ["Tests", "App", "Core", "Features"])
        #expect(Self.layers(inference)["Features"]?.mayUse == ["Core"])
        #expect(inference.summary == "4 layers inferred from folders (5 of 5 targets)")
        #expect(findings.isEmpty, "\(findings.map(\.message))")
    }

    @Test(arguments: [
        ("_NIOFileSystem", ["_NIO", "_NIOFile"]), ("swift-driver", ["swift", "swift-driver"]), ("NIOHTTP1", ["NIOHTTP1"]),
        ("PocketCastsUtils", ["Pocket", "PocketCasts"]),
    ])
    func prefixesAreTheNameAsWritten(_ name: String, _ prefixes: [String]) {
        #expect(NamingFamilies.wordPrefixes(name, upTo: 2) == prefixes)
    }
}
