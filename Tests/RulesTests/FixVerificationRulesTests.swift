import Configuration
import Diagnostics
import ModuleGraph
import TestSupport
import Testing
@testable import Rules

/// Issue 49: a fix is checked as the build would see it before it is written — the manifest as
/// SwiftPM evaluates it, and the graph the fix leaves for every dependant.
@Suite(.tags(.small)) struct EvaluatedManifestComparisonTests {
    typealias Change = EvaluatedManifestComparison.IntendedChange

    /// A `dump-package` answer with targets A and B, A's dependencies as given.
    static func dump(_ dependencies: String, name: String = "P", bType: String = "regular") throws -> [UInt8] {
        Array("""
        {"name": "\(name)", "toolsVersion": {"_version": "5.9.0"}, "targets": [
          {"name": "A", "type": "regular", "dependencies": [\(dependencies)]},
          {"name": "B", "type": "\(bType)", "dependencies": []}
        ]}
        """.utf8)
    }

    @Test func theIntendedChangesAlonePass() throws {
        let before = try Self.dump(#"{"byName": ["B", null]}, {"byName": ["C", null]}, {"byName": ["D", null]}, {"byName": ["D", null]}"#)
        let after = try Self.dump(#"{"byName": ["B", null]}, {"byName": ["D", null]}, {"product": ["P", "p", null, null]}"#)
        #expect(EvaluatedManifestComparison.differences(
            beforeJSON: before, afterJSON: after, intended: ["A": Change(added: ["P"], removed: ["C"], deduplicated: ["D"])]).isEmpty)
        // A product is named by the product, not by the module its import asked for.
        var recorded = Change()
        recorded.record(.addDependency(spelling: #".product(name: "P", package: "p")"#, name: "PModule", package: "p"))
        recorded.record(.removeDependency(name: "C"))
        recorded.record(.removeDuplicateDependency(name: "D"))
        #expect(recorded == Change(added: ["P"], removed: ["C"], deduplicated: ["D"]))
    }

    /// The reassigned list, the dead branch: the text changed, SwiftPM sees the old list.
    @Test func anEditSwiftPMDoesNotSeeIsNamed() throws {
        let same = try Self.dump(#"{"byName": ["B", null]}, {"byName": ["C", null]}"#)
        let differences = EvaluatedManifestComparison.differences(beforeJSON: same, afterJSON: same, intended: ["A": Change(removed: ["C"])])
        #expect(differences["A"]?.contains("SwiftPM sees no change to its dependencies") == true)
    }

    /// Dependencies changed at run time after the edit: the other elements moved.
    @Test func otherElementsChangingAreNamed() throws {
        let before = try Self.dump(#"{"byName": ["B", null]}, {"byName": ["C", null]}"#)
        let after = try Self.dump(#"{"byName": ["C", null]}, {"byName": ["B", null]}, {"byName": ["E", null]}"#)
        #expect(EvaluatedManifestComparison.differences(beforeJSON: before, afterJSON: after, intended: ["A": Change(added: ["E"])])["A"]
            == "SwiftPM sees its other dependencies changed (the list is changed again when the manifest runs)")
        let wrongName = try Self.dump(#"{"byName": ["B", null]}, {"byName": ["C", null]}, {"byName": ["F", null]}"#)
        #expect(EvaluatedManifestComparison.differences(beforeJSON: before, afterJSON: wrongName, intended: ["A": Change(added: ["E"])])["A"]
            == "SwiftPM sees F added where the fix meant E")
    }

    @Test func changesOutsideTheIntendedEntriesAreNamed() throws {
        let before = try Self.dump(#"{"byName": ["B", null]}"#)
        #expect(EvaluatedManifestComparison.differences(beforeJSON: before, afterJSON: try Self.dump(#"{"byName": ["B", null]}"#, name: "Q"), intended: [:])
            == ["": "the package's 'name' changed"])
        #expect(EvaluatedManifestComparison.differences(beforeJSON: before, afterJSON: try Self.dump(#"{"byName": ["B", null]}"#, bType: "test"), intended: [:])
            == ["B": "its 'type' changed"])
        #expect(EvaluatedManifestComparison.differences(beforeJSON: before, afterJSON: try Self.dump(""), intended: [:])
            == ["A": "its dependencies changed although no fix was meant for it"])
        #expect(EvaluatedManifestComparison.differences(beforeJSON: before, afterJSON: before, intended: ["Z": Change(removed: ["B"])])
            == ["Z": "SwiftPM does not see a target named Z"])
    }
}

@Suite(.tags(.small)) struct FixConsequencesTests {
    static let manifest = """
    let package = Package(
        name: "Example",
        targets: [
            .target(name: "App", dependencies: ["Kit"]),
            .target(name: "Kit", dependencies: ["Models"]),
            .target(name: "Models"),
        ]
    )

    """

    /// App imports Models through Kit, which declares it and never imports it. Removing it
    /// alone (App's own fix withheld, as `--target Kit` or a project App would) leaves App
    /// without a path to Models: the removal is withheld naming App.
    @Test func aRemovalADependantStillNeedsIsWithheld() {
        let example = RuleExample("chain", targets: [
            .init("App", dependencies: ["Kit"], source: ["import Kit", "import Models"]),
            .init("Kit", dependencies: ["Models"], source: ["let x = 1"]),
            .init("Models"),
        ]).input(enabling: "undeclared-import")
        let workspace = Workspace(graph: example.graph, configuration: Configuration(), sources: example.sources,
                                  manifests: ["Package.swift": Array(Self.manifest.utf8)])
        let before = Check.run(workspace).findings
        let removal = before.filter { $0.finding.ruleID == "unused-dependency" }
        #expect(removal.map(\.finding.subject) == ["Models"])
        let plan = FixPlan(workspace: workspace, findings: removal)
        var fixed = workspace
        fixed.graph = Self.graph(workspace.graph, removing: "Models", from: "Kit")
        for (path, edit) in plan.edits { fixed.manifests[path] = edit.after }
        let harm = FixConsequences.harm(before: before, after: Check.run(fixed).findings, fixed: plan.fixed, graph: workspace.graph)
        let key = FixConsequences.FixKey(target: removal[0].finding.target, fix: .removeDependency(name: "Models"))
        #expect(harm.keys.map { $0 } == [key])
        #expect(harm[key] == "App still needs it: without it, App imports Models, which it does not declare [unreachable-import]")

        // With App's own addition in the same plan, nothing is lost and nothing withheld.
        let both = before.filter { $0.finding.fix != nil }
        let bothPlan = FixPlan(workspace: workspace, findings: both)
        var fixedBoth = workspace
        fixedBoth.graph = Self.graph(Self.graph(workspace.graph, removing: "Models", from: "Kit"), adding: "Models", to: "App")
        #expect(FixConsequences.harm(before: before, after: Check.run(fixedBoth).findings, fixed: bothPlan.fixed, graph: workspace.graph).isEmpty)
    }

    static func graph(_ graph: ModuleGraph, removing name: String, from target: String) -> ModuleGraph {
        var targets = graph.targets
        for index in targets.indices where targets[index].name == target {
            targets[index].dependencies.removeAll { if case .target(let id) = $0.destination { id.name == name } else { false } }
        }
        return ModuleGraph(packages: graph.packages, targets: targets, externalProducts: graph.externalProducts)
    }

    static func graph(_ graph: ModuleGraph, adding name: String, to target: String) -> ModuleGraph {
        var targets = graph.targets
        for index in targets.indices where targets[index].name == target {
            targets[index].dependencies.append(DependencyEdge(.target(TargetID(package: targets[index].id.package, name: name))))
        }
        return ModuleGraph(packages: graph.packages, targets: targets, externalProducts: graph.externalProducts)
    }
}
