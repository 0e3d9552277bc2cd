import Configuration
import ImportScanning
import ModuleGraph
import TestSupport
import Testing
@testable import Rules

/// `testing-in-product` and `testing-import`: test support kept out of what ships.
@Suite(.tags(.small)) struct TestingRulesTests {
    static let manifest = """
    let package = Package(
        name: "Example",
        products: [.executable(name: "TravelApp", targets: ["TravelApp"])],
        targets: [
            .executableTarget(name: "TravelApp", dependencies: ["Search"]),
            .target(name: "Search", dependencies: [
                "SearchInterface",
                "NetworkMocks",
            ]),
            .target(name: "NetworkMocks"),
            .target(name: "SearchInterface"),
        ]
    )
    """

    static func app(searchDependencies: [String] = ["SearchInterface", "NetworkMocks"]) -> RuleExample {
        RuleExample("app", targets: [
            .init("TravelApp", kind: "executable", dependencies: ["Search"]),
            .init("Search", dependencies: searchDependencies),
            .init("NetworkMocks"), .init("SearchInterface"),
        ], products: [.init("TravelApp", type: "executable", targets: ["TravelApp"])])
    }

    @Test func aMocksTargetInTheAppIsReportedAtTheDependencyWithTheChain() {
        let result = GraphRuleCheck.run(Self.app(), enabling: "testing-in-product", manifest: Self.manifest)
        #expect(GraphRuleCheck.places(result) == ["Package.swift:8:13 testing-in-product"])
        #expect(result.diagnostics.first?.message == "NetworkMocks is test support and reaches the executable product TravelApp: TravelApp → Search → NetworkMocks")
    }

    @Test func theConfiguredPatternsDecideWhatIsTestSupport() {
        let result = GraphRuleCheck.run(Self.app(), enabling: "testing-in-product", manifest: Self.manifest) { $0.testingTargets = ["*Fakes"] }
        #expect(result.diagnostics.isEmpty)
    }

    @Test func aSuppressionWithAReasonOnTheLineAboveIsHonoured() {
        let manifest = Self.manifest.replacingOccurrences(of: "            \"NetworkMocks\",", with: "            // bulkhead:ignore testing-in-product - the demo build ships canned responses\n            \"NetworkMocks\",")
        let result = GraphRuleCheck.run(Self.app(), enabling: "testing-in-product", manifest: manifest)
        #expect(result.diagnostics.isEmpty)
        #expect(result.suppressedCount == 1)
    }

    @Test func anAppTargetOfAnXcodeProjectIsARootToo() {
        var input = Self.app().input(enabling: "testing-in-product")
        // No executable product: the app is an Xcode application target.
        let targets = input.graph.targets.map { target -> Target in
            var target = target
            if target.name == "TravelApp" { target.productType = .application }
            return target
        }
        let packages = input.graph.packages.map { package -> PackageNode in
            var package = package
            package.products = []
            return package
        }
        input = input.with { $0.graph = ModuleGraph(packages: packages, targets: targets) }
        #expect(Checker.run(input).map(\.message) == ["NetworkMocks is test support and reaches the app TravelApp: TravelApp → Search → NetworkMocks"])
    }

    // MARK: testing-import

    static func importing(_ source: [String]) -> RuleExample {
        RuleExample("import", targets: [
            .init("Search", dependencies: ["SearchTesting"], source: source),
            .init("SearchTesting"),
        ])
    }

    @Test(arguments: [
        (["import Foundation", "import SearchTesting"], ["Sources/Search/Search.swift:2:8 testing-import"]),
        (["#if DEBUG", "import SearchTesting", "#endif"], []),
        (["#if !DEBUG", "import SearchTesting", "#endif"], ["Sources/Search/Search.swift:2:8 testing-import"]),
        (["#if DEBUG", "#else", "import SearchTesting", "#endif"], ["Sources/Search/Search.swift:3:8 testing-import"]),
        (["@testable import SearchTesting"], ["Sources/Search/Search.swift:1:18 testing-import"]),
        (["#if DEBUG", "@testable import SearchTesting", "#endif"], []),
    ])
    func importsOfTestSupportCountInReleaseBuildsOnly(_ source: [String], _ expected: [String]) {
        let result = GraphRuleCheck.run(Self.importing(source), enabling: "testing-import")
        #expect(GraphRuleCheck.places(result) == expected)
    }

    @Test func theConfiguredReleaseBuildsDecide() {
        let input = Self.importing(["#if DEBUG", "import SearchTesting", "#endif", "#if os(iOS)", "import SearchTesting", "#endif"]).input(enabling: "testing-import")
        let builds = PlatformBuild.all(platforms: [.ios, .macos], configurations: [.debug, .release])
        let configured = CheckInput(graph: input.graph, sources: input.sources, configuration: input.configuration, builds: builds)
        // Line 2 only in debug; line 5 in iOS release.
        #expect(Checker.run(configured).map(\.place) == [.source(path: "Sources/Search/Search.swift", line: 5, column: 8, lineText: "import SearchTesting")])
    }

    @Test func aSuppressionWithAReasonIsHonoured() {
        let result = GraphRuleCheck.run(Self.importing(["import SearchTesting // bulkhead:ignore testing-import - preview data until VOY-40"]), enabling: "testing-import")
        #expect(result.diagnostics.isEmpty)
        #expect(result.suppressedCount == 1)
    }
}
