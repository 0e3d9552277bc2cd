import ModuleGraph

/// The arrows between inferred layers that the graph already follows: each declared dependency
/// of a placed target on a target of another layer is an arrow. Arrows that would close a cycle
/// between layers are dropped, the weakest (fewest dependencies) of each cycle first, so the
/// proposed table is a one-way order and the dependencies it leaves out are the outliers.
struct LayerArrows {
    /// Per layer, the layers it may use (itself included when its targets use each other), sorted.
    var allowed: [String: [String]] = [:]
    /// Layers whose targets already use products of remote packages.
    var usesThirdParty: Set<String> = []
    var dropped: [(from: String, to: String, count: Int, examples: [String])] = []
    /// How many dependencies go from a layer to another.
    var crossing = 0

    init(layers: [Configuration.Layer], graph: ModuleGraph, targets: [Target]) {
        let assignment = LayerAssignment(graph: graph, layers: layers)
        var weights: [Edge: Int] = [:]
        var examples: [Edge: [String]] = [:]
        var within: Set<String> = []
        for target in targets {
            // A layer that may use everything (test support, composition roots) adds no arrow to order.
            guard let layer = assignment.layer(of: target.id), !layer.mayUse.contains("*") else { continue }
            let from = layer.name
            for dependency in graph.dependencies(of: target.id) {
                switch dependency.node {
                case .external:
                    usesThirdParty.insert(from)
                case .target(let id):
                    guard let to = assignment.layer(of: id)?.name else { continue }
                    if to == from {
                        within.insert(from)
                        continue
                    }
                    let edge = Edge(from: from, to: to)
                    weights[edge, default: 0] += 1
                    crossing += 1
                    examples[edge, default: []].append("\(target.name) → \(id.name)")
                }
            }
        }
        // Break cycles: while one exists, drop its weakest edge (ties: by name).
        var edges = weights
        while let cycle = Self.cycle(in: Set(edges.keys)) {
            guard let weakest = cycle.min(by: { (edges[$0] ?? 0, $0) < (edges[$1] ?? 0, $1) }) else { break }
            dropped.append((weakest.from, weakest.to, edges[weakest] ?? 0, (examples[weakest] ?? []).sorted()))
            edges[weakest] = nil
        }
        dropped.sort { ($0.from, $0.to) < ($1.from, $1.to) }
        for layer in layers {
            var uses = Set(edges.keys.filter { $0.from == layer.name }.map(\.to))
            if within.contains(layer.name) { uses.insert(layer.name) }
            allowed[layer.name] = uses.sorted()
        }
    }

    struct Edge: Hashable, Comparable {
        var from: String
        var to: String
        static func < (lhs: Edge, rhs: Edge) -> Bool { (lhs.from, lhs.to) < (rhs.from, rhs.to) }
    }

    /// The edges of one cycle, or nil when there is none: a depth-first search over an explicit
    /// stack (the number of layers is input-controlled, so no recursion).
    static func cycle(in edges: Set<Edge>) -> [Edge]? {
        var next: [String: [String]] = [:]
        for edge in edges { next[edge.from, default: []].append(edge.to) }
        for key in next.keys { next[key]?.sort() }
        var state: [String: Int] = [:]  // 1 on the stack, 2 done
        for start in next.keys.sorted() where state[start] == nil {
            var stack: [(node: String, index: Int)] = [(start, 0)]
            state[start] = 1
            while let top = stack.last {
                let successors = next[top.node] ?? []
                if top.index >= successors.count {
                    state[top.node] = 2
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].index += 1
                let successor = successors[top.index]
                switch state[successor] {
                case 1:
                    // Back edge: the cycle is the stack from `successor` to the top, then back.
                    let nodes = stack.map(\.node)
                    guard let first = nodes.firstIndex(of: successor) else { return nil }
                    let path = Array(nodes[first...]) + [successor]
                    return zip(path, path.dropFirst()).map { Edge(from: $0, to: $1) }
                case nil:
                    state[successor] = 1
                    stack.append((successor, 0))
                default:
                    continue
                }
            }
        }
        return nil
    }
}
