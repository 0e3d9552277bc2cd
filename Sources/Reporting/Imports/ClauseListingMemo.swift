import Diagnostics
import ImportScanning
import Synchronization

/// What the text listing shows of an import's `#if` clauses: the clauses as written (escaped)
/// and whether no build described by the environment compiles it.
struct ListedClauses: Sendable {
    var text: [UInt8]
    var neverActive: Bool

    /// `environment` nil: the activity is not asked (builds decide it instead).
    init(_ declaration: ImportDeclaration, environment: BuildEnvironment?) {
        let depth = declaration.conditionDepth
        let shown = declaration.innermostConditions(limit: ConditionalClause.shownClauseLimit)
        let outer = depth > shown.count ? "(\(depth - shown.count) outer clauses) › " : ""
        text = Array(VisibleText.escaped(outer + ImportListing.conditionsText(shown)).utf8)
        neverActive = environment.map { !$0.mayCompile(declaration) } ?? false
    }
}

/// Keeps `ListedClauses` per clause for files whose clauses are written alike, for one
/// environment: generated and templated sources repeat the same `#if canImport(UIKit)` blocks
/// file after file, and deciding and spelling out a file's clauses cost more than scanning it.
///
/// Two files' clauses are alike when their clause tables are equal (the same chains of
/// conditions, the same clauses in the same nesting): what a clause shows is a function of its
/// table, its place in it and the environment only. Workers share one memo; the lock is held for
/// a lookup or an insertion, never while a clause is decided. Bounded: small tables only, and a
/// fixed number of them.
package final class ClauseListingMemo: Sendable {
    private let environment: BuildEnvironment
    private let shapes = Mutex<[Shape: [ListedClauses?]]>([:])
    /// Tables with more clauses or conditions than these are decided afresh every time.
    static let nodeLimit = 64
    static let conditionLimit = 256
    static let conditionBytesLimit = 8192
    /// How many distinct tables are kept; later ones are decided afresh.
    static let shapeLimit = 4096

    package init(environment: BuildEnvironment) {
        self.environment = environment
    }

    /// The listing of `declaration`'s clauses in `environment`, from the memo when a table equal
    /// to its own was listed before; nil when the memo cannot answer (another environment, a
    /// table over the limits, clauses made by hand).
    func listed(_ declaration: ImportDeclaration, in environment: BuildEnvironment) -> ListedClauses? {
        guard environment.copyKey == self.environment.copyKey || environment == self.environment,
              let (table, node) = declaration.sharedClauses, node >= 0, node < table.nodes.count,
              let shape = Shape(table) else { return nil }
        if let known = shapes.withLock({ $0[shape]?[node] }) { return known }
        let listed = ListedClauses(declaration, environment: environment)
        shapes.withLock { shapes in
            if shapes[shape] == nil {
                guard shapes.count < Self.shapeLimit else { return }
                shapes[shape] = Array(repeating: nil, count: shape.nodes.count)
            }
            shapes[shape]![node] = listed
        }
        return listed
    }

    /// A clause table's contents, as a key.
    struct Shape: Hashable, Sendable {
        var chains: [[String]]
        var nodes: [ConditionalClauseTable.Node]

        /// Nil for a table over the limits.
        init?(_ table: ConditionalClauseTable) {
            guard table.nodes.count <= ClauseListingMemo.nodeLimit else { return nil }
            var conditions = 0
            var bytes = 0
            for chain in table.chains {
                conditions += chain.count
                guard conditions <= ClauseListingMemo.conditionLimit else { return nil }
                for condition in chain { bytes += condition.utf8.count }
                guard bytes <= ClauseListingMemo.conditionBytesLimit else { return nil }
            }
            chains = table.chains
            nodes = table.nodes
        }

        static func == (lhs: Shape, rhs: Shape) -> Bool {
            lhs.nodes == rhs.nodes && lhs.chains == rhs.chains
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(chains)
            hasher.combine(nodes.count)
            for node in nodes {
                hasher.combine(node.branch)
                hasher.combine(node.chain)
                hasher.combine(node.position)
                hasher.combine(node.parent)
            }
        }
    }
}
