import Processes
import TestSupport
import Foundation
import PackageLoading
import ModuleGraph
import Testing
@testable import Reporting

/// The graph renderers, checked by real consumers where one runs here: Graphviz's `dot` for DOT,
/// and a checker of Mermaid's flowchart grammar (no Mermaid parser runs offline here).
@Suite(.tags(.medium)) struct GraphRendererTests {
    /// Names that stress quoting: dashes, dots, spaces, quotes, backslashes, keywords.
    static let view = GraphView(
        title: "Tricky \"Graph\"",
        nodes: [
            .init(id: "app/Legacy-Bridge", label: "Legacy-Bridge", kind: .target(.library), cluster: "App"),
            .init(id: "app/end", label: "end", kind: .target(.library), cluster: "App"),
            .init(id: "app/Say \"hi\"", label: "Say \"hi\"", kind: .target(.library), cluster: "App"),
            .init(id: "core/Back\\slash", label: "Back\\slash", kind: .target(.cFamily), cluster: "Core Kit"),
            .init(id: "core/Macros", label: "Macros", kind: .target(.macro), cluster: "Core Kit"),
            .init(id: "app/AppTests", label: "AppTests", kind: .target(.test)),
            .init(id: "external:kingfisher/Kingfisher", label: "Kingfisher (?)", kind: .external(isGuess: true)),
        ],
        edges: [
            .init(from: "app/Legacy-Bridge", to: "core/Back\\slash", condition: "platforms: ios"),
            .init(from: "app/end", to: "app/Say \"hi\""),
            .init(from: "app/AppTests", to: "app/end"),
            .init(from: "app/end", to: "external:kingfisher/Kingfisher"),
            .init(from: "app/Say \"hi\"", to: "core/Macros"),
        ])

    @Test(.requires(.graphviz)) func dotIsRenderedByGraphviz() throws {
        let dot = DOTRenderer.render(Self.view)
        // Graphviz writes `-` as `&#45;` in SVG text.
        let svg = try Graphviz.render(dot).replacingOccurrences(of: "&#45;", with: "-")
        #expect(svg.contains("<svg"))
        // Every label made it through quoting.
        for label in ["Legacy-Bridge", "Say &quot;hi&quot;", "Back\\slash", "Kingfisher (?)", "platforms: ios"] {
            #expect(svg.contains(label), "missing \(label)")
        }
        #expect(try Graphviz.edgeCount(dot) == 5)
    }

    @Test(.requires(.graphviz)) func dotOfARealPackageIsRenderedByGraphviz() throws {
        let loaded = try PackageGraphLoader().load(at: Fixtures.path("LocalPackages"))
        let view = GraphView(
            title: "LocalPackages",
            nodes: loaded.graph.targets.map { .init(id: $0.id.description, label: $0.name, kind: .target($0.kind), cluster: $0.id.package) },
            edges: loaded.graph.targets.flatMap { target in
                loaded.graph.dependencies(of: target.id).compactMap { dependency -> GraphView.Edge? in
                    guard case .target(let id) = dependency.node else { return nil }
                    return .init(from: target.id.description, to: id.description)
                }
            })
        #expect(try Graphviz.edgeCount(DOTRenderer.render(view)) == 12)
    }

    @Test func mermaidFollowsTheFlowchartGrammar() {
        let mermaid = MermaidRenderer.render(Self.view)
        #expect(MermaidFlowchartChecker.problems(in: mermaid) == [])
        #expect(mermaid.contains("\"Say #quot;hi#quot;\""))
        #expect(mermaid.hasPrefix("flowchart LR\n"))
    }

    @Test func theMermaidCheckerRejectsWhatMermaidRejects() {
        #expect(!MermaidFlowchartChecker.problems(in: "flowchart LR\n  end[\"x\"]\n").isEmpty)
        #expect(!MermaidFlowchartChecker.problems(in: "flowchart LR\n  n0[\"a \"b\" c\"]\n").isEmpty)
        #expect(!MermaidFlowchartChecker.problems(in: "flowchart LR\n  subgraph c0[\"x\"]\n").isEmpty)
        #expect(!MermaidFlowchartChecker.problems(in: "flowchart LR\n  n0 --> n1\n").isEmpty)
        #expect(!MermaidFlowchartChecker.problems(in: "graph XY\n").isEmpty)
    }
}

