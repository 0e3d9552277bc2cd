/// How one target reaches the next on a path: through a dependency declared in the manifest,
/// an `import` in its sources, or both.
package struct EdgeKinds: OptionSet, Sendable, Hashable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }

    package static let manifest = EdgeKinds(rawValue: 1)
    package static let sourceImport = EdgeKinds(rawValue: 2)
}

/// A chain of targets from a start to an end; `hops[i]` says how `targets[i]` reaches
/// `targets[i + 1]`.
package struct DependencyPath: Sendable, Hashable {
    package var targets: [TargetID]
    package var hops: [EdgeKinds]
}

extension ModuleGraph {
    /// The dependency paths from `start` to `end`, shortest first and then by name, at most
    /// `limit` of them. `importEdges` adds edges found by scanning sources (target → imported
    /// targets); hops are labelled with what carries them.
    ///
    /// Paths are enumerated by increasing length with a depth-first search pruned by each
    /// target's distance to `end`, so only prefixes that can still arrive are explored; a step
    /// budget bounds the work on graphs with very many equal-length paths.
    package func paths(from start: TargetID, to end: TargetID, limit: Int = 10,
                       importEdges: [TargetID: Set<TargetID>] = [:]) -> [DependencyPath] {
        guard let startIndex = indexByID[start], let endIndex = indexByID[end], limit > 0 else { return [] }
        let adjacency = combinedAdjacency(importEdges: importEdges)

        // Distance from every target to `end`, over reversed edges.
        var reverse = Array(repeating: [Int](), count: targets.count)
        for (from, edges) in adjacency.enumerated() {
            for (to, _) in edges { reverse[to].append(from) }
        }
        var distanceToEnd = Array(repeating: Int.max, count: targets.count)
        distanceToEnd[endIndex] = 0
        var frontier = [endIndex]
        while !frontier.isEmpty {
            var next: [Int] = []
            for node in frontier {
                for previous in reverse[node] where distanceToEnd[previous] == .max {
                    distanceToEnd[previous] = distanceToEnd[node] + 1
                    next.append(previous)
                }
            }
            frontier = next
        }
        guard distanceToEnd[startIndex] != .max else { return [] }

        var found: [DependencyPath] = []
        var budget = 200_000
        var onPath = Array(repeating: false, count: targets.count)
        var nodes = [startIndex]
        var hops: [EdgeKinds] = []
        onPath[startIndex] = true

        // Depth-first over an explicit stack (a path may be as long as the graph is large): each
        // frame is a target on the path and the next of its edges to try.
        func search(length: Int) {
            var frames: [(node: Int, nextEdge: Int)] = [(startIndex, 0)]
            budget -= 1
            while let frame = frames.last, found.count < limit, budget > 0 {
                let remaining = length - (frames.count - 1)
                let edges = adjacency[frame.node]
                var position = frame.nextEdge
                while remaining > 0 && position < edges.count
                    && (onPath[edges[position].0] || distanceToEnd[edges[position].0] > remaining - 1) {
                    position += 1
                }
                if remaining == 0 || position == edges.count {
                    if remaining == 0 && frame.node == endIndex {
                        found.append(DependencyPath(targets: nodes.map { targets[$0].id }, hops: hops))
                    }
                    frames.removeLast()
                    if !frames.isEmpty {
                        onPath[frame.node] = false
                        nodes.removeLast()
                        hops.removeLast()
                    }
                    continue
                }
                frames[frames.count - 1].nextEdge = position + 1
                let (next, kinds) = edges[position]
                onPath[next] = true
                nodes.append(next)
                hops.append(kinds)
                frames.append((next, 0))
                budget -= 1
            }
            // Stopped early (enough paths, or out of budget): leave only the start on the path.
            for frame in frames.dropFirst() { onPath[frame.node] = false }
            nodes = [startIndex]
            hops = []
        }

        var length = distanceToEnd[startIndex]
        while found.count < limit && budget > 0 && length < targets.count {
            search(length: length)
            length += 1
        }
        return found
    }

    /// How many paths lead from `start` to `end`, counted without listing them; nil when the
    /// edges between them form a cycle (only imports can: SwiftPM refuses cyclic manifests), where
    /// simple paths cannot be counted this way. Saturates at `Int.max`.
    package func pathCount(from start: TargetID, to end: TargetID, importEdges: [TargetID: Set<TargetID>] = [:]) -> Int? {
        guard let startIndex = indexByID[start], let endIndex = indexByID[end] else { return 0 }
        let adjacency = combinedAdjacency(importEdges: importEdges)
        // The targets on some path: reachable from the start, and reaching the end.
        var fromStart = Array(repeating: false, count: targets.count)
        var stack = [startIndex]
        fromStart[startIndex] = true
        while let node = stack.popLast() {
            for (next, _) in adjacency[node] where !fromStart[next] {
                fromStart[next] = true
                stack.append(next)
            }
        }
        guard fromStart[endIndex] else { return 0 }
        var reverse = Array(repeating: [Int](), count: targets.count)
        for (from, edges) in adjacency.enumerated() where fromStart[from] {
            for (to, _) in edges { reverse[to].append(from) }
        }
        var toEnd = Array(repeating: false, count: targets.count)
        stack = [endIndex]
        toEnd[endIndex] = true
        while let node = stack.popLast() {
            for previous in reverse[node] where !toEnd[previous] {
                toEnd[previous] = true
                stack.append(previous)
            }
        }
        // Paths counted in topological order (Kahn's); a node left over sits on a cycle.
        let relevant = (0..<targets.count).filter { fromStart[$0] && toEnd[$0] }
        var indegree = Array(repeating: 0, count: targets.count)
        for node in relevant {
            for (next, _) in adjacency[node] where toEnd[next] { indegree[next] += 1 }
        }
        var count = Array(repeating: 0, count: targets.count)
        count[startIndex] = 1
        var ready = relevant.filter { indegree[$0] == 0 }
        var ordered = 0
        while let node = ready.popLast() {
            ordered += 1
            for (next, _) in adjacency[node] where toEnd[next] {
                let (sum, overflow) = count[next].addingReportingOverflow(count[node])
                count[next] = overflow ? .max : sum
                indegree[next] -= 1
                if indegree[next] == 0 { ready.append(next) }
            }
        }
        return ordered == relevant.count ? count[endIndex] : nil
    }

    /// Each target's neighbours by index, sorted by name, with the kinds of edge that reach them.
    private func combinedAdjacency(importEdges: [TargetID: Set<TargetID>]) -> [[(Int, EdgeKinds)]] {
        targets.map { target in
            var kinds: [Int: EdgeKinds] = [:]
            for dependency in dependencies(of: target.id) {
                if case .target(let id) = dependency.node, let index = indexByID[id] { kinds[index, default: []].insert(.manifest) }
            }
            for id in importEdges[target.id] ?? [] where id != target.id {
                if let index = indexByID[id] { kinds[index, default: []].insert(.sourceImport) }
            }
            return kinds.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        }
    }
}
