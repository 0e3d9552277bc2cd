/// Graphviz DOT. Node identifiers are quoted (names may hold `-` or `.`), clusters become
/// `subgraph cluster_…`, conditional edges carry their condition as a label, a collapsed view's
/// edges their count. A legend node explains the marks the drawing uses.
package enum DOTRenderer {
    package static func render(_ view: GraphView) -> String {
        var lines = [
            "digraph \(quoted(view.title)) {",
            "  rankdir=LR;",
            "  node [shape=box, style=rounded, fontname=\"Helvetica\"];",
            "  edge [fontname=\"Helvetica\", fontsize=10];",
        ]
        for (index, cluster) in view.clusters.enumerated() {
            lines.append("  subgraph \"cluster_\(index)\" {")
            lines.append("    label=\(quoted(cluster.name));")
            for node in cluster.nodes { lines.append("    " + declaration(node)) }
            lines.append("  }")
        }
        for node in view.nodes where node.cluster == nil {
            lines.append("  " + declaration(node))
        }
        let externals = view.externalNodeIDs
        for edge in view.edges {
            var attributes: [String] = []
            if let label = edge.label { attributes.append("label=\(quoted(label))") }
            if let count = edge.count { attributes.append("penwidth=\(penWidth(count))") }
            if externals.contains(edge.to) { attributes.append("style=dashed") }
            if edge.kind == .imported { attributes += ["style=dotted", "color=\"#b03a2e\""] }
            if view.edgeSource == .both && edge.kind == .declared { attributes.append("color=gray70") }
            let suffix = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
            lines.append("  \(quoted(edge.from)) -> \(quoted(edge.to))\(suffix);")
        }
        lines += legend(GraphLegend(view))
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Thicker edges for more dependencies, growing slowly so a count of 200 stays drawable.
    private static func penWidth(_ count: Int) -> String {
        var width = 1, threshold = 1
        while threshold * 4 <= count && width < 6 {
            threshold *= 4
            width += 1
        }
        return String(width)
    }

    /// One plain node holding a table of the marks in use (no edges, so edge counts are the graph's).
    private static func legend(_ legend: GraphLegend) -> [String] {
        guard !legend.entries.isEmpty else { return [] }
        let rows = legend.entries.map { "<tr><td align=\"left\">\(htmlEscaped($0.mark))</td><td align=\"left\">\(htmlEscaped($0.meaning))</td></tr>" }
        return ["  \"bulkhead:legend\" [shape=plaintext, fontsize=10, label=<<table border=\"0\" cellborder=\"1\" cellspacing=\"0\"><tr><td colspan=\"2\"><b>Legend</b></td></tr>\(rows.joined())</table>>];"]
    }

    private static func htmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    private static func declaration(_ node: GraphView.Node) -> String {
        var attributes = ["label=\(quoted(node.label))"]
        switch node.kind {
        case .target(.test): attributes.append("style=\"rounded,dashed\"")
        case .target(.macro), .target(.plugin): attributes.append("shape=hexagon")
        case .target(.binary), .target(.systemLibrary), .target(.cFamily): attributes.append("shape=box3d")
        case .target: break
        case .external(let isGuess): attributes.append(isGuess ? "shape=component, style=dashed" : "shape=component")
        case .group(let members):
            attributes[0] = "label=\(quoted("\(node.label)\n\(members) module\(members == 1 ? "" : "s")"))"
            attributes.append("shape=box3d")
        }
        if node.isFocus { attributes.append("penwidth=2") }
        return "\(quoted(node.id)) [\(attributes.joined(separator: ", "))];"
    }

    /// A DOT string literal: backslashes and quotes escaped, line breaks as `\n`.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n", "\r\n", "\r": result += "\\n"
            default: result.append(character)
            }
        }
        return result + "\""
    }
}
