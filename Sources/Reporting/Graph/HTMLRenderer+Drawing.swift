import Diagnostics

extension HTMLRenderer {
    /// The parts of the page that depend on the graph: SVG, legends, findings table.
    struct Drawing {
        struct DrawnEdge {
            var from: Int
            var to: Int
            var condition: String?
            /// `graph --edges imports|both`: the first import behind the edge (`File.swift:3`).
            var site: String? = nil
            /// A collapsed view's count of the dependencies the edge stands for.
            var count: Int?
            var isExternal: Bool
            /// Drawn only because a finding names it: an import no declaration backs.
            var isUndeclared: Bool
            var isViolation: Bool
            /// `graph --edges imports|both`: an import no declaration backs, drawn always.
            var isImported = false
            /// Declared and not imported, in a view of both.
            var isDeclaredOnly = false
        }

        let nodeIDs: [String]
        var edges: [DrawnEdge] = []
        var clusterLegend = ""
        var markLegend = ""
        var findingsTable = ""
        private let view: GraphView
        private let layout: LayeredLayout
        /// Each node's colour class (`k3`), or nil for none.
        private let colourOf: [String?]
        /// Each node's cluster name, for backdrops and titles; nil outside every cluster.
        private let clusterOf: [String?]
        /// Element ids are `prefix` + `n`/`e` + index, so several drawings share one page.
        private let prefix: String
        private let nodeLinks: [String]

        /// Cluster colours, light enough for dark text; clusters past the palette repeat it.
        static let palette = ["#cfe2ff", "#d1f2d9", "#ffe5b4", "#f3d1f4", "#d6f0f5", "#fde2e4", "#e8e1fb", "#e9f5c9", "#fff3b0", "#dfe7ec"]

        /// Each cluster's palette index, in drawing order: the same colour in every view of the page.
        static func colours(of view: GraphView) -> [String: Int] {
            var colours: [String: Int] = [:]
            for (position, cluster) in view.clusters.enumerated() { colours[cluster.name] = position % palette.count }
            return colours
        }

        /// `links` gives extra attributes for a node's `<g>`: what a click on it opens.
        init(_ view: GraphView, findings: [GraphFinding], colours: [String: Int], prefix: String = "",
             links: (GraphView.Node) -> String = { _ in "" }) {
            self.view = view
            self.prefix = prefix
            nodeIDs = view.nodes.map(\.id)
            var index: [String: Int] = [:]
            for (position, id) in nodeIDs.enumerated() { index[id] = position }
            let clusterNames = view.clusters.map(\.name)
            var clusterIndex: [String: Int] = [:]
            for (position, name) in clusterNames.enumerated() { clusterIndex[name] = position }
            // Unclustered nodes after every cluster; remote products last of all.
            let clusters = view.nodes.map { node in
                node.cluster.flatMap { clusterIndex[$0] } ?? (node.isExternal ? clusterNames.count + 1 : clusterNames.count)
            }
            clusterOf = view.nodes.map(\.cluster)
            // A collapsed box takes the colour of the cluster it stands for.
            colourOf = view.nodes.map { node -> String? in
                if case .group = node.kind { return colours[node.label].map { "k\($0)" } }
                return node.cluster.flatMap { colours[$0] }.map { "k\($0)" }
            }
            nodeLinks = view.nodes.map(links)

            let externals = view.externalNodeIDs
            var edgeIndex: [Pair: Int] = [:]
            for edge in view.edges {
                guard let from = index[edge.from], let to = index[edge.to], from != to else { continue }
                let pair = Pair(from: from, to: to)
                if edgeIndex[pair] != nil { continue }
                edgeIndex[pair] = edges.count
                edges.append(DrawnEdge(from: from, to: to, condition: edge.condition, site: edge.importSite?.label, count: edge.count, isExternal: externals.contains(edge.to),
                                       isUndeclared: false, isViolation: false, isImported: edge.kind == .imported,
                                       isDeclaredOnly: view.edgeSource == .both && edge.kind == .declared))
            }
            // Each finding's edge: marked as a finding's, added (dotted) when no declaration backs it.
            var findingEdges: [Int?] = []
            for finding in findings {
                guard let from = finding.from.flatMap({ index[$0] }), let to = finding.to.flatMap({ index[$0] }), from != to else {
                    findingEdges.append(nil)
                    continue
                }
                let pair = Pair(from: from, to: to)
                if let existing = edgeIndex[pair] {
                    edges[existing].isViolation = true
                    findingEdges.append(existing)
                } else {
                    edgeIndex[pair] = edges.count
                    findingEdges.append(edges.count)
                    edges.append(DrawnEdge(from: from, to: to, condition: nil, count: nil, isExternal: false, isUndeclared: true, isViolation: true))
                }
            }

            let widths = view.nodes.map { Self.labelWidth(Self.shownLabel($0)) }
            layout = LayeredLayout(widths: widths, clusters: clusters, edges: edges.map { ($0.from, $0.to) })
            clusterLegend = Self.clusterLegend(clusterNames, colours: colours)
            markLegend = Self.markLegend(GraphLegend(view, hasViolations: edges.contains(where: \.isViolation)))
            findingsTable = Self.findingsTable(findings, edges: findingEdges, nodeOf: { $0.flatMap { index[$0] } })
        }

