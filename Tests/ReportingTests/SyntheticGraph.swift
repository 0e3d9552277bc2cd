@testable import Reporting

/// A layered module graph like `Benchmarks/generate-package.py` writes (the same layer shares and
/// allowed arrows, up to five dependencies a target), built in memory from a seed, so big-graph
/// tests need no toolchain. Same arguments, same graph.
enum SyntheticGraph {
    static let layers = [("Kernel", 8), ("Interfaces", 20), ("Infrastructure", 22), ("Features", 45), ("App", 5)]
    static let allowed = ["Kernel": [String](), "Interfaces": ["Kernel"], "Infrastructure": ["Kernel", "Interfaces", "Infrastructure"],
                          "Features": ["Kernel", "Interfaces"], "App": ["Kernel", "Interfaces", "Infrastructure", "Features"]]

    static func view(targets: Int, seed: UInt64 = 2026) -> GraphView {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }
        var names: [(layer: String, name: String)] = []
        for (layer, percent) in layers {
            // Rounded as the script rounds, then cut to the count asked for.
            for index in 0..<max(1, (targets * percent + 50) / 100) { names.append((layer, "\(layer)Module\(index)")) }
        }
        names = Array(names.prefix(targets))
        var nodes: [GraphView.Node] = []
        var edges: [GraphView.Edge] = []
        for (position, target) in names.enumerated() {
            nodes.append(.init(id: "large/\(target.name)", label: target.name, kind: .target(.library), cluster: target.layer))
            let candidates = names[..<position].filter { allowed[target.layer, default: []].contains($0.layer) }
            guard !candidates.isEmpty else { continue }
            for _ in 0..<next(6) {
                let other = candidates[candidates.startIndex + next(candidates.count)]
                edges.append(.init(from: "large/\(target.name)", to: "large/\(other.name)"))
            }
        }
        return GraphView(title: "Large", nodes: nodes, edges: Array(Set(edges)), clusterOrder: layers.map(\.0))
    }
}
