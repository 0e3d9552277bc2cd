extension GraphView {
    /// The name of the group remote products collapse into.
    package static let remoteGroup = "remote packages"

    /// One node per cluster (layer or package), one edge per pair of clusters a dependency
    /// crosses, labelled with how many dependencies it stands for. A 124-target graph becomes a
    /// handful of nodes a reader can take in; dependencies inside one cluster stay as a loop.
    /// Nodes outside every cluster gather under `unclustered`, remote products under
    /// `remoteGroup`.
    package func collapsed(unclustered: String) -> GraphView {
        collapsed(unclustered: unclustered, expanding: nil)
    }

    /// The group `node` collapses into: its cluster, else `remoteGroup` or `unclustered`.
    package func group(of node: Node, unclustered: String) -> String {
        node.cluster ?? (node.isExternal ? Self.remoteGroup : unclustered)
    }

    /// Collapsed as above, except the group named `expanding`, whose modules stay themselves
    /// (with their cluster) and whose edges to the other groups are counted per module: the
    /// HTML report's view of one cluster opened among the others.
    package func collapsed(unclustered: String, expanding: String?) -> GraphView {
        var groupOf: [String: String] = [:]
        var members: [String: Int] = [:]
        var focused: Set<String> = []
        var kept: [Node] = []
        for node in nodes {
            let group = group(of: node, unclustered: unclustered)
            if group == expanding {
                groupOf[node.id] = node.id
                kept.append(node)
                continue
            }
            groupOf[node.id] = "group:\(group)"
            members[group, default: 0] += 1
            if node.isFocus { focused.insert(group) }
        }
        var counts: [Pair: Int] = [:]
        var keptEdges: [Edge] = []
        for edge in edges {
            guard let from = groupOf[edge.from], let to = groupOf[edge.to] else { continue }
            if from == edge.from && to == edge.to {
                keptEdges.append(edge)  // inside the expanded group: the dependency itself
            } else {
                counts[Pair(from: from, to: to), default: 0] += 1
            }
        }
        let groupNodes = members.map { name, count in
            Node(id: "group:\(name)", label: name, kind: .group(members: count), isFocus: focused.contains(name))
        }
        let groupEdges = counts.map { pair, count in Edge(from: pair.from, to: pair.to, count: count) }
        var view = GraphView(title: title, nodes: groupNodes + kept, edges: groupEdges + keptEdges, clusterOrder: expanding.map { [$0] } ?? [])
        // Groups follow the layer order, as clusters did; renderers draw unclustered nodes sorted by id.
        let order = clusterOrder + [unclustered, Self.remoteGroup]
        view.nodes.sort { left, right in
            let l = order.firstIndex(of: left.cluster ?? left.label) ?? order.count, r = order.firstIndex(of: right.cluster ?? right.label) ?? order.count
            return (l, left.id) < (r, right.id)
        }
        return view
    }

    private struct Pair: Hashable {
        var from: String
        var to: String
    }
}
