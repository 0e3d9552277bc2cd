/// Cycles of a directed graph over nodes `0..<count`: its strongly connected components, the
/// shortest cycle in one, and a small set of edges whose removal leaves it acyclic.
///
/// Every walk keeps its own stack or queue, so no input (a chain of ten thousand targets) can
/// exhaust the call stack; every answer is in node order, so reports are deterministic.
struct DirectedCycles: Sendable {
    struct Edge: Sendable, Hashable, Comparable {
        var from: Int
        var to: Int

        static func < (lhs: Edge, rhs: Edge) -> Bool { (lhs.from, lhs.to) < (rhs.from, rhs.to) }
    }

    /// Successors of each node, sorted, without repeats.
    private let successors: [[Int]]

    init(count: Int, edges: [Edge]) {
        var successors = Array(repeating: [Int](), count: count)
        for edge in Set(edges) where edge.from != edge.to && edge.from < count && edge.to < count {
            successors[edge.from].append(edge.to)
        }
        self.successors = successors.map { $0.sorted() }
    }

    /// The components with more than one node (the nodes that lie on a cycle), each sorted, in
    /// order of their smallest node. Tarjan's algorithm with an explicit stack of frames.
    func cyclicComponents() -> [[Int]] {
        let count = successors.count
        var index = Array(repeating: -1, count: count)
        var lowLink = Array(repeating: 0, count: count)
        var onStack = Array(repeating: false, count: count)
        var stack: [Int] = []
        var next = 0
        var components: [[Int]] = []
        for root in 0..<count where index[root] < 0 {
            // Each frame: a node and the position of the next successor to visit.
            var frames: [(node: Int, position: Int)] = [(root, 0)]
            index[root] = next; lowLink[root] = next; next += 1
            stack.append(root); onStack[root] = true
            while let frame = frames.last {
                let node = frame.node
                if frame.position < successors[node].count {
                    frames[frames.count - 1].position += 1
                    let successor = successors[node][frame.position]
                    if index[successor] < 0 {
                        index[successor] = next; lowLink[successor] = next; next += 1
                        stack.append(successor); onStack[successor] = true
                        frames.append((successor, 0))
                    } else if onStack[successor] {
                        lowLink[node] = min(lowLink[node], index[successor])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last?.node { lowLink[parent] = min(lowLink[parent], lowLink[node]) }
                guard lowLink[node] == index[node] else { continue }
                var component: [Int] = []
                while let member = stack.popLast() {
                    onStack[member] = false
                    component.append(member)
                    if member == node { break }
                }
                if component.count > 1 { components.append(component.sorted()) }
            }
        }
        return components.sorted { $0[0] < $1[0] }
    }

    /// The shortest cycle through the nodes of `component`, avoiding `removed` edges, as its
    /// nodes in order from the smallest start that has one; nil when none is left. A
    /// breadth-first search from each node: ties go to the earliest node, then the earliest
    /// successors, so the answer never depends on hashing.
    func shortestCycle(in component: [Int], avoiding removed: Set<Edge> = []) -> [Int]? {
        let members = Set(component)
        var best: [Int]?
        for start in component {
            var parent: [Int: Int] = [start: start]
            var distance: [Int: Int] = [start: 0]
            var queue = [start]
            var head = 0
            var found: [Int]?
            search: while head < queue.count {
                let node = queue[head]
                head += 1
                // A cycle found from here has distance + 1 nodes: no shorter than the best, stop.
                if let best, (distance[node] ?? 0) + 1 >= best.count { break }
                for successor in successors[node] where members.contains(successor) && !removed.contains(Edge(from: node, to: successor)) {
                    if successor == start {
                        found = path(to: node, parent: parent, start: start)
                        break search
                    }
                    if parent[successor] == nil {
                        parent[successor] = node
                        distance[successor] = (distance[node] ?? 0) + 1
                        queue.append(successor)
                    }
                }
            }
            if let found, found.count < (best?.count ?? .max) { best = found }
            if best?.count == 2 { break }
        }
        return best
    }

    /// Edges whose removal leaves no cycle among `component`'s nodes: greedily, one edge of
    /// each shortest cycle that remains — the one after whose removal the fewest nodes still lie
    /// on a cycle, ties to the one `preferred` ranks first. Small, not proven minimum (that
    /// problem, the minimum feedback arc set, is NP-hard).
    func breakingEdges(of component: [Int], preferred: (Edge, Edge) -> Bool) -> [Edge] {
        // Each greedy step searches the whole component again; past this size, one depth-first
        // order's back edges (linear time, a larger set) keep the check fast.
        guard component.count <= Self.greedyLimit else { return backEdges(of: component) }
        var removed: Set<Edge> = []
        var chosen: [Edge] = []
        while let cycle = shortestCycle(in: component, avoiding: removed) {
            let candidates = Self.edges(of: cycle).map { edge in (edge, cyclicNodeCount(in: component, avoiding: removed.union([edge]))) }
            guard let edge = candidates.min(by: { $0.1 != $1.1 ? $0.1 < $1.1 : preferred($0.0, $1.0) })?.0 else { break }
            removed.insert(edge)
            chosen.append(edge)
        }
        return chosen.sorted()
    }

    /// The most nodes of a component the greedy search of `breakingEdges` is run on.
    static let greedyLimit = 150

    /// The edges that go backwards in a depth-first order of `component` (iterative): without
    /// them what is left has a topological order, so no cycle.
    func backEdges(of component: [Int]) -> [Edge] {
        let members = Set(component)
        var finished: [Int] = []
        var visited: Set<Int> = []
        for root in component where !visited.contains(root) {
            visited.insert(root)
            var frames: [(node: Int, position: Int)] = [(root, 0)]
            while let frame = frames.last {
                let next = successors[frame.node].dropFirst(frame.position).first { members.contains($0) }
                guard let successor = next else {
                    finished.append(frame.node)
                    frames.removeLast()
                    continue
                }
                frames[frames.count - 1].position = (successors[frame.node].firstIndex(of: successor) ?? frame.position) + 1
                if visited.insert(successor).inserted { frames.append((successor, 0)) }
            }
        }
        // Reverse postorder: every edge not pointing backwards in it goes forwards.
        let order = Dictionary(uniqueKeysWithValues: finished.reversed().enumerated().map { ($0.element, $0.offset) })
        var edges: [Edge] = []
        for node in component {
            for successor in successors[node] where members.contains(successor) {
                if let from = order[node], let to = order[successor], from >= to { edges.append(Edge(from: node, to: successor)) }
            }
        }
        return edges.sorted()
    }

    /// How many of `component`'s nodes still lie on a cycle without the `removed` edges.
    private func cyclicNodeCount(in component: [Int], avoiding removed: Set<Edge>) -> Int {
        let position = Dictionary(uniqueKeysWithValues: component.enumerated().map { ($0.element, $0.offset) })
        var edges: [Edge] = []
        for node in component {
            for successor in successors[node] where !removed.contains(Edge(from: node, to: successor)) {
                if let from = position[node], let to = position[successor] { edges.append(Edge(from: from, to: to)) }
            }
        }
        return DirectedCycles(count: component.count, edges: edges).cyclicComponents().reduce(0) { $0 + $1.count }
    }

    /// The edges of a cycle given by its nodes, the last one closing it.
    static func edges(of cycle: [Int]) -> [Edge] {
        cycle.indices.map { Edge(from: cycle[$0], to: cycle[($0 + 1) % cycle.count]) }
    }

    private func path(to node: Int, parent: [Int: Int], start: Int) -> [Int] {
        var path = [node]
        var current = node
        while current != start, let previous = parent[current] {
            path.append(previous)
            current = previous
        }
        return path.reversed()
    }
}
