import Configuration
import Diagnostics
import ImportScanning
import ModuleGraph
import TestSupport
import Testing
@testable import Rules

/// The two kinds of undeclared import: reachable through a declared chain (`undeclared-import`)
/// or not at all (`unreachable-import`), for local targets and remote products alike, and
/// baselines and suppressions written before the split.
@Suite(.tags(.small)) struct ImportKindTests {
    /// Every rule at its default severity.
    static func findings(_ targets: [RuleExample.ExampleTarget]) -> [Finding] {
        let example = RuleExample("kinds", targets: targets).input(enabling: "undeclared-import")
        return Checker.run(CheckInput(graph: example.graph, sources: example.sources, configuration: Configuration()))
    }

    static func workspace(_ targets: [RuleExample.ExampleTarget], baseline: Baseline? = nil) -> Workspace {
        let example = RuleExample("kinds", targets: targets).input(enabling: "undeclared-import")
        return Workspace(graph: example.graph, configuration: Configuration(), sources: example.sources,
                         baseline: baseline.map { BaselineFile(baseline: $0, path: "bulkhead-baseline.json", shownPath: "bulkhead-baseline.json") })
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var targets: [RuleExample.ExampleTarget]
        var expected: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a local target a declared dependency depends on", targets: [
            .init("Search", dependencies: ["Models"], source: ["import Models", "import Storage"]),
            .init("Models", dependencies: ["Storage"], source: ["import Storage"]), .init("Storage"),
        ], expected: ["undeclared-import Storage"]),
        Case(name: "a local target nothing declared leads to", targets: [
            .init("Search", dependencies: ["Models"], source: ["import Models", "import Storage"]),
            .init("Models", source: ["import Foundation"]), .init("Storage"),
        ], expected: ["unreachable-import Storage"]),
        Case(name: "a remote product a declared target declares", targets: [
            .init("Search", dependencies: ["Networking"], source: ["import Networking", "import Alamofire"]),
            .init("Networking", products: ["Alamofire@Alamofire"], source: ["import Alamofire"]),
        ], expected: ["undeclared-import Alamofire"]),
        Case(name: "a remote product only an unrelated target declares", targets: [
            .init("Search", dependencies: ["Models"], source: ["import Models", "import Alamofire"]),
            .init("Models", source: ["import Foundation"]),
            .init("Networking", products: ["Alamofire@Alamofire"], source: ["import Alamofire"]),
        ], expected: ["unreachable-import Alamofire"]),
    ]

    @Test(arguments: cases)
    func eachKindHasItsRule(_ testCase: Case) {
        let found = Self.findings(testCase.targets).filter { $0.ruleID != "unused-dependency" }
        #expect(found.map { "\($0.ruleID) \($0.subject)" } == testCase.expected)
    }

    @Test func aRemoteChainIsNamedToTheProduct() throws {
        let finding = try #require(Self.findings(Self.cases[2].targets).first { $0.ruleID == "undeclared-import" })
        #expect(finding.notes.first == "reachable only through Search → Networking → Alamofire (Alamofire): declare it, or it breaks when that chain changes")
        #expect(finding.notes.contains("declare .product(name: \"Alamofire\", package: \"Alamofire\") in the dependencies of Search"))
    }

    @Test func eachKindHasItsOwnSeverity() {
        let example = RuleExample("kinds", targets: [
            .init("Search", dependencies: ["Models"], source: ["import Models", "import Storage", "import Cache"]),
            .init("Models", dependencies: ["Storage"], source: ["import Storage"]), .init("Storage"), .init("Cache"),
        ]).input(enabling: "undeclared-import")
        let configuration = Configuration(rules: ["undeclared-import": .warning])
        let found = Checker.run(CheckInput(graph: example.graph, sources: example.sources, configuration: configuration))
        #expect(found.map { "\($0.ruleID) \($0.severity)" } == ["undeclared-import warning", "unreachable-import error"])
    }

    /// A baseline written before the split names an unreachable import `undeclared-import`: it
    /// still accepts it, and is not stale.
    @Test func aBaselineFromBeforeTheSplitStillAcceptsUnreachableImports() {
        let targets: [RuleExample.ExampleTarget] = Self.cases[1].targets
        let old = Baseline(entries: [Baseline.Entry(rule: "undeclared-import", file: "Sources/Search/Search.swift", line: "import Storage", count: 1)])
        let result = Check.run(Self.workspace(targets, baseline: old))
        #expect(result.baselinedCount == 1)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        // Without it, the same import fails under its new id.
        #expect(Check.run(Self.workspace(targets)).diagnostics.map(\.code) == ["unreachable-import"])
    }

    @Test func aSuppressionUnderTheFormerIDStillSuppresses() {
        let source = ["import Models", "import Storage // bulkhead:ignore undeclared-import - moving in Q3"]
        var workspace = Self.workspace([
            .init("Search", dependencies: ["Models"], source: source),
            .init("Models", source: ["import Foundation"]), .init("Storage"),
        ])
        let path = "Sources/Search/Search.swift"
        workspace.sources = workspace.sources.mapValues { files in
            files.map { file in
                var scanned = file
                if file.path == path { scanned.directives = ImportScanner.scan(source.joined(separator: "\n")).directives }
                return scanned
            }
        }
        let result = Check.run(workspace)
        #expect(result.suppressedCount == 1)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
    }
}
