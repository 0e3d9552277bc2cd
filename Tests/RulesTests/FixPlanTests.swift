import Configuration
import Diagnostics
import TestSupport
import Testing
@testable import Rules

/// The fixes of a check as one plan: applied to the manifest's bytes once per target and
/// dependency, and the findings left with their reason.
@Suite(.tags(.small)) struct FixPlanTests {
    static let manifest = """
    let package = Package(
        name: "Example",
        targets: [
            .target(name: "Search", dependencies: ["Models", "Unused"]),
            .target(name: "Models"),
            .target(name: "Storage"),
            .target(name: "Unused"),
            .target(name: "Debug"),
        ]
    )

    """

    @Test func fixesEachDependencyOnceAndLeavesConditionalImports() {
        let example = RuleExample("fix", targets: [
            .init("Search", dependencies: ["Models", "Unused"], source: ["import Models", "import Storage", "#if DEBUG", "import Debug", "#endif"]),
            .init("Models"), .init("Storage"), .init("Unused"), .init("Debug"),
        ]).input(enabling: "undeclared-import")
        let workspace = Workspace(graph: example.graph, configuration: Configuration(), sources: example.sources,
                                  manifests: ["Package.swift": Array(Self.manifest.utf8)])
        let findings = Check.run(workspace).findings
        let plan = FixPlan(workspace: workspace, findings: findings)
        #expect(plan.fixed.map(\.finding.ruleID).sorted() == ["unreachable-import", "unused-dependency"])
        #expect(plan.left.map(\.finding.finding.subject) == ["Debug"])
        #expect(plan.left.first?.reason.contains("inside #if") == true)
        let after = plan.edits["Package.swift"].map { String(decoding: $0.after, as: UTF8.self) }
        #expect(after == Self.manifest.replacingOccurrences(of: #"dependencies: ["Models", "Unused"]"#, with: #"dependencies: ["Models", "Storage"]"#))
    }
}
