import TestSupport
import Foundation
import Testing
@testable import PackageLoading
@testable import FileAccess
import ModuleGraph

/// The loader on fixture packages: graph logic through the toolchain's recorded answers (see
/// `ToolchainRecordingTests`, which keeps them equal to the real toolchain's), toolchain handling
/// through the real one.
@Suite(.tags(.medium)) struct PackageGraphLoaderTests {
    /// A loader answered from the recordings of the fixture folder `scenario`.
    static func recorded(_ scenario: String) -> PackageGraphLoader {
        PackageGraphLoader(describer: RecordedPackageDescriber(root: Fixtures.path(scenario)))
    }

    /// Each target's dependencies as `name` (same package), `package/name` (another package) or
    /// `product@package` (a remote product), sorted.
    static func dependencyTable(_ graph: ModuleGraph) -> [String: [String]] {
        var table: [String: [String]] = [:]
        for target in graph.targets {
            table[target.name] = graph.dependencies(of: target.id).map { dependency in
                switch dependency.node {
                case .target(let id): id.package == target.id.package ? id.name : id.description
                case .external(let package, let product): "\(product)@\(package)"
                }
            }.sorted()
        }
        return table
    }

    /// A plugin a target applies is an edge (changing it rebuilds the target) that arrives as a
    /// plugin, so the rules that ask what is imported or linked never take it for a dependency.
    @Test func anAppliedPluginArrivesAsAPlugin() throws {
        let loaded = try Self.recorded("BuildPluginConsumer").load(at: Fixtures.path("BuildPluginConsumer"))
        let kernel = try #require(loaded.graph.targets.first { $0.name == "Kernel" })
        let arrivals = loaded.graph.dependencies(of: kernel.id).map { "\($0.node)=\($0.edge.arrival.rawValue)" }
        #expect(arrivals == ["target(buildpluginconsumer/BulkheadBuildPlugin)=plugin"])
        let feature = try #require(loaded.graph.targets.first { $0.name == "Feature" })
        #expect(loaded.graph.dependencies(of: feature.id).map(\.edge.arrival) == [.declared])
    }

    @Test func theTravelAppManifestLoadsTo32TargetsWithTheEdgesItImplies() throws {
        let loaded = try Self.recorded("TravelApp").load(at: Fixtures.path("TravelApp/Modules"))
        #expect(loaded.warnings.map(\.text).isEmpty)
        #expect(loaded.graph.targets.count == 32)
        let core = ["FoundationKit"]
        var expected: [String: [String]] = [
            "FoundationKit": [], "Networking": core, "Persistence": core, "Analytics": core,
            "ImageLoading": ["FoundationKit", "Kingfisher@kingfisher", "Networking"],
            "DesignSystem": ["FoundationKit", "ImageLoading"],
            "Search": ["Analytics", "DesignSystem", "FoundationKit", "HotelDetailInterface", "Networking", "SearchInterface"],
            "HotelDetail": ["BookingInterface", "DesignSystem", "FoundationKit", "HotelDetailInterface", "ImageLoading", "Networking"],
            "Booking": ["BookingInterface", "DesignSystem", "FoundationKit", "Networking", "PaymentInterface", "Persistence", "ProfileInterface"],
            "Payment": ["Analytics", "DesignSystem", "FoundationKit", "Networking", "PaymentInterface"],
            "Profile": ["DesignSystem", "FoundationKit", "Networking", "Persistence", "ProfileInterface"],
            "SearchTests": ["HotelDetailTesting", "Search", "SearchTesting"],
            "HotelDetailTests": ["BookingTesting", "HotelDetail", "HotelDetailTesting"],
            "BookingTests": ["Booking", "BookingTesting", "PaymentTesting", "ProfileTesting"],
            "PaymentTests": ["Payment", "PaymentTesting"],
            "ProfileTests": ["Profile", "ProfileTesting"],
        ]
        for module in ["FoundationKit", "Networking", "Persistence", "Analytics", "ImageLoading", "DesignSystem"] {
            expected[module + "Tests"] = [module]
        }
        for feature in ["Search", "HotelDetail", "Booking", "Payment", "Profile"] {
            expected[feature + "Interface"] = core
            expected[feature + "Testing"] = [feature + "Interface"]
        }
        #expect(Self.dependencyTable(loaded.graph) == expected)

        let graph = loaded.graph
        let search = try #require(graph.targets(named: "Search").first)
        #expect(search.path == "Features/Search/Sources")
        #expect(search.resources == ["Features/Search/Sources/Resources/Search.strings"])
        #expect(search.settings.map(\.values) == [["ExistentialAny"], ["InternalImportsByDefault"]])
        #expect(graph.targets(named: "SearchTests").first?.kind == .test)
        let kingfisher = try #require(graph.package("kingfisher"))
        #expect(kingfisher.origin == .remote(url: "https://github.com/onevcat/Kingfisher.git", requirement: "exact: 8.1.3"))
        #expect(graph.externalProducts == [ExternalProduct(name: "Kingfisher", package: "kingfisher", modules: ["Kingfisher"], isGuess: true)])
        let products = try #require(graph.package("modules")?.products)
        #expect(products.map(\.name) == ["AppModules", "WidgetModules"])
        #expect(products.first?.linkage == "automatic")
    }

    @Test func aRepositoryOfLocalPackagesLoadsAsOneGraphWithCrossPackageEdges() throws {
        let loaded = try Self.recorded("LocalPackages").load(at: Fixtures.path("LocalPackages"))
        let graph = loaded.graph
        #expect(graph.packages.map(\.identity) == ["app", "core", "features"])
        #expect(graph.packages.map { $0.localPath } == ["App", "Core", "Features"])
        #expect(Self.dependencyTable(graph) == [
            "AppMain": ["core/Models", "core/Networking", "features/Profile", "features/Search"],
            "Models": [], "Networking": ["Models"], "NetworkingTests": ["Networking"],
            "Search": ["Legacy-Bridge", "core/Models", "core/Networking"],
            "Profile": ["core/Models", "core/Networking"],
            "Legacy-Bridge": [], "SearchTests": ["Search"],
        ])
        let search = try #require(graph.targets(named: "Search").first)
        let bridge = try #require(search.dependencies.first { $0.destination == .target(TargetID(package: "features", name: "Legacy-Bridge")) })
        #expect(bridge.condition == DependencyCondition(platforms: ["ios"]))
        #expect(graph.targets(named: "Legacy-Bridge").first?.moduleName == "Legacy_Bridge")
        #expect(graph.reverseClosure(of: [TargetID(package: "core", name: "Models")]).count == 7)
        // One question per package: dump-package; the layout follows from SwiftPM's rules.
        #expect(loaded.toolchainCalls == 3)
    }

    /// Its neighbours are outside the root (App's folder), so only workspace.include brings them.
    @Test func onePackageBringsItsPathDependenciesAlong() throws {
        let rules = DiscoveryRules(includedOutside: { fromRoot, _ in fromRoot.hasPrefix("../Core") || fromRoot.hasPrefix("../Features") })
        let loaded = try Self.recorded("LocalPackages").load(root: Fixtures.path("LocalPackages/App"), narrowedTo: nil, rules: rules)
        #expect(loaded.graph.packages.map(\.identity) == ["app", "core", "features"])
        #expect(loaded.graph.packages.map(\.localPath) == [".", "../Core", "../Features"])
        #expect(loaded.graph.targets.count == 8)
    }

    @Test func aPackageWhoseDescribeFailsLoadsFromTheManifestWithAWarning() throws {
        let loaded = try Self.recorded("MissingBinary").load(at: Fixtures.path("MissingBinary"))
        #expect(loaded.warnings.map(\.text).count == 1)
        #expect(loaded.warnings.map(\.text).first?.contains("`swift package describe` failed") == true)
        #expect(loaded.warnings.map(\.text).first?.contains("does not contain binary artifact") == true)
        let graph = loaded.graph
        #expect(graph.targets.map { "\($0.name):\($0.kind.rawValue):\($0.moduleName):\($0.path):\($0.sources)" } == [
            "CZlib:system-library:CompressionShim:Sources/CZlib:[]",
            "Checkout:library:Checkout:Sources/Checkout:[\"Checkout.swift\"]",
            "CheckoutTests:test:CheckoutTests:Tests/CheckoutTests:[\"CheckoutTests.swift\"]",
            "PaymentGateway:library:PaymentGateway:Sources/PaymentGateway:[\"Gateway.swift\"]",
            "PaymentSDK:binary:PaymentSDK:Binaries/PaymentSDK.xcframework:[]",
        ])
        #expect(Self.dependencyTable(graph)["PaymentGateway"] == ["CZlib", "PaymentSDK"])
    }

    @Test func remoteProductsTakeTheirModulesFromACheckout() throws {
        let package = try Fixtures.copy("TravelApp/Modules")
        defer { try? FileManager.default.removeItem(atPath: (package as NSString).deletingLastPathComponent) }
        let checkout = package + "/.build/checkouts/Kingfisher"
        try FileManager.default.createDirectory(atPath: checkout + "/Sources/KingfisherCore", withIntermediateDirectories: true)
        try """
        // swift-tools-version: 5.9
        import PackageDescription
        let package = Package(name: "Kingfisher", products: [.library(name: "Kingfisher", targets: ["KingfisherCore"])],
                              targets: [.target(name: "KingfisherCore")])
        """.write(toFile: checkout + "/Package.swift", atomically: true, encoding: .utf8)
        try "public enum KF {}\n".write(toFile: checkout + "/Sources/KingfisherCore/KF.swift", atomically: true, encoding: .utf8)
        let loaded = try PackageGraphLoader().load(at: package)
        #expect(loaded.graph.externalProducts == [ExternalProduct(name: "Kingfisher", package: "kingfisher", modules: ["KingfisherCore"], isGuess: false)])
        #expect(loaded.graph.targets.count == 32, "the checkout is not one of the repository's packages")
    }

    @Test func missingToolchainAndMissingManifestAreClearErrors() throws {
        #expect(throws: InputError.executableNotFound(name: "/nonexistent/swift", searchPath: "given as a path")) {
            try PackageGraphLoader(describer: SwiftPackageTool(executable: "/nonexistent/swift")).load(at: Fixtures.path("TravelApp/Modules"))
        }
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-empty-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: empty) }
        #expect(throws: InputError.noPackageManifest(directory: empty)) {
            try PackageGraphLoader().load(at: empty)
        }
    }
}

