import TestSupport
import Testing
@testable import Reporting

/// The layered layout: columns follow the dependencies, boxes never overlap, cycles and long
/// chains are laid out without recursion, the same input gives the same coordinates.
@Suite(.tags(.small)) struct LayeredLayoutTests {
    static func layout(_ view: GraphView) -> LayeredLayout {
        var index: [String: Int] = [:]
        for (position, node) in view.nodes.enumerated() { index[node.id] = position }
        let clusters = view.nodes.map { node in view.clusterOrder.firstIndex(of: node.cluster ?? "") ?? view.clusterOrder.count }
        return LayeredLayout(widths: view.nodes.map { $0.label.count * 7 + 18 }, clusters: clusters,
                             edges: view.edges.compactMap { edge in index[edge.from].flatMap { from in index[edge.to].map { (from, $0) } } })
    }

    @Test(arguments: [10, 124, 400]) func everyDependencyPointsRightAndNoBoxesOverlap(targets: Int) {
        let view = SyntheticGraph.view(targets: targets)
        let layout = Self.layout(view)
        var index: [String: Int] = [:]
        for (position, node) in view.nodes.enumerated() { index[node.id] = position }
        for edge in view.edges {
            let from = index[edge.from]!, to = index[edge.to]!
            #expect(layout.columns[from] < layout.columns[to], "\(edge.from) -> \(edge.to)")
        }
        for a in layout.boxes.indices {
            for b in layout.boxes.indices where a < b && layout.columns[a] == layout.columns[b] {
                let first = layout.boxes[a], second = layout.boxes[b]
                #expect(first.y + first.height <= second.y || second.y + second.height <= first.y)
            }
            #expect(layout.boxes[a].x + layout.boxes[a].width <= layout.width && layout.boxes[a].y + layout.boxes[a].height <= layout.height)
        }
        #expect(layout == Self.layout(view))
    }

    @Test func aCycleIsBrokenAndALongChainNeedsNoRecursion() {
        let cycle = LayeredLayout(widths: [40, 40, 40], clusters: [0, 0, 0], edges: [(0, 1), (1, 2), (2, 0), (1, 1)])
        #expect(Set(cycle.columns) == [0, 1, 2])
        let length = 20_000
        let chain = LayeredLayout(widths: Array(repeating: 30, count: length), clusters: Array(repeating: 0, count: length),
                                  edges: (0..<length - 1).map { ($0, $0 + 1) })
        #expect(chain.columns.first == 0 && chain.columns.last == length - 1)
    }

    @Test func barycenterSweepsUncrossAPairOfEdges() {
        // 0 → 3 and 1 → 2: in id order the edges cross; a sweep puts 3 above 2.
        let layout = LayeredLayout(widths: [30, 30, 30, 30], clusters: [0, 0, 0, 0], edges: [(0, 3), (1, 2)])
        #expect(layout.boxes[3].y < layout.boxes[2].y)
    }
}
