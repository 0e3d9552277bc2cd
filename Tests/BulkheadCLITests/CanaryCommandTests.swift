import Foundation
import PackageLoading
import TestSupport
import Testing
@testable import BulkheadCLI

/// `bulkhead canary` in-process over the TravelApp fixture's recorded toolchain answers: its
/// exit statuses, its JSON, its help.
@Suite(.tags(.medium)) struct CanaryCommandTests {
    static func run(_ arguments: [String]) -> CommandRun {
        let fixture = Fixtures.path("TravelApp")
        let describer = RecordedPackageDescriber(root: fixture, recordings: fixture + "/.toolchain")
        return CommandRun.run(["canary"] + arguments + ["--package-path", fixture], in: RepositoryRoot.path, packageDescriber: describer)
    }

    struct Document: Decodable {
        var version: Int
        var command: String
        var strict: Bool
        var passed: Bool
        var rules: [Entry]
    }

    struct Entry: Decodable, Equatable {
        var rule: String
        var severity: String
        var result: String
        var path: String?
        var line: Int?
        var reason: String?
    }

    @Test func help() {
        Snapshot.expect(CommandRun.run(["canary", "--help"]).standardOutput, matches: "canary-help.txt")
    }

    @Test func everyRuleThatCanBeViolatedFiresOnTheFeaturesPreset() throws {
        let run = Self.run(["--preset", "features", "--format", "json"])
        #expect(run.status == .clean, "\(run.standardOutput)\(run.standardError)")
        let document = try JSONDecoder().decode(Document.self, from: Data(run.standardOutput.utf8))
        #expect(document.version == 1 && document.command == "canary" && document.passed && !document.strict)
        #expect(document.rules.map(\.rule) == document.rules.map(\.rule).sorted())
        let results = Dictionary(uniqueKeysWithValues: document.rules.map { ($0.rule, $0.result) })
        #expect(results == [
            "forbidden-import": "no-place", "package-internal": "no-place",
            "layer-dependency": "fired", "third-party-product": "fired", "undeclared-import": "fired",
            "unreachable-import": "fired", "unused-dependency": "fired",
            "dependency-cycle": "fired", "testing-import": "fired", "product-type": "fired", "feature-shape": "fired",
            "unknown-module": "fired", "import-through-image": "fired", "duplicate-copy": "fired",
            "footprint-budget": "no-place",
            // Every folder puts a new Testing library in a layer no product target may use:
            // layer-dependency reports such a dependency before testing-in-product could.
            "testing-in-product": "no-place",
            // Nothing written down for these: no requiredSettings, no source section.
            "required-settings": "no-place", "forbidden-identifier": "no-place", "declaration-shape": "no-place",
            "unchecked-sendable": "no-place", "public-imports": "no-place",
        ])
        // Fired findings point where check reports them.
        let undeclared = document.rules.first { $0.rule == "undeclared-import" }
        #expect(undeclared?.path?.hasSuffix("/BulkheadCanary.swift") == true && undeclared?.line == 1)
    }

    @Test func strictFailsOnARuleWithNoPlace() {
        let run = Self.run(["--preset", "features", "--strict"])
        #expect(run.status == .violations)
        #expect(run.standardOutput.contains("no place to plant: no layer forbids an import (forbiddenImports)"))
        #expect(run.standardOutput.contains("not every enabled rule is proven"))
    }

    @Test func theRuleSelectionOptionsChooseWhatIsPlanted() throws {
        let run = Self.run(["--preset", "features", "--format", "json", "--rule", "layer-dependency"])
        #expect(run.status == .clean)
        let document = try JSONDecoder().decode(Document.self, from: Data(run.standardOutput.utf8))
        #expect(document.rules.map(\.rule) == ["layer-dependency"])
    }

    @Test func aConfigurationItCannotReadEndsWithStatus2() {
        let folder = TemporaryFolder()
        let configuration = folder.write("bulkhead.json", #"{ "layerz": [] }"#)
        let run = Self.run(["--config", configuration])
        #expect(run.status == .failure, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.isEmpty)
    }

    @Test(arguments: [["extra"], ["--format", "xml"], ["--rule", "no-such-rule"]])
    func usageErrors(_ arguments: [String]) {
        #expect(Self.run(arguments).status == .usage)
    }
}
