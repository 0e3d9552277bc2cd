import Configuration
import Diagnostics
import ImportScanning
import ModuleGraph
import TestSupport
import Testing
@testable import Rules

/// The rules on hand-made inputs, for what the examples do not show: the notes, exclusions,
/// and one finding per violation.
@Suite(.tags(.small)) struct CheckerTests {
    static func example(_ targets: [RuleExample.ExampleTarget], layers: [Configuration.Layer] = []) -> RuleExample {
        RuleExample("test", targets: targets, layers: layers)
    }

    /// The input of an example with every rule at its default severity.
    static func input(_ example: RuleExample, exclude: [String] = []) -> CheckInput {
        var input = example.input(enabling: "layer-dependency")
        input = CheckInput(graph: input.graph, sources: input.sources,
                           configuration: Configuration(layers: example.layers, exclude: exclude))
        return input
    }

    @Test func undeclaredImportSaysHowTheModuleIsReachable() throws {
        let findings = Checker.run(Self.input(Self.example([
            .init("Search", dependencies: ["Booking"], source: ["import Booking", "import Networking", "import Storage"]),
            .init("Booking", dependencies: ["Networking"], source: ["import Networking"]),
            .init("Networking"), .init("Storage"),
        ])))
        #expect(findings.map(\.subject) == ["Networking", "Storage"])
        #expect(findings.map(\.ruleID) == ["undeclared-import", "unreachable-import"])
        #expect(findings[0].notes == ["reachable only through Search → Booking → Networking: declare it, or it breaks when that chain changes",
                                      "declare \"Networking\" in the dependencies of Search"])
        #expect(findings[1].notes == ["no declared dependency of Search leads to Storage: a clean build of Search fails",
                                      "declare \"Storage\" in the dependencies of Search"])
        guard case .source(let path, let line, let column, let text) = findings[0].place else { Issue.record("not a source finding"); return }
        #expect(path == "Sources/Search/Search.swift" && line == 2 && column == 8 && text == "import Networking")
    }

    @Test func undeclaredImportNamesTheConditionAroundIt() {
        let findings = Checker.run(Self.input(Self.example([
            .init("Search", source: ["#if os(iOS)", "import Storage", "#endif"]),
            .init("Storage"),
        ])))
        #expect(findings.first?.notes.last == "the import is inside #if os(iOS): only builds that take that clause compile it")
    }

    @Test func testTargetsAreCheckedToo() {
        let findings = Checker.run(Self.input(Self.example([
            .init("SearchTests", kind: "test", dependencies: ["Search"], source: ["@testable import Search", "import Storage"]),
            .init("Search"), .init("Storage"),
        ])))
        #expect(findings.map { "\($0.ruleID) \($0.subject)" } == ["unreachable-import Storage"])
    }

    @Test func anUndeclaredImportAcrossLayersIsOneFinding() {
        let layers: [Configuration.Layer] = [
            .init(name: "Features", paths: ["Sources/Features/*"], mayUse: []),
            .init(name: "Infrastructure", paths: ["Sources/Infrastructure/*"], mayUse: []),
        ]
        let findings = Checker.run(Self.input(Self.example([
            .init("Search", path: "Sources/Features/Search", source: ["import Networking"]),
            .init("Networking", path: "Sources/Infrastructure/Networking"),
        ], layers: layers)))
        #expect(findings.map(\.ruleID) == ["layer-dependency"])
        #expect(findings.first?.message == "Search (Features) imports Networking (Infrastructure), which it does not declare; Features may use no other layer")
    }

    @Test func excludedTargetsAndFilesAreNotChecked() {
        let example = Self.example([
            .init("Legacy", path: "Sources/Legacy", source: ["import Storage"]),
            .init("Search", source: ["import Storage"]),
            .init("Storage"),
        ])
        #expect(Checker.run(Self.input(example, exclude: ["Legacy"])).map(\.target.name) == ["Search"])
        #expect(Checker.run(Self.input(example, exclude: ["Sources/Search/*.swift"])).map(\.target.name) == ["Legacy"])
        #expect(Checker.run(Self.input(example, exclude: ["Sources/**"])).isEmpty)
    }

    @Test func severitiesComeFromTheConfiguration() {
        let example = Self.example([.init("Search", dependencies: ["Models"], source: ["let x = 1"]), .init("Models")])
        var input = Self.input(example)
        #expect(Checker.run(input).map(\.severity) == [.warning])
        input = CheckInput(graph: input.graph, sources: input.sources, configuration: Configuration(rules: ["unused-dependency": .error]))
        #expect(Checker.run(input).map(\.severity) == [.error])
        input = CheckInput(graph: input.graph, sources: input.sources, configuration: Configuration(rules: ["unused-dependency": .off]))
        #expect(Checker.run(input).isEmpty)
    }

    @Test func unusedDependencyUnderstandsProductsAndExecutables() {
        let findings = Checker.run(Self.input(Self.example([
            .init("Tool", kind: "executable", source: ["print(1)"]),
            .init("ToolTests", kind: "test", dependencies: ["Tool"], source: ["import Testing"]),
            .init("Images", products: ["Kingfisher@kingfisher"], source: ["import Kingfisher"]),
            .init("Cache", products: ["Nuke@nuke"], source: ["let x = 1"]),
        ])))
        #expect(findings.map { "\($0.ruleID) \($0.target.name) \($0.subject)" } == ["unused-dependency Cache Nuke"])
    }
}

/// A changed input is made whole: what is derived from a part follows it.
@Suite(.tags(.small)) struct CheckInputRebuildTests {
    @Test func aChangedConfigurationGivesNewLayersAndFindings() {
        let example = RuleExample("rebuild", targets: [
            .init("Search", path: "Sources/Features/Search", dependencies: ["Booking"], source: ["import Booking"]),
            .init("Booking", path: "Sources/Features/Booking"),
        ])
        let input = example.input(enabling: "layer-dependency")
        #expect(input.layers.layer(of: TargetID(package: "example", name: "Search")) == nil)
        let layered = input.with {
            $0.configuration.layers = [Configuration.Layer(name: "Features", targets: ["Search"]), Configuration.Layer(name: "Data", targets: ["Booking"])]
        }
        #expect(layered.layers.layer(of: TargetID(package: "example", name: "Search"))?.name == "Features")
        #expect(Checker.run(layered).map(\.ruleID).contains("layer-dependency"))
        #expect(!Checker.run(input).map(\.ruleID).contains("layer-dependency"))
    }
}
