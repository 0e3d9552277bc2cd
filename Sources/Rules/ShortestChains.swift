import ModuleGraph

/// The chain `ModuleGraph.paths(from:to:limit: 1)` finds — the shortest declared chain, first by
/// target order among equally short ones — for many questions over one graph. Each call of
/// `paths` made the graph's adjacency and a walk of the whole graph again; here the adjacency is
/// made once, the distances to an end once per end, and a chain then costs its own length.
///
/// The first shortest path `paths` finds is the greedy descent: from each target, the first
/// neighbour (by target order) one step nearer the end. Its depth-first search by increasing
/// length tries neighbours in that order and only those that can still arrive in time, which at
/// the shortest length are exactly the ones one step nearer; the first it tries always arrives.
struct ShortestChains {
    private let graph: ModuleGraph
    private let indexByID: [TargetID: Int]
    /// Each target's target dependencies by index, ascending and without repeats: the order
    /// `paths` tries them in.
    private let adjacency: [[Int]]
    private let reverse: [[Int]]
    /// Distance from every target to an end, by the end's index; made on first use, and
    /// forgotten past `keptEnds` ends, so a graph of thousands of targets never holds a table of
    /// targets × targets.
    private var distances: [Int: [Int32]] = [:]
    private static let keptEnds = 256

    init(graph: ModuleGraph) {
        self.graph = graph
        var indexByID: [TargetID: Int] = [:]
        for (index, target) in graph.targets.enumerated() where indexByID[target.id] == nil {
            indexByID[target.id] = index
        }
        var adjacency: [[Int]] = []
        adjacency.reserveCapacity(graph.targets.count)
        var reverse = Array(repeating: [Int](), count: graph.targets.count)
        for (from, target) in graph.targets.enumerated() {
            var neighbours = Set<Int>()
            for dependency in graph.dependencies(of: target.id) {
                if case .target(let id) = dependency.node, let index = indexByID[id] { neighbours.insert(index) }
            }
            let sorted = neighbours.sorted()
            for to in sorted { reverse[to].append(from) }
            adjacency.append(sorted)
        }
        self.indexByID = indexByID
        self.adjacency = adjacency
        self.reverse = reverse
    }

    /// The targets of the first shortest chain from `start` to `end`, both included; nil when
    /// no chain leads there.
    mutating func chain(from start: TargetID, to end: TargetID) -> [TargetID]? {
        guard let startIndex = indexByID[start], let endIndex = indexByID[end] else { return nil }
        let distance = distancesToEnd(endIndex)
        guard distance[startIndex] != .max else { return nil }
        var node = startIndex
        var chain = [graph.targets[node].id]
        while distance[node] > 0 {
            // A neighbour one step nearer exists: the distance was reached through one.
            guard let next = adjacency[node].first(where: { distance[$0] == distance[node] - 1 }) else { return nil }
            node = next
            chain.append(graph.targets[node].id)
        }
        return chain
    }

    private mutating func distancesToEnd(_ end: Int) -> [Int32] {
        if let known = distances[end] { return known }
        var distance = Array(repeating: Int32.max, count: adjacency.count)
        distance[end] = 0
        var frontier = [end]
        while !frontier.isEmpty {
            var next: [Int] = []
            for node in frontier {
                for previous in reverse[node] where distance[previous] == .max {
                    distance[previous] = distance[node] + 1
                    next.append(previous)
                }
            }
            frontier = next
        }
        if distances.count >= Self.keptEnds { distances.removeAll(keepingCapacity: true) }
        distances[end] = distance
        return distance
    }
}
