import ImportScanning
import ModuleGraph
import Synchronization

/// `CheckInput.activity(of:in:)` answered once per distinct question: which builds take a list
/// of enclosing `#if` clauses (each clause's condition, branch and the conditions before it in
/// its chain), in environments made alike.
///
/// Two targets of one kind (`TargetBuilds.Kind`: the same builds, defines, language mode,
/// features) have environments that differ only in the graph's modules each sees, which a
/// clause reads only through the modules its `canImport` names: the question is the kind, the
/// clauses, and which of those modules the target sees in each build. The files of hundreds of
/// targets repeat the same few clauses (`#if canImport(UIKit)`, `#if DEBUG`); each is decided in
/// the builds' variants once per kind, not once per target.
///
/// In front of that, an import's answer by its node in its file's clause table and its
/// target: the usual question, asked of every import by several rules, answered without
/// making or comparing clause lists.
///
/// A class, so copies of the input share it; rules run in parallel, so it is locked. An answer
/// is made outside the lock: two rules asking at once both make it, and agree.
final class ActivityMemo: Sendable {
    /// A target's place in the memo: its number in the graph, and its kind's.
    struct Place: Sendable {
        var target: Int
        var kind: Int
    }

    private struct NodeKey: Hashable {
        var table: ObjectIdentifier
        var node: Int
        var target: Int
    }

    private struct Question: Hashable {
        var kind: Int
        var clauses: [ConditionalClause]
        /// Per visible set of the target's builds, per module the clauses' `canImport` names
        /// (sorted): whether the target sees it.
        var sees: [Bool]
    }

    private struct State {
        var byNode: [NodeKey: ImportActivity] = [:]
        /// The tables `byNode` names, kept alive so no other table takes one's identity.
        var tables: [ObjectIdentifier: ConditionalClauseTable] = [:]
        var byQuestion: [Question: ImportActivity] = [:]
    }

    private let state = Mutex(State())
    /// Imports enclosed by more clauses are decided directly, not remembered.
    static let deepestRemembered = 8

    func answer(_ declaration: ImportDeclaration, at place: Place, builds: TargetBuilds, _ make: () -> ImportActivity) -> ImportActivity {
        let shared = declaration.sharedClauses
        let nodeKey = shared.map { NodeKey(table: ObjectIdentifier($0.table), node: $0.node, target: place.target) }
        if let nodeKey, let known = state.withLock({ $0.byNode[nodeKey] }) { return known }
        let modules = declaration.canImportModules
        var sees: [Bool] = []
        sees.reserveCapacity(modules.count * builds.visibleSets.count)
        for visible in builds.visibleSets {
            for module in modules { sees.append(visible.contains(module)) }
        }
        let question = Question(kind: place.kind, clauses: declaration.conditions, sees: sees)
        let known = state.withLock { $0.byQuestion[question] }
        let answer = known ?? make()
        state.withLock { state in
            if known == nil { state.byQuestion[question] = answer }
            if let nodeKey, let shared {
                state.byNode[nodeKey] = answer
                state.tables[nodeKey.table] = shared.table
            }
        }
        return answer
    }
}