/// Graphviz's `dot`, installed by `.ci/run`; tests that use it say `.requires(.graphviz)`.
enum Graphviz {
    static func render(_ dot: String) throws -> String {
        let output = try run(["dot", "-Tsvg"], input: dot)
        return String(decoding: output, as: UTF8.self)
    }

    /// The number of edges Graphviz parsed, from its own canonical output.
    static func edgeCount(_ dot: String) throws -> Int {
        let canonical = String(decoding: try run(["dot", "-Tcanon"], input: dot), as: UTF8.self)
        return canonical.split(separator: "\n").filter { $0.contains(" -> ") }.count
    }

    private static func run(_ command: [String], input: String) throws -> Data {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-\(UUID().uuidString).dot").path
        try input.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let output = try ProcessRunner.run(command + [file])
        guard output.status == 0 else {
            throw GraphvizFailure(message: "dot failed (\(output.status)): \(output.standardErrorText)\n\(input)")
        }
        return output.standardOutput
    }

    struct GraphvizFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}

/// The part of Mermaid's flowchart grammar the renderer uses, checked line by line: a header,
/// node declarations with quoted labels, edges between declared nodes, balanced subgraphs, and
/// no reserved word as an identifier.
enum MermaidFlowchartChecker {
    static let reserved: Set<String> = ["end", "graph", "flowchart", "subgraph", "style", "class", "classDef", "click", "linkStyle"]

    static func problems(in text: String) -> [String] {
        var problems: [String] = []
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let header = lines.first, ["flowchart LR", "flowchart TD", "graph LR", "graph TD"].contains(header) else {
            return ["missing or unknown header"]
        }
        lines.removeFirst()
        let identifier = "([A-Za-z][A-Za-z0-9_]*)"
        let label = "\"([^\"]*)\""
        let shapes = [#"\[\#(label)\]"#, #"\(\[\#(label)\]\)"#, #"\[\[\#(label)\]\]"#, #"\{\{\#(label)\}\}"#]
        let nodePatterns = shapes.map { try! NSRegularExpression(pattern: "^\(identifier)\($0)$") }
        let edgePattern = try! NSRegularExpression(pattern: #"^\#(identifier) (-->|-\.->)(\|\#(label)\|)? \#(identifier)$"#)
        let subgraphPattern = try! NSRegularExpression(pattern: #"^subgraph \#(identifier)\[\#(label)\]$"#)
        var declared: Set<String> = []
        var depth = 0
        var edges: [(String, String)] = []
        for line in lines {
            let range = NSRange(line.startIndex..., in: line)
            func capture(_ match: NSTextCheckingResult, _ group: Int) -> String {
                String(line[Range(match.range(at: group), in: line)!])
            }
            if line == "end" {
                depth -= 1
                if depth < 0 { problems.append("'end' without subgraph") }
            } else if let match = subgraphPattern.firstMatch(in: line, range: range) {
                depth += 1
                if reserved.contains(capture(match, 1)) { problems.append("reserved identifier: \(line)") }
            } else if let match = edgePattern.firstMatch(in: line, range: range) {
                edges.append((capture(match, 1), capture(match, match.numberOfRanges - 1)))
            } else if let match = nodePatterns.lazy.compactMap({ $0.firstMatch(in: line, range: range) }).first {
                let name = capture(match, 1)
                if reserved.contains(name) { problems.append("reserved identifier: \(line)") }
                declared.insert(name)
            } else {
                problems.append("not flowchart syntax: \(line)")
            }
        }
        if depth != 0 { problems.append("unbalanced subgraph") }
        for (from, to) in edges where !declared.contains(from) || !declared.contains(to) {
            problems.append("edge between undeclared nodes: \(from) → \(to)")
        }
        return problems
    }
}
