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

    /// The reproduction of issue 48: every import finding without a fix was said to be inside
    /// #if (212 on one app, none of them inside #if). Each is left with its own reason.
    @Test(arguments: [
        // A target of another local package that no product vends: nothing to declare.
        ("vends no product with Storage", RuleExample("unvended", targets: [
            .init("Search", source: ["import Storage"]),
            .init("Storage", package: "kit"),
        ])),
        // Declaring Util would link Core into Tool a second time: Kit, which Tool loads, holds it.
        ("would also link Core into Tool, which Kit (.dynamic product) holds already", RuleExample("second copy", targets: [
            .init("Tool", kind: "executable", dependencies: ["Kit"], source: ["import Kit", "import Util"]),
            .init("Kit", dependencies: ["Core"], source: ["import Core"], package: "kit"),
            .init("Util", dependencies: ["Core"], source: ["import Core"], package: "kit"),
            .init("Core", package: "kit"),
        ], products: [
            .init("Kit", linkage: "dynamic", targets: ["Kit"], package: "kit"),
            .init("Util", targets: ["Util"], package: "kit"),
        ])),
    ])
    func aFindingWithoutAFixIsLeftWithItsOwnReason(reason: String, example: RuleExample) throws {
        let input = example.input(enabling: "unreachable-import")
        let workspace = Workspace(graph: input.graph, configuration: Configuration(), sources: input.sources,
                                  manifests: ["Package.swift": Array(Self.manifest.utf8)])
        let findings = Check.run(workspace).findings.filter { $0.finding.ruleID == "unreachable-import" }
        try #require(findings.count == 1, "\(findings.map(\.finding.message))")
        #expect(findings[0].finding.fix == nil)
        let plan = FixPlan(workspace: workspace, findings: findings)
        #expect(plan.left.count == 1)
        #expect(plan.left.first?.reason.contains(reason) == true, "\(plan.left.map(\.reason))")
        #expect(plan.left.first?.reason.contains("#if") == false, "\(plan.left.map(\.reason))")
        #expect(plan.edits.isEmpty)
    }
}
