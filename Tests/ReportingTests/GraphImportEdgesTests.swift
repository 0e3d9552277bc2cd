import Foundation
import ModuleGraph
import TestSupport
import Testing
@testable import Reporting

/// `graph --edges imports|both` as views and renderers: import edges replace or join the declared
/// ones, each marked by whether a declaration backs it, in DOT, Mermaid and HTML.
@Suite(.tags(.medium)) struct GraphImportEdgesTests {
    /// App declares Core and Remote; its sources import Core and Feature (under `#if`).
    static let view = GraphView(
        title: "Imports",
        nodes: [
            .init(id: "p/App", label: "App", kind: .target(.library)),
            .init(id: "p/Core", label: "Core", kind: .target(.library)),
            .init(id: "p/Feature", label: "Feature", kind: .target(.library)),
            .init(id: "external:r/Remote", label: "Remote", kind: .external(isGuess: false)),
        ],
        edges: [.init(from: "p/App", to: "p/Core"), .init(from: "p/App", to: "p/Feature"), .init(from: "p/App", to: "external:r/Remote")])

    static let imports = [
        GraphView.ImportEdge(from: "p/App", to: "p/Core", site: .init(file: "Sources/App/A.swift", line: 2, isConditional: false, count: 3)),
        GraphView.ImportEdge(from: "p/Core", to: "p/Feature", site: .init(file: "Sources/Core/C.swift", line: 1, isConditional: true, count: 1)),
    ]

    @Test func importsAloneDrawWhatTheSourcesImport() {
        let view = Self.view.withImports(Self.imports, source: .imports)
        #expect(view.edges.map { "\($0.from)->\($0.to)" } == ["p/App->p/Core", "p/Core->p/Feature"])
        #expect(view.edges.map(\.kind) == [.declaredAndImported, .imported])
        #expect(view.edges.map(\.label) == ["A.swift:2 +2", "C.swift:1 #if"])
        #expect(view.nodes.filter(\.isExternal).isEmpty)
        #expect(Self.view.withImports(Self.imports, source: .declared) == Self.view)
    }

    @Test func bothMarkEachEdgeAndTheRenderersDrawTheMarks() throws {
        let view = Self.view.withImports(Self.imports, source: .both)
        let kinds = Dictionary(uniqueKeysWithValues: view.edges.map { ("\($0.from)->\($0.to)", $0.kind) })
        #expect(kinds == ["p/App->p/Core": .declaredAndImported, "p/App->p/Feature": .declared, "p/App->external:r/Remote": .declared,
                          "p/Core->p/Feature": .imported])
        let dot = DOTRenderer.render(view)
        #expect(dot.contains("\"p/Core\" -> \"p/Feature\" [label=\"C.swift:1 #if\", style=dotted, color=\"#b03a2e\"];"))
        #expect(dot.contains("\"p/App\" -> \"p/Feature\" [color=gray70];"))
        #expect(dot.contains("dotted red edge") && dot.contains("grey edge"))
        let mermaid = MermaidRenderer.render(view)
        #expect(mermaid.contains("-.->|\"C.swift:1 #if\"|"))
        let html = HTMLRenderer.render(view, findings: [], toolVersion: "test")
        #expect(html.contains("class=\"edge imported\""))
        #expect(html.contains("class=\"edge declared-only\""))
        if Consumer.graphviz.isAvailable { #expect(try Graphviz.edgeCount(dot) == 4) }
    }

    @Test func declaredDrawingsAreUnchanged() {
        #expect(!DOTRenderer.render(Self.view).contains("dotted"))
        #expect(GraphLegend(Self.view).entries.allSatisfy { ![.importedEdge, .declaredOnlyEdge, .importSite].contains($0) })
    }
}