        /// A module's name; a collapsed cluster's name with how many modules it holds.
        static func shownLabel(_ node: GraphView.Node) -> String {
            if case .group(let members) = node.kind { return "\(node.label) (\(members))" }
            return node.label
        }

        struct Pair: Hashable {
            var from: Int
            var to: Int
        }

        /// The width of a label in the page's 12 px monospace font, plus padding.
        static func labelWidth(_ label: String) -> Int {
            label.count * 73 / 10 + 18
        }

        /// The drawing as one `<svg class="view">`; `hidden` ones wait for the page's script to
        /// show them, `caption` titles a view of one opened cluster.
        func svg(id: String, hidden: Bool, caption: String? = nil) -> String {
            var out = "<svg id=\"\(id)\" class=\"view\(hidden ? " off" : "")\" width=\"\(layout.width)\" height=\"\(layout.height)\" viewBox=\"0 0 \(layout.width) \(layout.height)\" role=\"img\""
            if let caption { out += " aria-label=\"\(MarkupText.escaped(caption))\"" }
            out += ">\n"
            out += "<defs><marker id=\"\(prefix)arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerUnits=\"userSpaceOnUse\" markerWidth=\"8\" markerHeight=\"8\" orient=\"auto-start-reverse\"><path d=\"M0,0L10,5L0,10z\"/></marker></defs>\n"
            // A backdrop behind each run of one cluster in a column, so clusters read as blocks.
            var runs: [String] = []
            var byColumn: [Int: [Int]] = [:]
            for node in layout.boxes.indices { byColumn[layout.columns[node], default: []].append(node) }
            for column in byColumn.keys.sorted() {
                let nodes = (byColumn[column] ?? []).sorted { layout.boxes[$0].y < layout.boxes[$1].y }
                var start = 0
                while start < nodes.count {
                    var end = start
                    while end + 1 < nodes.count && clusterOf[nodes[end + 1]] == clusterOf[nodes[start]] { end += 1 }
                    if let cluster = clusterOf[nodes[start]] {
                        let members = nodes[start...end].map { layout.boxes[$0] }
                        let left = (members.map(\.x).min() ?? 0) - 6, right = (members.map { $0.x + $0.width }.max() ?? 0) + 6
                        let top = (members.first?.y ?? 0) - 5, bottom = (members.last.map { $0.y + $0.height } ?? 0) + 5
                        runs.append("<rect class=\"run \(colourOf[nodes[start]] ?? "")\" x=\"\(left)\" y=\"\(top)\" width=\"\(right - left)\" height=\"\(bottom - top)\" rx=\"6\"><title>\(MarkupText.escaped(cluster))</title></rect>")
                    }
                    start = end + 1
                }
            }
            out += "<g class=\"runs\">" + runs.joined() + "</g>\n<g class=\"edges\">\n"
            for (number, edge) in edges.enumerated() {
                let from = layout.boxes[edge.from], to = layout.boxes[edge.to]
                let x1 = from.x + from.width, y1 = from.y + from.height / 2
                let x2 = to.x, y2 = to.y + to.height / 2
                let bend = max(abs(x2 - x1) / 2, 40)
                var classes = ["edge"]
                if edge.isExternal { classes.append("external") }
                if edge.isUndeclared { classes.append("undeclared") }
                if edge.isViolation { classes.append("violation") }
                if edge.isImported { classes.append("imported") }
                if edge.isDeclaredOnly { classes.append("declared-only") }
                let label = edge.count.map { "\($0) dependencies" } ?? edge.condition ?? edge.site
                let title = "\(view.nodes[edge.from].label) → \(view.nodes[edge.to].label)" + (label.map { " (\($0))" } ?? "")
                    + (edge.isUndeclared || edge.isImported ? " (import, not declared)" : "") + (edge.isDeclaredOnly ? " (declared, not imported)" : "")
                out += "<path id=\"\(prefix)e\(number)\" class=\"\(classes.joined(separator: " "))\" data-from=\"\(prefix)n\(edge.from)\" data-to=\"\(prefix)n\(edge.to)\" marker-end=\"url(#\(prefix)arrow)\" d=\"M\(x1),\(y1)C\(x1 + bend),\(y1) \(x2 - bend),\(y2) \(x2),\(y2)\"><title>\(MarkupText.escaped(title))</title></path>\n"
                // An import edge's site (`File.swift:3`) is in its title, shown on hover: on the
                // page, labels of the many import edges between two layers overprint each other.
                if let text = edge.count.map(String.init) ?? edge.condition {
                    out += "<text class=\"elabel\" data-edge=\"\(prefix)e\(number)\" x=\"\((x1 + x2) / 2)\" y=\"\((y1 + y2) / 2 - 3)\">\(MarkupText.escaped(text))</text>\n"
                }
            }
            out += "</g>\n<g class=\"nodes\">\n"
            for (number, node) in view.nodes.enumerated() {
                let box = layout.boxes[number]
                var classes = ["node"]
                if let colour = colourOf[number] { classes.append(colour) }
                switch node.kind {
                case .target(.test): classes.append("test")
                case .external(let isGuess): classes.append(isGuess ? "external guess" : "external")
                case .target(.macro), .target(.plugin): classes.append("tool")
                case .group: classes.append("group")
                case .target: break
                }
                if node.isFocus { classes.append("focus") }
                let cluster = clusterOf[number] ?? ""
                out += "<g id=\"\(prefix)n\(number)\" class=\"\(classes.joined(separator: " "))\" data-label=\"\(MarkupText.escaped(node.label))\" data-cluster=\"\(MarkupText.escaped(cluster))\"\(nodeLinks[number]) tabindex=\"0\">"
                out += "<rect x=\"\(box.x)\" y=\"\(box.y)\" width=\"\(box.width)\" height=\"\(box.height)\" rx=\"4\"/>"
                out += "<text x=\"\(box.x + box.width / 2)\" y=\"\(box.y + 16)\">\(MarkupText.escaped(Self.shownLabel(node)))</text>"
                let hint = if case .group = node.kind { " · click to open" } else { "" }
                out += "<title>\(MarkupText.escaped(node.id))\(cluster.isEmpty ? "" : " · " + MarkupText.escaped(cluster))\(hint)</title></g>\n"
            }
            return out + "</g>\n</svg>\n"
        }

