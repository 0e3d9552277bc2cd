import TestSupport
import Testing
@testable import Reporting

/// Edges to remote products are drawn dashed because of the node's kind, whatever its id says.
@Suite(.tags(.small)) struct GraphExternalNodeTests {
    /// An external whose id has no `external:` prefix, and a target whose id has one.
    static let view = GraphView(
        title: "Kinds",
        nodes: [
            .init(id: "app/App", label: "App", kind: .target(.executable)),
            .init(id: "kingfisher/Kingfisher", label: "Kingfisher", kind: .external(isGuess: false)),
            .init(id: "external:odd/Name", label: "Name", kind: .target(.library)),
        ],
        edges: [
            .init(from: "app/App", to: "kingfisher/Kingfisher"),
            .init(from: "app/App", to: "external:odd/Name"),
        ])

    @Test func dotDashesEdgesToExternalNodesOnly() {
        let dot = DOTRenderer.render(Self.view)
        #expect(dot.contains("\"app/App\" -> \"kingfisher/Kingfisher\" [style=dashed];"))
        #expect(dot.contains("\"app/App\" -> \"external:odd/Name\";"))
    }

    @Test func mermaidDotsEdgesToExternalNodesOnly() {
        // Nodes are numbered in id order: app/App n0, external:odd/Name n1, kingfisher/Kingfisher n2.
        let mermaid = MermaidRenderer.render(Self.view)
        #expect(mermaid.contains("  n0 -.-> n2\n"))
        #expect(mermaid.contains("  n0 --> n1\n"))
    }

    @Test func theViewKnowsItsExternalNodes() {
        #expect(Self.view.externalNodeIDs == ["kingfisher/Kingfisher"])
    }
}
