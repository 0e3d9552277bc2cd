import ModuleGraph

/// The part of a module graph to draw: nodes, edges, and how nodes group into clusters. Built
/// from a `ModuleGraph` by the command that knows the user's filters; renderers only draw it.
package struct GraphView: Sendable, Equatable {
    package struct Node: Sendable, Hashable {
        package enum Kind: Sendable, Hashable {
            case target(TargetKind)
            /// A product of a remote package; `isGuess` when its module name is assumed.
            case external(isGuess: Bool)
            /// A whole layer or package drawn as one node (`graph --collapse`), with how many
            /// modules it stands for.
            case group(members: Int)
        }

        /// Stable and unique; renderers only compare it, and ask `kind` what the node is.
        package var id: String
        package var label: String
        package var kind: Kind
        /// The cluster the node is drawn in, if any.
        package var cluster: String?
        /// The focused target is drawn emphasised.
        package var isFocus: Bool

        package init(id: String, label: String, kind: Kind, cluster: String? = nil, isFocus: Bool = false) {
            self.id = id
            self.label = label
            self.kind = kind
            self.cluster = cluster
            self.isFocus = isFocus
        }

        /// A product of a remote package, drawn apart from the targets.
        package var isExternal: Bool {
            if case .external = kind { true } else { false }
        }
    }

    package struct Edge: Sendable, Hashable {
        package var from: String
        package var to: String
        /// `platforms: ios` for conditional dependencies.
        package var condition: String?
        /// In a collapsed view, how many module dependencies the edge between two groups stands
        /// for (drawn as its label); nil in a view of modules.
        package var count: Int?
        /// With `graph --edges imports|both`: what the edge stands for, and its first import.
        package var kind: EdgeKind = .declared
        package var importSite: ImportSite?

        package init(from: String, to: String, condition: String? = nil, count: Int? = nil) {
            self.from = from
            self.to = to
            self.condition = condition
            self.count = count
        }

        /// The text drawn on the edge: the group edge's count, else the condition, else the
        /// import's file (`#if` when every import of the pair is conditional).
        package var label: String? {
            count.map(String.init) ?? condition ?? importSite?.label
        }
    }

    package var title: String
    package var nodes: [Node]
    package var edges: [Edge]
    /// Clusters drawn in this order first (layers as configured); others follow by name.
    package var clusterOrder: [String]
    /// Which edges the view holds (`graph --edges`); declared ones unless asked.
    package var edgeSource: GraphEdgeSource = .declared

    package init(title: String, nodes: [Node], edges: [Edge], clusterOrder: [String] = []) {
        self.title = title
        self.clusterOrder = clusterOrder
        self.nodes = nodes.sorted { $0.id < $1.id }
        self.edges = edges.sorted { ($0.from, $0.to, $0.condition ?? "") < ($1.from, $1.to, $1.condition ?? "") }
    }

    /// The ids of external nodes, for renderers that style edges by where they lead.
    package var externalNodeIDs: Set<String> {
        Set(nodes.filter(\.isExternal).map(\.id))
    }

    /// Cluster names in order, each with its nodes.
    package var clusters: [(name: String, nodes: [Node])] {
        let grouped = Dictionary(grouping: nodes.filter { $0.cluster != nil }, by: { $0.cluster! })
        let ordered = clusterOrder.filter { grouped[$0] != nil } + grouped.keys.filter { !clusterOrder.contains($0) }.sorted()
        return ordered.map { ($0, grouped[$0]!) }
    }
}
