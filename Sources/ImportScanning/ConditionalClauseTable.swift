import Synchronization

/// The `#if` clauses of one file, each stored once: every chain's conditions in one array, and
/// one node per clause pointing at its chain and at the clause around it. Clauses and imports
/// refer into the table by index, so an 8,000-clause `#elseif` chain or an import 200 clauses
/// deep costs memory in proportion to the clauses, not to clauses × imports.
///
/// Immutable once built, except for a cache of the last few environments' answers guarded by a
/// mutex: deciding every import of a chain then costs one pass over the chain per environment,
/// not one per import, also when rules ask for every platform and configuration in turn.
package final class ConditionalClauseTable: Sendable {
    package struct Node: Sendable, Equatable {
        package var branch: ConditionalClause.Branch
        package var chain: Int
        /// The clause's place in its chain: its condition is `chains[chain][position]` (for `#if`
        /// and `#elseif`), and the conditions before that position are the ones it negates.
        package var position: Int
        /// The enclosing clause's node, or -1 at file level.
        package var parent: Int

        package init(branch: ConditionalClause.Branch, chain: Int, position: Int, parent: Int) {
            self.branch = branch
            self.chain = chain
            self.position = position
            self.parent = parent
        }
    }

    /// The conditions of each chain's `#if` and `#elseif` clauses, in order.
    package let chains: [[String]]
    package let nodes: [Node]
    /// How many clauses enclose each node's imports, itself included.
    let depths: [Int]
    private let cache = Mutex(Cache())
    /// How many environments' answers are kept: a check asks for its platforms × two
    /// configurations × each platform's variants (all nine platforms make 44).
    static let cachedEnvironmentLimit = 64
    /// Up to this many clauses, answers for an environment not seen before are computed, never
    /// looked for among the answers of equal environments.
    static let smallTableNodeLimit = 32

    /// The answers of the last environments asked for, and every chain's conditions parsed once
    /// (on first use) for all of them.
    private struct Cache: Sendable {
        /// By `BuildEnvironment.copyKey`; each entry keeps its environment, and so its key, alive.
        var answers: [ObjectIdentifier: Answers] = [:]
        /// Keys, oldest first, for eviction.
        var order: [ObjectIdentifier] = []
        var parsedChains: [[ConditionExpression]]?
    }

    /// Every clause's and every node's answer for one environment.
    private struct Answers: Sendable {
        var environment: BuildEnvironment
        /// Whether the build takes the clause itself.
        var clause: [Bool?]
        /// Whether the build takes the clause and every clause around it.
        var enclosed: [Bool?]
    }

    /// A table read back from stored bytes (the file cache), checked first: nil unless every
    /// node's chain exists, its position is within the chain, and its parent comes before it.
    /// `parsedChains`, when given, are the chains' conditions already parsed (one parse shared
    /// by every file that writes the same condition), and must match `chains`.
    package convenience init?(validating chains: [[String]], nodes: [Node], parsedChains: [[ConditionExpression]]? = nil) {
        for (index, node) in nodes.enumerated() {
            guard node.parent >= -1, node.parent < index, node.chain >= 0, node.chain < chains.count,
                  node.position >= 0, node.position <= chains[node.chain].count else { return nil }
        }
        if let parsedChains {
            guard parsedChains.count == chains.count, zip(parsedChains, chains).allSatisfy({ $0.count == $1.count }) else { return nil }
        }
        self.init(chains: chains, nodes: nodes)
        if let parsedChains { cache.withLock { $0.parsedChains = parsedChains } }
    }

    init(chains: [[String]], nodes: [Node]) {
        self.chains = chains
        self.nodes = nodes
        var depths = Array(repeating: 0, count: nodes.count)
        for (index, node) in nodes.enumerated() {
            // A clause opens after the clause around it, so its parent's depth is known.
            precondition(node.parent < index, "a clause's parent is recorded before it")
            depths[index] = node.parent < 0 ? 1 : depths[node.parent] + 1
        }
        self.depths = depths
    }

    func clause(at node: Int) -> ConditionalClause {
        let entry = nodes[node]
        let conditions = chains[entry.chain]
        let condition = entry.branch == .else || entry.position >= conditions.count ? nil : conditions[entry.position]
        return ConditionalClause(
            branch: entry.branch, condition: condition,
            preceding: conditions[0..<min(entry.position, conditions.count)], table: self, node: node)
    }

    /// The clauses from the outermost to `node`, or only the innermost `limit` of them.
    func clauses(enclosing node: Int, limit: Int = .max) -> [ConditionalClause] {
        var result: [ConditionalClause] = []
        var current = node
        while current >= 0 && result.count < limit {
            result.append(clause(at: current))
            current = nodes[current].parent
        }
        return result.reversed()
    }

    /// The modules `canImport(…)` asks about in the clauses from the outermost to `node`: each
    /// clause's condition and the earlier conditions of its chain it negates, as `clauses(enclosing:)`
    /// makes them. All that deciding those clauses reads of a build's own importable modules.
    func canImportModules(enclosing node: Int) -> [String] {
        let parsed = parsedChains()
        var modules: [String] = []
        var current = node
        while current >= 0 {
            let entry = nodes[current]
            let conditions = parsed[entry.chain]
            let read = entry.branch == .else || entry.position >= conditions.count ? min(entry.position, conditions.count) : entry.position + 1
            for condition in conditions[0..<read] { modules.append(contentsOf: condition.canImportModules) }
            current = entry.parent
        }
        return modules
    }

    /// Every chain's conditions, parsed on first use and kept.
    private func parsedChains() -> [[ConditionExpression]] {
        cache.withLock { cache in
            let parsed = cache.parsedChains ?? chains.map { $0.map(ConditionExpression.init(parsing:)) }
            cache.parsedChains = parsed
            return parsed
        }
    }

    func clauseIsActive(_ node: Int, in environment: BuildEnvironment) -> Bool? {
        withAnswers(for: environment) { $0.clause[node] }
    }

    func nodeIsActive(_ node: Int, in environment: BuildEnvironment) -> Bool? {
        withAnswers(for: environment) { $0.enclosed[node] }
    }

    private func withAnswers(for environment: BuildEnvironment, _ body: (Answers) -> Bool?) -> Bool? {
        cache.withLock { cache in
            let key = environment.copyKey
            if let current = cache.answers[key] { return body(current) }
            // An equal environment that is not a copy (made again, or changed and changed back)
            // shares the answers, and is found by its own key from now on.
            // Only for a table of many clauses: a file's few clauses are decided in fewer steps
            // than comparing environments (their flags, platform conditions and module lists)
            // takes, which was most of the rules' time on a repository of thousands of files.
            let computed: Answers
            if nodes.count > Self.smallTableNodeLimit, let equal = cache.answers.values.first(where: { $0.environment == environment }) {
                computed = Answers(environment: environment, clause: equal.clause, enclosed: equal.enclosed)
            } else {
                let parsed = cache.parsedChains ?? chains.map { $0.map(ConditionExpression.init(parsing:)) }
                cache.parsedChains = parsed
                computed = compute(for: environment, parsedChains: parsed)
            }
            if cache.order.count >= Self.cachedEnvironmentLimit {
                cache.answers[cache.order.removeFirst()] = nil
            }
            cache.answers[key] = computed
            cache.order.append(key)
            return body(computed)
        }
    }

    /// One pass over each chain (its conditions parsed once) and one over the nodes, whose parents
    /// always come before them.
    private func compute(for environment: BuildEnvironment, parsedChains: [[ConditionExpression]]) -> Answers {
        var conditionValues: [[Bool?]] = []
        var noneBefore: [[Bool?]] = []
        conditionValues.reserveCapacity(chains.count)
        noneBefore.reserveCapacity(chains.count)
        for conditions in parsedChains {
            var values: [Bool?] = []
            var prefixes: [Bool?] = [true]
            values.reserveCapacity(conditions.count)
            prefixes.reserveCapacity(conditions.count + 1)
            for condition in conditions {
                let value = condition.evaluate(in: environment)
                values.append(value)
                prefixes.append(ConditionExpression.and(prefixes[prefixes.count - 1], ConditionExpression.not(value)))
            }
            conditionValues.append(values)
            noneBefore.append(prefixes)
        }
        var clause: [Bool?] = []
        var enclosed: [Bool?] = []
        clause.reserveCapacity(nodes.count)
        enclosed.reserveCapacity(nodes.count)
        for entry in nodes {
            let prefixes = noneBefore[entry.chain]
            var value = prefixes[min(entry.position, prefixes.count - 1)]
            if entry.branch != .else && entry.position < conditionValues[entry.chain].count {
                value = ConditionExpression.and(value, conditionValues[entry.chain][entry.position])
            }
            clause.append(value)
            enclosed.append(entry.parent >= 0 ? ConditionExpression.and(enclosed[entry.parent], value) : value)
        }
        return Answers(environment: environment, clause: clause, enclosed: enclosed)
    }
}
