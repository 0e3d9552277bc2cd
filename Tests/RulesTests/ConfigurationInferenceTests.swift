import Foundation
@testable import Configuration
import Diagnostics
import ModuleGraph
import TestSupport
import Testing
@testable import Rules

/// `bulkhead init`'s reading of conventions, on packages written for each naming family and
/// folder layout: the layers it infers, the share of targets they place, and what the first
/// `check` with them finds.
@Suite(.tags(.small)) struct ConfigurationInferenceTests {
    typealias Target = RuleExample.ExampleTarget
    static func target(_ name: String, path: String? = nil, kind: String = "library", _ dependencies: [String] = []) -> Target {
        PresetFixtures.target(name, path: path, kind: kind, dependencies)
    }

    static func graph(_ targets: [Target]) -> (ModuleGraph, CheckInput) {
        let input = RuleExample("init", targets: targets).input(enabling: "layer-dependency")
        return (input.graph, input)
    }

    /// The inferred configuration as `check` reads it (preset or layers), and its findings.
    static func firstCheck(_ targets: [Target]) -> (ConfigurationInference, [Finding]) {
        let (graph, input) = graph(targets)
        let inference = ConfigurationInference.infer(from: graph, packageName: "Example")
        let configuration = inference.preset.flatMap { Presets.all[$0] } ?? Configuration(layers: inference.layers.map(\.layer))
        return (inference, Checker.run(CheckInput(graph: graph, sources: input.sources, configuration: configuration)))
    }

    /// TCA-style: XFeature, XClient, XClientLive; one client reaches into a feature, which
    /// would make a cycle between layers.
    static let composable: [Target] = [
        target("SearchClient", ["SharedModels"]), target("SearchClientLive", ["SearchClient", "SharedModels"]),
        target("BookingClient", ["SharedModels"]), target("BookingClientLive", ["BookingClient", "SharedModels"]),
        target("ProfileClient", ["SharedModels", "ProfileFeature"]), target("ProfileClientLive", ["ProfileClient"]),
        target("SearchFeature", ["SearchClient", "BookingClient"]), target("BookingFeature", ["BookingClient"]),
        target("ProfileFeature", ["ProfileClient"]),
        target("SharedModels"), target("AppFeature", ["SearchFeature", "BookingFeature", "ProfileFeature", "SearchClientLive", "BookingClientLive", "ProfileClientLive"]),
        target("SearchFeatureTests", kind: "test", ["SearchFeature"]),
    ]

    @Test func namingFamiliesGiveLayersAndTheGraphsArrowsLessTheCycle() throws {
        let (inference, findings) = Self.firstCheck(Self.composable)
        #expect(inference.preset == nil)
        let layers = Dictionary(uniqueKeysWithValues: inference.layers.map { ($0.layer.name, $0.layer) })
        #expect(inference.layers.map(\.layer.name) == ["Tests", "ClientLive", "Feature", "Client", "Foundation"])
        #expect(layers["Client"]?.mayUse == ["Foundation"])
        #expect(layers["Feature"]?.mayUse == ["Client", "ClientLive", "Feature"])
        #expect(layers["ClientLive"]?.mayUse == ["Client", "Foundation"])
        // SharedModels, in no family and using no other module, is the foundation.
        #expect(layers["Foundation"]?.targets == ["SharedModels"] && layers["Foundation"]?.mayUse == [])
        #expect(inference.summary == "5 layers inferred from naming families (11 of 11 targets)")
        #expect(inference.verdict.hasPrefix("fairly sure: the naming families place 11 of 11 modules"))
        #expect(inference.remarks.contains { $0.hasPrefix("Not allowed: Client → Feature, used by 1 dependency (ProfileClient → ProfileFeature)") })
        // The first check shows the one outlier, not the graph.
        #expect(findings.map { "\($0.ruleID) \($0.target.name) \($0.subject)" } == ["layer-dependency ProfileClient ProfileFeature"])
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var targets: [Target]
        var summary: String
        var findings: Int = 0
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "seed 04's suffixes", targets: PresetFixtures.suffixes(), summary: "preset suffixes (13 of 13 targets by name and folder)"),
        Case(name: "seed 02's Clean Architecture", targets: PresetFixtures.clean(), summary: "preset clean (4 of 4 targets by name and folder)"),
        Case(name: "seed 01's features in their folders", targets: PresetFixtures.features(), summary: "preset features (10 of 10 targets by name and folder)"),
        Case(name: "seed 01's names in flat folders", targets: [
            target("Search", ["SearchInterface", "HotelDetailInterface", "FoundationKit"]), target("SearchInterface", ["FoundationKit"]),
            target("SearchTesting", ["SearchInterface"]), target("SearchTests", kind: "test", ["Search", "SearchTesting"]),
            target("HotelDetail", ["HotelDetailInterface", "FoundationKit"]), target("HotelDetailInterface", ["FoundationKit"]),
            target("HotelDetailTesting", ["HotelDetailInterface"]),
            target("FoundationKit"),
        ], summary: "5 layers inferred from naming families (7 of 7 targets)"),
        Case(name: "Kit, Core and Utils", targets: [
            target("NetworkingKit", ["LoggingCore"]), target("StorageKit", ["LoggingCore", "DateUtils"]),
            target("LoggingCore"), target("ConfigCore", ["StringUtils"]), target("DateUtils"), target("StringUtils"),
            target("App", kind: "executable", ["NetworkingKit", "StorageKit"]),
        ], summary: "4 layers inferred from naming families (7 of 7 targets)"),
        Case(name: "Modules/<Layer>/<Target> folders", targets: [
            target("Networking", path: "Modules/Core/Networking"), target("Storage", path: "Modules/Core/Storage", ["Networking"]),
            target("Search", path: "Modules/Features/Search", ["Networking"]), target("Profile", path: "Modules/Features/Profile", ["Storage"]),
            target("Travel", path: "Modules/App/Travel", kind: "executable", ["Search", "Profile"]),
        ], summary: "3 layers inferred from folders (5 of 5 targets)"),
    ]

    @Test(arguments: cases)
    func eachConventionIsRecognisedAndItsFirstCheckIsClean(_ testCase: Case) {
        let (inference, findings) = Self.firstCheck(testCase.targets)
        #expect(inference.summary == testCase.summary)
        #expect(findings.count == testCase.findings, "\(findings.map(\.message))")
    }

    @Test func aCodebaseWithNoConventionIsToldSoWithTheClosestPreset() {
        let (graph, _) = Self.graph([
            Self.target("Alpha"), Self.target("Beta"), Self.target("Gamma"), Self.target("DeltaUI"), Self.target("Epsilon"),
        ])
        let inference = ConfigurationInference.infer(from: graph, packageName: "Example")
        #expect(inference.layers.isEmpty && inference.preset == nil)
        #expect(inference.summary.hasPrefix("no convention recognised (closest preset: clean)"))
        let text = inference.json5(packageName: "Example", rules: [(id: "undeclared-import", defaultSeverity: Severity.error)])
        #expect(text.contains("// No convention places half of the 5 non-test targets"))
        #expect(text.contains("The closest preset is `clean`"))
    }

    @Test func theFileCommentsEveryLayerWithItsCountAndTheTargetsLeftOut() {
        let (graph, _) = Self.graph(Self.composable)
        let text = ConfigurationInference.infer(from: graph, packageName: "Example").json5(packageName: "Example", rules: [])
        #expect(text.contains("    // 3 targets end in ClientLive (live implementations): BookingClientLive, ProfileClientLive,\n    // SearchClientLive.\n"))
        #expect(text.contains("{ \"name\": \"Feature\", \"suffixes\": [\"Feature\"], \"mayUse\": [\"Client\", \"ClientLive\", \"Feature\"] },"))
        #expect(text.contains("{ \"name\": \"Foundation\", \"targets\": [\"SharedModels\"], \"mayUse\": [] },"))
        #expect(text.contains("\n// Verdict: fairly sure: the naming families place 11 of 11 modules in layers whose arrows the\n"))
    }

    /// Found by the `Init` fuzz harness: a name with a line break ended its comment early, and the
    /// rest of the comment line became JSON the parser rejects.
    @Test func aNameWithALineBreakStaysInsideItsComment() throws {
        let (graph, _) = Self.graph([Self.target("Models"), Self.target("Feed\nView\u{2028}s", ["Models"]), Self.target("Settings", ["Models"])])
        let text = ConfigurationInference.infer(from: graph, packageName: "Ex\rample").json5(packageName: "Ex\rample", rules: [])
        guard case .success = ConfigurationParser.parse(Data(text.utf8), knownRules: []) else {
            Issue.record("init wrote a file its parser rejects:\n\(text)")
            return
        }
        #expect(text.contains("Feed\\nView\\u2028s"))
    }

    @Test(arguments: [
        ("SearchClientLive", ["Search", "Client", "Live"]), ("HTTPClient", ["HTTP", "Client"]),
        ("swift-driver", ["swift", "driver"]), ("SwiftUIKit", ["Swift", "UI", "Kit"]), ("Kit", ["Kit"]),
    ])
    func namesSplitIntoWords(_ name: String, _ words: [String]) {
        #expect(NamingFamilies.camelWords(name) == words)
    }
}
