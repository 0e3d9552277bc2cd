import Configuration
import Diagnostics
import ImportScanning
import ModuleGraph
import TestSupport
import Testing
@testable import Rules

/// `check` as a function of a `Workspace` value: placement in manifests, suppressions, the
/// baseline and the rule seam, with no toolchain and no disk.
@Suite(.tags(.small)) struct CheckTests {
    static let manifest = """
    // swift-tools-version: 6.0
    import PackageDescription
    let package = Package(
        name: "Example",
        targets: [
            .target(name: "Search", dependencies: ["Storage"]),
            .target(name: "Storage"),
        ]
    )
    """

    /// Search declares Storage but imports only Networking, which it does not declare.
    static func workspace(searchSource: [String] = ["import Foundation", "import Networking"],
                          manifest: String? = CheckTests.manifest, baseline: Baseline? = nil) -> Workspace {
        let example = RuleExample("workspace", targets: [
            .init("Search", dependencies: ["Storage"], source: searchSource),
            .init("Storage"), .init("Networking"),
        ])
        let input = example.input(enabling: "undeclared-import")
        // The example keeps imports only; a real scan also keeps the `// bulkhead:` comments.
        let sources = input.sources.mapValues { files in
            files.map { file in
                var scanned = file
                scanned.directives = ImportScanner.scan(searchSource.joined(separator: "\n")).directives
                return scanned
            }
        }
        return Workspace(
            graph: input.graph, configuration: Configuration(), sources: sources,
            manifests: manifest.map { ["Package.swift": Array($0.utf8)] } ?? [:],
            baseline: baseline.map { BaselineFile(baseline: $0, path: "bulkhead-baseline.json", shownPath: "bulkhead-baseline.json") })
    }

    @Test func manifestFindingsPointAtTheDependencyInPackageSwift() {
        let result = Check.run(Self.workspace())
        let unused = result.diagnostics.first { $0.code == "unused-dependency" }
        #expect(unused?.location == SourceLocation(path: "Package.swift", line: 6, column: 48))
        #expect(result.diagnostics.map(\.code) == ["unused-dependency", "unreachable-import"])
    }

    @Test func anUnreadableManifestPlacesItsFindingsAtItsFirstLine() {
        let result = Check.run(Self.workspace(manifest: nil))
        #expect(result.diagnostics.first { $0.code == "unused-dependency" }?.location == SourceLocation(path: "Package.swift", line: 1, column: 1))
    }

    @Test func aSuppressionWithAReasonAcceptsItsLineAndAnUnusedOneIsReported() {
        let result = Check.run(Self.workspace(searchSource: [
            "import Networking // bulkhead:ignore undeclared-import - moving to Storage in Q3",
            "// bulkhead:ignore undeclared-import - nothing below to suppress",
            "import Foundation",
        ]))
        #expect(result.suppressedCount == 1)
        #expect(result.diagnostics.map(\.code).sorted() == ["unused-dependency", "unused-suppression"])
    }

    @Test func aTargetExcludedByNameHasNoUnusedSuppressions() {
        var workspace = Self.workspace(searchSource: [
            "import Networking // bulkhead:ignore undeclared-import - moving to Storage in Q3",
        ])
        workspace.configuration = Configuration(exclude: ["Search"])
        let result = Check.run(workspace)
        #expect(result.diagnostics.allSatisfy { $0.code != "unused-suppression" })
    }

    @Test func theBaselineAcceptsKnownFindingsAndReportsFixedOnes() {
        let known = Check.run(Self.workspace()).findings
        var baseline = Baseline(findings: known)
        baseline.entries.append(Baseline.Entry(rule: "undeclared-import", file: "Sources/Search/Search.swift", line: "import Gone", count: 1))
        let result = Check.run(Self.workspace(baseline: baseline))
        #expect(result.baselinedCount == 2)
        #expect(result.diagnostics.map(\.code) == ["stale-baseline"])
        #expect(result.diagnostics.first?.message == "fixed — remove from the baseline: undeclared-import in Sources/Search/Search.swift: import Gone")
        #expect(result.findings.count == 2, "the baseline command still sees every finding")
    }

    @Test func aNewRuleIsOneFileAndOneLine() {
        let rules = RuleCatalog.rules + [ForbiddenFoundationRule()]
        let result = Check.run(Self.workspace(), rules: rules)
        #expect(result.enabledRules.last == "no-foundation")
        let foundation = result.diagnostics.first { $0.code == "no-foundation" }
        #expect(foundation?.location == SourceLocation(path: "Sources/Search/Search.swift", line: 1, column: 8))
        #expect(foundation?.severity == .warning)
        #expect(Check.run(Self.workspace()).diagnostics.allSatisfy { $0.code != "no-foundation" })
    }

    @Test func anEarlierRuleKeepsAViolationALaterRuleAlsoFinds() {
        // Both rules report the same import: the one listed first wins, whichever order they run in.
        let both = RuleCatalog.rules.filter { $0.description.id == "unreachable-import" } + [ForbiddenFoundationRule()]
        let foundationFirst = [ForbiddenFoundationRule()] + RuleCatalog.rules.filter { $0.description.id == "unreachable-import" }
        let source = ["import Networking"]
        let input = Self.workspace(searchSource: source)
        let renamed = Check.run(input, rules: both).findings.map(\.finding.ruleID)
        #expect(renamed == ["unreachable-import"])
        var foundationInput = Self.workspace(searchSource: ["import Foundation"])
        foundationInput.graph = input.graph
        #expect(Check.run(foundationInput, rules: foundationFirst).findings.map(\.finding.ruleID) == ["no-foundation"])
    }
    /// A `// bulkhead:` comment in `Package.swift` suppresses a manifest finding; a manifest
    /// that spells no `bulkhead:` is not read for comments, and its findings stay.
    @Test func aManifestSuppressionIsFoundAndAManifestWithoutOneKeepsItsFindings() {
        let suppressed = """
        // swift-tools-version: 6.0
        import PackageDescription
        let package = Package(
            name: "Example",
            targets: [
                .target(name: "Search", dependencies: ["Storage"]), // bulkhead:ignore unused-dependency - kept for the next release
                .target(name: "Storage"),
            ]
        )
        """
        let result = Check.run(Self.workspace(manifest: suppressed))
        #expect(result.suppressedCount == 1)
        #expect(result.diagnostics.map(\.code) == ["unreachable-import"])
        let plain = Check.run(Self.workspace())
        #expect(plain.suppressedCount == 0)
        #expect(plain.diagnostics.map(\.code) == ["unused-dependency", "unreachable-import"])
    }

    @Test func theDirectiveMarkIsLookedForAnywhereInTheBytes() {
        let mark = Array("bulkhead:".utf8)
        #expect(ManifestPlaces.contains(mark, in: Array("// bulkhead:ignore x - y".utf8)))
        #expect(ManifestPlaces.contains(mark, in: Array("bulkhead:".utf8)))
        #expect(ManifestPlaces.contains(mark, in: Array("bbulkhead bulkhead:".utf8)))
        #expect(!ManifestPlaces.contains(mark, in: Array("// bulkhead ignore".utf8)))
        #expect(!ManifestPlaces.contains(mark, in: Array("bulkhead".utf8)))
        #expect(!ManifestPlaces.contains(mark, in: []))
    }
}
