/// Graphviz DOT. Node identifiers are quoted (names may hold `-` or `.`), clusters become
/// `subgraph cluster_…`, conditional edges carry their condition as a label.
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
            if let condition = edge.condition { attributes.append("label=\(quoted(condition))") }
            if externals.contains(edge.to) { attributes.append("style=dashed") }
            let suffix = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
            lines.append("  \(quoted(edge.from)) -> \(quoted(edge.to))\(suffix);")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func declaration(_ node: GraphView.Node) -> String {
        var attributes = ["label=\(quoted(node.label))"]
        switch node.kind {
        case .target(.test): attributes.append("style=\"rounded,dashed\"")
        case .target(.macro), .target(.plugin): attributes.append("shape=hexagon")
        case .target(.binary), .target(.systemLibrary), .target(.cFamily): attributes.append("shape=box3d")
        case .target: break
        case .external(let isGuess): attributes.append(isGuess ? "shape=component, style=dashed" : "shape=component")
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
