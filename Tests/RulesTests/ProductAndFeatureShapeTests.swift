import Configuration
import ModuleGraph
import TestSupport
import Testing
@testable import Rules

/// `product-type` at the product's line in Package.swift, and `feature-shape` naming what a
/// feature lacks or has in the wrong place.
@Suite(.tags(.small)) struct ProductAndFeatureShapeTests {
    static let manifest = """
    let package = Package(
        name: "Example",
        products: [
            .library(name: "Search", targets: ["Search"]),
            .library(
                name: "SDK",
                type: .dynamic,
                targets: ["SDK"]),
        ],
        targets: [.target(name: "Search"), .target(name: "SDK")]
    )
    """

    static let example = RuleExample("products", targets: [.init("Search"), .init("SDK")],
                                     products: [.init("Search", targets: ["Search"]), .init("SDK", linkage: "dynamic", targets: ["SDK"])])

    @Test func aForcedLinkageIsReportedAtTheProductsName() {
        let result = GraphRuleCheck.run(Self.example, enabling: "product-type", manifest: Self.manifest)
        #expect(GraphRuleCheck.places(result) == ["Package.swift:6:19 product-type"])
        #expect(result.diagnostics.first?.message == "product SDK of Example declares type: .dynamic")
    }

    @Test(arguments: [["SDK"], ["example/SDK"]])
    func aProductAllowedByNameIsNotReported(_ allowed: [String]) {
        let result = GraphRuleCheck.run(Self.example, enabling: "product-type", manifest: Self.manifest) { $0.allowedLinkage = allowed }
        #expect(result.diagnostics.isEmpty)
    }

    @Test func aSuppressionWithAReasonIsHonouredAndTheBaselineKeysOnTheProduct() {
        let manifest = Self.manifest.replacingOccurrences(of: "            name: \"SDK\",", with: "            name: \"SDK\", // bulkhead:ignore product-type - shipped to partners as a framework")
        let result = GraphRuleCheck.run(Self.example, enabling: "product-type", manifest: manifest)
        #expect(result.diagnostics.isEmpty)
        #expect(result.suppressedCount == 1)

        let found = GraphRuleCheck.run(Self.example, enabling: "product-type", manifest: Self.manifest).findings
        #expect(Baseline(findings: found).entries.map { "\($0.rule) \($0.target ?? "") \($0.subject ?? "")" } == ["product-type SDK product SDK"])
    }

    // MARK: feature-shape

    static func feature(_ changes: (inout [RuleExample.ExampleTarget]) -> Void = { _ in }) -> RuleExample {
        var targets: [RuleExample.ExampleTarget] = [
            .init("Search", path: "Features/Search/Sources", dependencies: ["SearchInterface"]),
            .init("SearchInterface", path: "Features/Search/Interface"),
            .init("SearchTesting", path: "Features/Search/Testing", dependencies: ["SearchInterface"]),
            .init("SearchTests", path: "Features/Search/Tests", kind: "test", dependencies: ["Search", "SearchTesting"]),
            .init("Networking", path: "Core/Networking/Sources"),
        ]
        changes(&targets)
        return RuleExample("feature", targets: targets)
    }

    static func messages(_ example: RuleExample) -> [String] {
        Checker.run(example.input(enabling: "feature-shape")).map(\.message)
    }

    @Test func theSeedsShapeIsClean() {
        #expect(Self.messages(Self.feature()).isEmpty)
    }

    @Test func eachDepartureIsNamed() {
        #expect(Self.messages(Self.feature { $0.removeAll { $0.name == "SearchTesting" } }) == [
            "feature Search has no SearchTesting target; every feature is Search, SearchInterface, SearchTesting and SearchTests",
        ])
        #expect(Self.messages(Self.feature { $0[1].path = "Interfaces/SearchInterface" }) == [
            "SearchInterface is in Interfaces/SearchInterface, outside feature Search's folder Features/Search; keep the four targets of a feature in one folder",
        ])
        #expect(Self.messages(Self.feature { $0[0].dependencies = ["SearchInterface", "SearchTesting"] }) == [
            "Search depends on SearchTesting; in feature Search, the implementation never uses the Testing target",
        ])
        #expect(Self.messages(Self.feature { $0[2].dependencies = [] }) == [
            "SearchTesting does not depend on SearchInterface; in feature Search, the Testing target uses the interface",
        ])
    }

    @Test func itIsOffUnlessTheFeaturesPresetOrTheConfigurationTurnsItOn() throws {
        let description = try #require(RuleCatalog.description(of: "feature-shape"))
        #expect(Configuration().severity(of: description) == nil)
        #expect(try #require(Presets.all["features"]).severity(of: description) == .error)
        #expect(try #require(Presets.all["layers"]).severity(of: description) == nil)
    }

    @Test func aSuppressionWithAReasonIsHonoured() {
        let manifest = """
        let package = Package(
            name: "Example",
            targets: [
                // bulkhead:ignore feature-shape - Search's fakes arrive with VOY-52
                .target(name: "Search", dependencies: ["SearchInterface"], path: "Features/Search/Sources"),
                .target(name: "SearchInterface", path: "Features/Search/Interface"),
            ]
        )
        """
        let example = Self.feature { $0.removeAll { $0.name == "SearchTesting" || $0.name == "SearchTests" } }
        let result = GraphRuleCheck.run(example, enabling: "feature-shape", manifest: manifest)
        #expect(result.suppressedCount == 2)
        #expect(result.diagnostics.isEmpty)
    }
}