        static func clusterLegend(_ names: [String], colours: [String: Int]) -> String {
            guard !names.isEmpty else { return "" }
            let items = names.map { name in
                "<li><span class=\"swatch k\(colours[name] ?? 0)\"></span>\(MarkupText.escaped(name))</li>"
            }
            return "<ul id=\"clusters\">" + items.joined() + "</ul>\n"
        }

        static func markLegend(_ legend: GraphLegend) -> String {
            guard !legend.entries.isEmpty else { return "" }
            let items = legend.entries.map { "<li><b>\(MarkupText.escaped($0.mark))</b> \(MarkupText.escaped($0.meaning))</li>" }
            return "<details id=\"legend\"><summary>Legend</summary><ul>" + items.joined() + "</ul></details>\n"
        }

        /// Findings grouped by severity (errors first) and rule, each group with its count; notes
        /// apart, folded, after the rest. Row ids are the findings' positions, as links use them.
        static func findingsTable(_ findings: [GraphFinding], edges: [Int?], nodeOf: (String?) -> Int?) -> String {
            var out = "<section id=\"findings\"><h2>Findings (\(findings.count))</h2>\n"
            guard !findings.isEmpty else { return out + "<p>No findings.</p></section>\n" }
            func rows(_ numbers: [Int]) -> String {
                var rows = "<table><thead><tr><th>Where</th><th>Message</th></tr></thead><tbody>\n"
                for number in numbers {
                    let finding = findings[number]
                    var target = ""
                    if let edge = edges[number] {
                        target = " data-edge=\"e\(edge)\""
                    } else if let node = nodeOf(finding.from) {
                        target = " data-node=\"n\(node)\""
                    }
                    rows += "<tr id=\"f\(number)\" class=\"\(finding.severity)\"\(target) tabindex=\"0\"><td>\(MarkupText.escaped(finding.location ?? ""))</td><td>\(MarkupText.escaped(finding.message))</td></tr>\n"
                }
                return rows + "</tbody></table>\n"
            }
            func groups(_ severity: Severity) -> String {
                let numbers = findings.indices.filter { findings[$0].severity == severity }
                let rules = Set(numbers.map { findings[$0].rule }).sorted()
                return rules.map { rule in
                    let members = numbers.filter { findings[$0].rule == rule }
                    return "<details class=\"group \(severity)\" open><summary><span class=\"sev\">\(severity)</span> \(MarkupText.escaped(rule)) <span class=\"count\">\(members.count)</span></summary>\n" + rows(members) + "</details>\n"
                }.joined()
            }
            out += groups(.error) + groups(.warning)
            let notes = findings.filter { $0.severity == .note }.count
            if notes > 0 {
                out += "<details id=\"notes\"><summary>Notes (\(notes)): what Bulkhead could not decide, never failing the check</summary>\n" + groups(.note) + "</details>\n"
            }
            return out + "</section>\n"
        }
    }
}
