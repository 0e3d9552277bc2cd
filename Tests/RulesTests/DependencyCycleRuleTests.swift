import Configuration
import ModuleGraph
import TestSupport
import Testing
@testable import Rules

/// `dependency-cycle` and the cycle search under it: components, the shortest cycle, the edges
/// that break them, and where the finding is placed.
@Suite(.tags(.small)) struct DependencyCycleRuleTests {
    typealias Edge = DirectedCycles.Edge

    static func edges(_ pairs: [(Int, Int)]) -> [Edge] { pairs.map { Edge(from: $0.0, to: $0.1) } }

    @Test func componentsAreTheNodesOnCyclesInOrder() {
        // 0 → 1 → 2 → 0, 3 → 4 → 3, 5 alone, 2 → 3 joins nothing.
        let cycles = DirectedCycles(count: 6, edges: Self.edges([(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 3), (5, 5)]))
        #expect(cycles.cyclicComponents() == [[0, 1, 2], [3, 4]])
    }

    @Test func theShortestCycleIsFoundAmongLongerOnes() {
        // A ring of five with a chord making a cycle of two.
        let cycles = DirectedCycles(count: 5, edges: Self.edges([(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (3, 2)]))
        let component = cycles.cyclicComponents()[0]
        #expect(cycles.shortestCycle(in: component) == [2, 3])
    }

    @Test func theBreakingEdgesLeaveNoCycle() {
        let edges = Self.edges([(0, 1), (1, 0), (1, 2), (2, 1), (2, 0), (0, 2)])
        let cycles = DirectedCycles(count: 3, edges: edges)
        let component = cycles.cyclicComponents()[0]
        let breaking = cycles.breakingEdges(of: component, preferred: <)
        let rest = DirectedCycles(count: 3, edges: edges.filter { !breaking.contains($0) })
        #expect(rest.cyclicComponents().isEmpty)
        #expect(breaking.count == 3)
    }

    /// Past the greedy search's size, a depth-first order's back edges: fewer than all, and
    /// without them no cycle is left.
    @Test func aLargeComponentIsBrokenByBackEdges() {
        let count = DirectedCycles.greedyLimit * 3
        // A ring with a chord back from every tenth node.
        let edges = (0..<count).map { Edge(from: $0, to: ($0 + 1) % count) } + stride(from: 10, to: count, by: 10).map { Edge(from: $0, to: $0 - 5) }
        let cycles = DirectedCycles(count: count, edges: edges)
        let breaking = cycles.breakingEdges(of: cycles.cyclicComponents()[0], preferred: <)
        #expect(!breaking.isEmpty && breaking.count < edges.count)
        #expect(DirectedCycles(count: count, edges: edges.filter { !breaking.contains($0) }).cyclicComponents().isEmpty)
    }

    /// Input controls the depth of the walk: a chain of 200 000 nodes closed into one cycle
    /// must not exhaust the call stack.
    @Test func aVeryLongCycleNeedsNoRecursion() {
        let count = 200_000
        let cycles = DirectedCycles(count: count, edges: (0..<count).map { Edge(from: $0, to: ($0 + 1) % count) })
        let components = cycles.cyclicComponents()
        #expect(components.count == 1)
        #expect(components.first?.count == count)
    }

    static let manifest = """
    let package = Package(
        name: "Example",
        targets: [
            .target(name: "Storage", dependencies: ["Networking"]),
            .target(name: "Networking"),
        ]
    )
    """

    @Test func theCycleIsReportedAtTheImportThatClosesIt() {
        let example = RuleExample("cycle", targets: [
            .init("Storage", dependencies: ["Networking"], source: ["import Networking"]),
            .init("Networking", source: ["import Foundation", "import Storage"]),
        ])
        let result = GraphRuleCheck.run(example, enabling: "dependency-cycle", manifest: Self.manifest)
        #expect(GraphRuleCheck.places(result) == ["Sources/Networking/Networking.swift:2:8 dependency-cycle"])
        #expect(result.diagnostics.first?.message == "dependency cycle Networking → Storage → Networking; removing Networking → Storage breaks every cycle among them")
    }

    @Test func aSuppressionWithAReasonIsHonoured() {
        let example = RuleExample("cycle", targets: [
            .init("Storage", dependencies: ["Networking"], source: ["import Networking"]),
            .init("Networking", source: ["import Storage // bulkhead:ignore dependency-cycle - caching moves out in Q3"]),
        ])
        let result = GraphRuleCheck.run(example, enabling: "dependency-cycle", manifest: Self.manifest)
        #expect(result.diagnostics.isEmpty)
        #expect(result.suppressedCount == 1)
    }

    @Test func aCycleAcrossPackagesNamesBothAndTheSmallestBreak() {
        // Two rings sharing Search: removing Search → Booking (one import) breaks both.
        let example = RuleExample("packages", targets: [
            .init("Search", source: ["import Booking"]),
            .init("Booking", source: ["import Payment", "import Search"], package: "booking"),
            .init("Payment", source: ["import Search"], package: "booking"),
        ])
        let findings = Checker.run(example.input(enabling: "dependency-cycle"))
        #expect(findings.count == 1)
        #expect(findings.first?.message == "dependency cycle Booking → Search → Booking (the shortest among 3 targets that reach each other); removing Search → Booking breaks every cycle among them")
    }

    @Test func aManifestCycleAloneIsLeftToSwiftPM() {
        let example = RuleExample("declared", targets: [
            .init("Storage", dependencies: ["Networking"]),
            .init("Networking", dependencies: ["Storage"]),
        ])
        #expect(Checker.run(example.input(enabling: "dependency-cycle")).isEmpty)
    }

    @Test func aLayerCycleTheTableForbidsIsLeftToLayerDependency() {
        let layers: [Configuration.Layer] = [
            .init(name: "Interfaces", paths: ["Sources/Interfaces/*"], mayUse: []),
            .init(name: "Features", paths: ["Sources/Features/*"], mayUse: ["Interfaces"]),
        ]
        let example = RuleExample("forbidden", targets: [
            .init("SearchInterface", path: "Sources/Interfaces/SearchInterface", dependencies: ["Booking"], source: ["import Booking"]),
            .init("Booking", path: "Sources/Features/Booking", dependencies: ["BookingInterface"], source: ["import BookingInterface"]),
            .init("BookingInterface", path: "Sources/Interfaces/BookingInterface"),
        ], layers: layers)
        #expect(Checker.run(example.input(enabling: "dependency-cycle")).isEmpty)
    }
}
