/// A Mermaid flowchart. Mermaid identifiers are restricted, so nodes get short generated ids
/// (`n0`, `n1`, …) in sorted order and carry their names as quoted labels.
package enum MermaidRenderer {
    /// Mermaid's default `maxEdges`: a flowchart with more edges is refused by the renderer
    /// ("Edge limit exceeded"), so the command collapses or warns past it.
    package static let edgeLimit = 500

    package static func render(_ view: GraphView) -> String {
        var identifiers: [String: String] = [:]
        for (index, node) in view.nodes.enumerated() { identifiers[node.id] = "n\(index)" }
        var lines = ["flowchart LR"]
        for (index, cluster) in view.clusters.enumerated() {
            lines.append("  subgraph c\(index)[\"\(escaped(cluster.name))\"]")
            for node in cluster.nodes { lines.append("    " + declaration(node, identifiers[node.id]!)) }
            lines.append("  end")
        }
        for node in view.nodes where node.cluster == nil {
            lines.append("  " + declaration(node, identifiers[node.id]!))
        }
        let externals = view.externalNodeIDs
        for edge in view.edges {
            guard let from = identifiers[edge.from], let to = identifiers[edge.to] else { continue }
            // Imports no declaration backs are dotted, as remote products are; their label says which.
            let arrow = externals.contains(edge.to) || edge.kind == .imported ? "-.->" : "-->"
            if let label = edge.label {
                lines.append("  \(from) \(arrow)|\"\(escaped(label))\"| \(to)")
            } else {
                lines.append("  \(from) \(arrow) \(to)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func declaration(_ node: GraphView.Node, _ identifier: String) -> String {
        let label = "\"\(escaped(node.label))\""
        switch node.kind {
        case .target(.test): return "\(identifier)([\(label)])"
        case .external: return "\(identifier)[[\(label)]]"
        case .target(.macro), .target(.plugin): return "\(identifier){{\(label)}}"
        case .group(let members): return "\(identifier)[[\"\(escaped(node.label)) · \(members)\"]]"
        case .target: return "\(identifier)[\(label)]"
        }
    }

    /// Mermaid labels in quotes cannot hold `"`; Mermaid's entity codes stand in.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\"": result += "#quot;"
            case "\n", "\r\n", "\r": result += " "
            default: result.append(character)
            }
        }
        return result
    }
}