/// Repositories whose shape once confused the loader.
@Suite(.tags(.medium)) struct PackageIdentityTests {
    func makeRepository(_ files: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-repo-\(UUID().uuidString)").path
        for (path, text) in files {
            let full = root + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test func twoPackagesInFoldersOfTheSameNameStayApart() throws {
        let manifest = "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"Shared\", targets: [.target(name: \"Core\"), .target(name: \"Feature\", dependencies: [\"Core\"])])\n"
        let root = try makeRepository([
            "A/Shared/Package.swift": manifest, "A/Shared/Sources/Core/C.swift": "let a = 1\n", "A/Shared/Sources/Feature/F.swift": "import Core\n",
            "B/Shared/Package.swift": manifest, "B/Shared/Sources/Core/C.swift": "let b = 1\n", "B/Shared/Sources/Feature/F.swift": "import Core\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let graph = try PackageGraphLoader().load(at: root).graph
        #expect(graph.packages.map(\.identity) == ["a/shared", "b/shared"])
        #expect(graph.targets.count == 4)
        #expect(graph.dependencies(of: TargetID(package: "b/shared", name: "Feature")).map(\.node) == [.target(TargetID(package: "b/shared", name: "Core"))])
        #expect(graph.paths(from: TargetID(package: "a/shared", name: "Feature"), to: TargetID(package: "a/shared", name: "Core")).count == 1)
    }

    @Test func aProductResolvesThroughThePackagesGivenNameWhateverTheFolderOrder() throws {
        let root = try makeRepository([
            "App/Package.swift": "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"App\", dependencies: [.package(name: \"MyLib\", path: \"../Lib\")], targets: [.target(name: \"App\", dependencies: [.product(name: \"Kit\", package: \"MyLib\")])])\n",
            "App/Sources/App/A.swift": "import LibCore\n",
            "Lib/Package.swift": "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"Lib\", products: [.library(name: \"Kit\", targets: [\"LibCore\"])], targets: [.target(name: \"LibCore\")])\n",
            "Lib/Sources/LibCore/L.swift": "let l = 1\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let graph = try PackageGraphLoader().load(at: root).graph
        #expect(graph.dependencies(of: TargetID(package: "app", name: "App")).map(\.node) == [.target(TargetID(package: "lib", name: "LibCore"))])
        #expect(graph.externalProducts.isEmpty)
    }
}
