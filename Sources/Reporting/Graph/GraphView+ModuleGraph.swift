import ModuleGraph

extension GraphView {
    /// What to draw of `graph`: the selected targets, the remote products they use, the edges
    /// among them, and clusters: the layer `layerOf` names when it is given (drawn in
    /// `layerOrder`), else one per local package when there are several. `fallbackTitle` names a
    /// drawing of several packages with none at the root.
    package init(_ graph: ModuleGraph, selected: Set<TargetID>, focus: TargetID?, layerOf: ((TargetID) -> String?)?,
                 layerOrder: [String], fallbackTitle: String) {
        let localPackages = graph.packages.filter(\.isLocal)
        let packageNames = Dictionary(localPackages.map { ($0.identity, $0.name) }, uniquingKeysWith: { first, _ in first })
        func cluster(of target: TargetID) -> String? {
            if let layerOf { return layerOf(target) }
            return localPackages.count > 1 ? packageNames[target.package] : nil
        }
        var nodes: [GraphView.Node] = []
        var edges: [GraphView.Edge] = []
        var externals: [String: GraphView.Node] = [:]
        for target in graph.targets where selected.contains(target.id) {
            nodes.append(GraphView.Node(
                id: target.id.description, label: graph.displayName(target.id), kind: .target(target.kind),
                cluster: cluster(of: target.id), isFocus: target.id == focus))
            for dependency in graph.dependencies(of: target.id) {
                let condition = dependency.edge.condition.map(\.description)
                switch dependency.node {
                case .target(let id) where selected.contains(id):
                    edges.append(GraphView.Edge(from: target.id.description, to: id.description, condition: condition))
                case .target:
                    continue
                case .external(let package, let product):
                    let id = "external:\(package)/\(product)"
                    externals[id] = GraphView.Node(id: id, label: dependency.isGuess ? "\(product) (?)" : product, kind: .external(isGuess: dependency.isGuess))
                    edges.append(GraphView.Edge(from: target.id.description, to: id, condition: condition))
                }
            }
        }
        let title = graph.packages.first { $0.localPath == "." }?.name ?? fallbackTitle
        self.init(title: title, nodes: nodes + externals.values, edges: Array(Set(edges)), clusterOrder: layerOrder)
    }
}
