import Processes
import TestSupport
import Foundation
import PackageLoading
import Testing
@testable import Reporting

/// `graph --collapse`: one node per cluster, edges counted; and the legend of the marks in use.
@Suite(.tags(.small)) struct GraphCollapseTests {
    @Test func collapsingCountsTheDependenciesBetweenClusters() {
        let view = GraphView(title: "T", nodes: [
            .init(id: "a/A1", label: "A1", kind: .target(.library), cluster: "App"),
            .init(id: "a/A2", label: "A2", kind: .target(.library), cluster: "App"),
            .init(id: "k/K", label: "K", kind: .target(.library), cluster: "Kernel"),
            .init(id: "a/Loose", label: "Loose", kind: .target(.library)),
            .init(id: "external:x/X", label: "X", kind: .external(isGuess: false)),
        ], edges: [
            .init(from: "a/A1", to: "k/K"), .init(from: "a/A2", to: "k/K"), .init(from: "a/A1", to: "a/A2"),
            .init(from: "a/Loose", to: "k/K"), .init(from: "k/K", to: "external:x/X"),
        ], clusterOrder: ["App", "Kernel"])
        let collapsed = view.collapsed(unclustered: "(no layer)")
        #expect(collapsed.nodes.map(\.label) == ["App", "Kernel", "(no layer)", GraphView.remoteGroup])
        #expect(collapsed.nodes.map(\.kind) == [.group(members: 2), .group(members: 1), .group(members: 1), .group(members: 1)])
        let counts = Dictionary(uniqueKeysWithValues: collapsed.edges.map { ("\($0.from)->\($0.to)", $0.count) })
        #expect(counts == ["group:App->group:Kernel": 2, "group:App->group:App": 1, "group:(no layer)->group:Kernel": 1,
                           "group:Kernel->group:\(GraphView.remoteGroup)": 1])
        #expect(DOTRenderer.render(collapsed).contains("label=\"2\""))
        #expect(MermaidFlowchartChecker.problems(in: MermaidRenderer.render(collapsed)) == [])
    }

    /// The HTML report's view of one cluster opened among the others: its modules stay modules,
    /// with their own edges, and each of their edges to another cluster is counted per module.
    @Test func expandingOneClusterKeepsItsModulesAndCountsTheirEdgesToTheOthers() {
        let view = GraphView(title: "T", nodes: [
            .init(id: "a/A1", label: "A1", kind: .target(.library), cluster: "App"),
            .init(id: "a/A2", label: "A2", kind: .target(.library), cluster: "App"),
            .init(id: "k/K1", label: "K1", kind: .target(.library), cluster: "Kernel"),
            .init(id: "k/K2", label: "K2", kind: .target(.library), cluster: "Kernel"),
        ], edges: [
            .init(from: "a/A1", to: "k/K1"), .init(from: "a/A1", to: "k/K2"), .init(from: "a/A2", to: "k/K1"),
            .init(from: "a/A1", to: "a/A2"), .init(from: "k/K1", to: "k/K2"),
        ], clusterOrder: ["App", "Kernel"])
        let opened = view.collapsed(unclustered: "(no layer)", expanding: "App")
        #expect(opened.nodes.map(\.id) == ["a/A1", "a/A2", "group:Kernel"])
        #expect(opened.nodes.map(\.cluster) == ["App", "App", nil])
        let counts = Dictionary(uniqueKeysWithValues: opened.edges.map { ("\($0.from)->\($0.to)", $0.count) })
        #expect(counts == ["a/A1->group:Kernel": 2, "a/A2->group:Kernel": 1, "a/A1->a/A2": nil, "group:Kernel->group:Kernel": 1])
        // Expanding nothing is the collapsed view.
        #expect(view.collapsed(unclustered: "(no layer)", expanding: nil) == view.collapsed(unclustered: "(no layer)"))
    }

    @Test func theLegendListsOnlyTheMarksInUse() {
        #expect(GraphLegend(GraphRendererTests.view).entries == [.testTarget, .remoteProduct, .assumedModule, .conditionalEdge, .toolTarget, .binaryTarget])
        let plain = GraphView(title: "T", nodes: [.init(id: "a/A", label: "A", kind: .target(.library))], edges: [])
        #expect(GraphLegend(plain).entries == [])
        #expect(!DOTRenderer.render(plain).contains("Legend"))
        let dot = DOTRenderer.render(GraphRendererTests.view)
        #expect(dot.contains("module name assumed: no checkout of the package was found"))
    }

    /// Mermaid refuses more than 500 edges: a 400-target graph has more, its collapse far fewer.
    @Test func aGraphPastMermaidsLimitCollapsesUnderIt() {
        let view = SyntheticGraph.view(targets: 400)
        #expect(view.edges.count > MermaidRenderer.edgeLimit)
        let collapsed = view.collapsed(unclustered: "(no layer)")
        #expect(collapsed.edges.count <= MermaidRenderer.edgeLimit)
        #expect(collapsed.edges.compactMap(\.count).reduce(0, +) == view.edges.count)
        #expect(MermaidFlowchartChecker.problems(in: MermaidRenderer.render(collapsed)) == [])
    }

    /// The must-show: a 124-target graph, collapsed by layer, renders with Graphviz to an image
    /// under 2000 px on its long side (uncollapsed, the real app's was 3337×13801).
    @Test(.tags(.medium), .requires(.graphviz)) func aCollapsed124TargetGraphRendersSmall() throws {
        let view = SyntheticGraph.view(targets: 124)
        #expect(view.nodes.count == 124)
        let full = try PNGSize.render(DOTRenderer.render(view))
        let collapsed = try PNGSize.render(DOTRenderer.render(view.collapsed(unclustered: "(no layer)")))
        #expect(max(collapsed.width, collapsed.height) < 2000, "collapsed \(collapsed)")
        #expect(max(full.width, full.height) > max(collapsed.width, collapsed.height), "full \(full), collapsed \(collapsed)")
    }
}

/// A PNG's pixel size from Graphviz, read from the IHDR chunk.
enum PNGSize {
    static func render(_ dot: String) throws -> (width: Int, height: Int) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-\(UUID().uuidString).dot").path
        try dot.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let output = try ProcessRunner.run(["dot", "-Tpng", file])
        try #require(output.status == 0, "dot failed: \(output.standardErrorText)")
        let bytes = [UInt8](output.standardOutput)
        try #require(bytes.count > 24 && bytes[12..<16].elementsEqual("IHDR".utf8))
        func integer(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (integer(16), integer(20))
    }
}
