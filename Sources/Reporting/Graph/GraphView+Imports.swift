import ModuleGraph

/// `graph --edges`: the edges a drawing holds. `declared` are the manifests' and projects'
/// dependencies (the default); `imports` are the imports the sources make between the drawn
/// targets; `both` draws the two, marking each edge by which it is.
package enum GraphEdgeSource: String, CaseIterable, Sendable {
    case declared, imports, both
}

extension GraphView {
    /// What an edge stands for, when a view holds import edges.
    package enum EdgeKind: Sendable, Hashable {
        /// Declared; in a view of both, declared and not imported.
        case declared
        /// Imported and not declared.
        case imported
        /// Imported, and declared too.
        case declaredAndImported
    }

    /// The first import behind an import edge (files in path order, then position), and whether
    /// every import of the pair is conditional (inside `#if`).
    package struct ImportSite: Sendable, Hashable {
        package var file: String
        package var line: Int
        package var isConditional: Bool
        /// How many imports of the pair there are.
        package var count: Int

        package init(file: String, line: Int, isConditional: Bool, count: Int) {
            self.file = file
            self.line = line
            self.isConditional = isConditional
            self.count = count
        }

        /// `Booking.swift:3`, `Booking.swift:3 +2`, with ` #if` for a conditional one.
        package var label: String {
            let name = file.split(separator: "/").last.map(String.init) ?? file
            return "\(name):\(line)" + (count > 1 ? " +\(count - 1)" : "") + (isConditional ? " #if" : "")
        }
    }

    /// One import edge between two drawn nodes, by node id.
    package struct ImportEdge: Sendable, Hashable {
        package var from: String
        package var to: String
        package var site: ImportSite

        package init(from: String, to: String, site: ImportSite) {
            self.from = from
            self.to = to
            self.site = site
        }
    }

    /// The view with `imports` drawn as `source` asks: `declared` leaves it as it is; `imports`
    /// keeps the edges between targets that an import makes (marked declared or not) and drops
    /// the rest, remote products included; `both` adds the undeclared imports to the declared
    /// edges and marks which declared ones are imported.
    package func withImports(_ imports: [ImportEdge], source: GraphEdgeSource) -> GraphView {
        guard source != .declared else { return self }
        let nodeIDs = Set(nodes.map(\.id))
        let imported = Dictionary(imports.filter { nodeIDs.contains($0.from) && nodeIDs.contains($0.to) && $0.from != $0.to }.map { (ImportPair($0.from, $0.to), $0.site) },
                                  uniquingKeysWith: { first, _ in first })
        let declared = Set(edges.map { ImportPair($0.from, $0.to) })
        var drawn: [Edge] = []
        if source == .both {
            drawn = edges.map { edge in
                var edge = edge
                if let site = imported[ImportPair(edge.from, edge.to)] {
                    edge.kind = .declaredAndImported
                    edge.importSite = site
                }
                return edge
            }
        }
        for (pair, site) in imported where source == .imports || !declared.contains(pair) {
            var edge = Edge(from: pair.from, to: pair.to)
            edge.kind = declared.contains(pair) ? .declaredAndImported : .imported
            edge.importSite = site
            if source == .imports, let condition = edges.first(where: { $0.from == pair.from && $0.to == pair.to })?.condition { edge.condition = condition }
            drawn.append(edge)
        }
        var kept = nodes
        if source == .imports { kept.removeAll(where: \.isExternal) }
        var view = GraphView(title: title, nodes: kept, edges: drawn, clusterOrder: clusterOrder)
        view.edgeSource = source
        return view
    }

    private struct ImportPair: Hashable {
        var from: String
        var to: String
        init(_ from: String, _ to: String) {
            self.from = from
            self.to = to
        }
    }
}
