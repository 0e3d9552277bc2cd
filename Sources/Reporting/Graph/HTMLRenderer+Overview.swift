extension HTMLRenderer {
    /// The views a large graph opens with: every cluster (layer or package) as one box, and for
    /// each cluster the same drawing with that one box opened into its modules. Each is laid out
    /// here like the full drawing; the page shows one at a time. A box links to its cluster's
    /// view (`data-expand`), a module to itself in the full drawing (`data-module`).
    struct Overview {
        var svgs = ""

        /// Nil when the graph is small enough to read whole, or has fewer than two clusters to
        /// collapse into.
        init?(_ view: GraphView, above threshold: Int, colours: [String: Int]) {
            let unclustered = "other modules"
            var groups: [String] = []
            for node in view.nodes {
                let group = view.group(of: node, unclustered: unclustered)
                if !groups.contains(group) { groups.append(group) }
            }
            guard view.nodes.count > threshold, groups.count >= 2,
                  !view.nodes.contains(where: { if case .group = $0.kind { true } else { false } }) else { return nil }
            let collapsed = view.collapsed(unclustered: unclustered)
            let order = collapsed.nodes.map(\.label)
            var fullIndex: [String: Int] = [:]
            for (position, node) in view.nodes.enumerated() { fullIndex[node.id] = position }
            // A box opens its own cluster's view; a module opens the full drawing on itself.
            func links(_ node: GraphView.Node) -> String {
                if case .group = node.kind, let position = order.firstIndex(of: node.label) { return " data-expand=\"view-x\(position)\"" }
                return fullIndex[node.id].map { " data-module=\"n\($0)\"" } ?? ""
            }
            svgs += Drawing(collapsed, findings: [], colours: colours, prefix: "o", links: links).svg(id: "view-o", hidden: false)
            for (position, group) in order.enumerated() {
                let expanded = view.collapsed(unclustered: unclustered, expanding: group)
                svgs += Drawing(expanded, findings: [], colours: colours, prefix: "x\(position)", links: links)
                    .svg(id: "view-x\(position)", hidden: true, caption: group)
            }
        }
    }
}
