extension GraphView {
    /// The name of the group remote products collapse into.
    package static let remoteGroup = "remote packages"

    /// One node per cluster (layer or package), one edge per pair of clusters a dependency
    /// crosses, labelled with how many dependencies it stands for. A 124-target graph becomes a
    /// handful of nodes a reader can take in; dependencies inside one cluster stay as a loop.
    /// Nodes outside every cluster gather under `unclustered`, remote products under
    /// `remoteGroup`.
    package func collapsed(unclustered: String) -> GraphView {
        var groupOf: [String: String] = [:]
        var members: [String: Int] = [:]
        var focused: Set<String> = []
        for node in nodes {
            let group = node.cluster ?? (node.isExternal ? Self.remoteGroup : unclustered)
            groupOf[node.id] = group
            members[group, default: 0] += 1
            if node.isFocus { focused.insert(group) }
        }
        var counts: [Pair: Int] = [:]
        for edge in edges {
            guard let from = groupOf[edge.from], let to = groupOf[edge.to] else { continue }
            counts[Pair(from: from, to: to), default: 0] += 1
        }
        let groupNodes = members.map { name, count in
            Node(id: "group:\(name)", label: name, kind: .group(members: count), isFocus: focused.contains(name))
        }
        let groupEdges = counts.map { pair, count in Edge(from: "group:\(pair.from)", to: "group:\(pair.to)", count: count) }
        var view = GraphView(title: title, nodes: groupNodes, edges: groupEdges)
        // Groups follow the layer order, as clusters did; renderers draw unclustered nodes sorted by id.
        let order = clusterOrder + [unclustered, Self.remoteGroup]
        view.nodes.sort { left, right in
            let l = order.firstIndex(of: left.label) ?? order.count, r = order.firstIndex(of: right.label) ?? order.count
            return (l, left.id) < (r, right.id)
        }
        return view
    }

    private struct Pair: Hashable {
        var from: String
        var to: String
    }
}
