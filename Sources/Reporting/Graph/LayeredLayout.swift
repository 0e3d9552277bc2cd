/// Where each node of a drawing goes, computed here so the HTML report needs no layout library:
/// a Sugiyama-style layered layout, left to right. Cycles are broken by reversing the back edges
/// an iterative depth-first search finds; columns come from longest-path layering (dependants to
/// the left of what they use, modules nothing depends on at the far left); the order inside each
/// column from barycenter sweeps that keep a cluster's nodes together; coordinates from label
/// widths. Every step is iterative and about linear in nodes and edges (the sweeps sort each
/// column), so a 400-target graph lays out in milliseconds, and integer coordinates make the
/// output the same bytes on every run.
package struct LayeredLayout: Sendable, Equatable {
    package struct Box: Sendable, Equatable {
        package var x: Int
        package var y: Int
        package var width: Int
        package var height: Int
    }

    /// One per input node, in input order.
    package var boxes: [Box]
    /// The column of each node, 0 leftmost.
    package var columns: [Int]
    package var width: Int
    package var height: Int

    package static let nodeHeight = 24
    static let rowGap = 8
    static let clusterGap = 16
    static let columnGap = 90
    static let margin = 20
    /// Sweeps down and up; more rarely changes the order of a real module graph.
    static let sweeps = 4

    /// Lays out nodes `0..<widths.count` (each `widths[i]` wide, in cluster `clusters[i]`, an
    /// index into the cluster order) joined by `edges` (from, to) that may hold cycles and loops.
    package init(widths: [Int], clusters: [Int], edges: [(from: Int, to: Int)]) {
        let count = widths.count
        var successors = Array(repeating: [Int](), count: count)
        for edge in edges where edge.from != edge.to && edge.from < count && edge.to < count {
            successors[edge.from].append(edge.to)
        }
        let acyclic = Self.removingBackEdges(successors)
        let rank = Self.longestPathRanks(acyclic)
        let maximumRank = rank.max() ?? 0
        columns = rank.map { maximumRank - $0 }

        // Neighbours on both sides, over the acyclic edges, for the sweeps.
        var neighbours = Array(repeating: [Int](), count: count)
        for (from, targets) in acyclic.enumerated() {
            for to in targets {
                neighbours[from].append(to)
                neighbours[to].append(from)
            }
        }
        var order = Array(repeating: [Int](), count: maximumRank + 1)
        for node in 0..<count { order[columns[node]].append(node) }
        for column in order.indices { order[column].sort { (clusters[$0], $0) < (clusters[$1], $1) } }
        var position = Array(repeating: 0.0, count: count)
        func place(_ column: Int) {
            let size = Double(max(order[column].count, 1))
            for (index, node) in order[column].enumerated() { position[node] = (Double(index) + 0.5) / size }
        }
        for column in order.indices { place(column) }
        let columnCount = order.count
        for sweep in 0..<Self.sweeps {
            let forward = sweep % 2 == 0
            for step in 1..<max(columnCount, 1) {
                let column = forward ? step : columnCount - 1 - step
                // The barycenter of each node's neighbours on the side already swept.
                var key: [Int: Double] = [:]
                for node in order[column] {
                    var sum = 0.0, n = 0
                    for other in neighbours[node] where forward ? columns[other] < column : columns[other] > column {
                        sum += position[other]
                        n += 1
                    }
                    key[node] = n == 0 ? position[node] : sum / Double(n)
                }
                order[column].sort { (clusters[$0], key[$0] ?? 0, $0) < (clusters[$1], key[$1] ?? 0, $1) }
                place(column)
            }
        }

        // Coordinates: columns as wide as their widest label, rows stacked with a gap between clusters.
        var boxes = Array(repeating: Box(x: 0, y: 0, width: 0, height: Self.nodeHeight), count: count)
        var heights: [Int] = []
        for column in order {
            var y = 0
            var previousCluster: Int?
            for node in column {
                if let previousCluster, previousCluster != clusters[node] { y += Self.clusterGap }
                boxes[node].y = y
                boxes[node].width = widths[node]
                y += Self.nodeHeight + Self.rowGap
                previousCluster = clusters[node]
            }
            heights.append(max(y - Self.rowGap, 0))
        }
        let tallest = heights.max() ?? 0
        var x = Self.margin
        for (index, column) in order.enumerated() {
            let columnWidth = column.map { widths[$0] }.max() ?? 0
            let offset = Self.margin + (tallest - heights[index]) / 2
            for node in column {
                boxes[node].x = x + (columnWidth - widths[node]) / 2
                boxes[node].y += offset
            }
            x += columnWidth + Self.columnGap
        }
        self.boxes = boxes
        width = max(x - Self.columnGap + Self.margin, 2 * Self.margin)
        height = tallest + 2 * Self.margin
    }

    /// The edges of a depth-first search that do not close a cycle, the search driven by an
    /// explicit stack so a long chain cannot overflow the call stack.
    static func removingBackEdges(_ successors: [[Int]]) -> [[Int]] {
        enum State { case new, open, done }
        var state = Array(repeating: State.new, count: successors.count)
        var kept = Array(repeating: [Int](), count: successors.count)
        for root in successors.indices where state[root] == .new {
            var stack: [(node: Int, next: Int)] = [(root, 0)]
            state[root] = .open
            while let top = stack.last {
                let node = top.node
                if top.next < successors[node].count {
                    stack[stack.count - 1].next += 1
                    let to = successors[node][top.next]
                    switch state[to] {
                    case .open: continue  // a back edge: dropped, so the rest is acyclic
                    case .done: kept[node].append(to)
                    case .new:
                        kept[node].append(to)
                        state[to] = .open
                        stack.append((to, 0))
                    }
                } else {
                    state[node] = .done
                    stack.removeLast()
                }
            }
        }
        return kept
    }

    /// Each node's longest path to a node with no successors, in reverse topological order
    /// (Kahn's algorithm over the reversed edges).
    static func longestPathRanks(_ successors: [[Int]]) -> [Int] {
        var remaining = successors.map(\.count)
        var predecessors = Array(repeating: [Int](), count: successors.count)
        for (from, targets) in successors.enumerated() { for to in targets { predecessors[to].append(from) } }
        var rank = Array(repeating: 0, count: successors.count)
        var ready = successors.indices.filter { remaining[$0] == 0 }
        var index = 0
        while index < ready.count {
            let node = ready[index]
            index += 1
            for from in predecessors[node] {
                rank[from] = max(rank[from], rank[node] + 1)
                remaining[from] -= 1
                if remaining[from] == 0 { ready.append(from) }
            }
        }
        return rank
    }
}
