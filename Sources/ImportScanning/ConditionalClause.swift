/// One clause of an `#if` / `#elseif` / `#else` chain that encloses an import.
///
/// A clause found by the scanner shares its chain's conditions with every other clause of the
/// chain (a slice of one array), so a long `#elseif` chain is stored once.
package struct ConditionalClause: Sendable, Hashable {
    package enum Branch: String, Sendable, Hashable {
        case `if`, `elseif`, `else`
    }

    /// How many earlier conditions `written` spells out before summarising the rest.
    package static let writtenConditionLimit = 8
    /// How many enclosing clauses a listing shows of one import, innermost ones; the rest are
    /// counted, so imports thousands of clauses deep do not make output quadratic.
    package static let shownClauseLimit = 16

    package var branch: Branch
    /// The condition as written, comments removed and whitespace folded; nil for `#else`.
    package var condition: String?
    private var preceding: ArraySlice<String>
    /// The scanner's table and this clause's node in it, which answer `isActive` for the whole
    /// chain at once; nil for a clause made by hand or changed since.
    private var shared: (table: ConditionalClauseTable, node: Int)?

    /// Records a clause as written; whether a build takes it is `BuildEnvironment`'s question.
    package init(branch: Branch, condition: String?, precedingConditions: [String] = []) {
        self.branch = branch
        self.condition = condition
        self.preceding = precedingConditions[...]
    }

    init(branch: Branch, condition: String?, preceding: ArraySlice<String>, table: ConditionalClauseTable, node: Int) {
        self.branch = branch
        self.condition = condition
        self.preceding = preceding
        self.shared = (table, node)
    }

    /// The conditions of the earlier clauses of the same chain: this clause is taken only when
    /// all of them are false. Made on demand; `precedingConditionCount` costs nothing.
    package var precedingConditions: [String] {
        get { Array(preceding) }
        set {
            preceding = newValue[...]
            shared = nil
        }
    }

    package var precedingConditionCount: Int { preceding.count }

    /// The first `limit` earlier conditions, without making the rest.
    package func precedingConditions(limit: Int) -> ArraySlice<String> {
        preceding.prefix(limit)
    }

    /// The clause as a person reads it: `#if os(iOS)`, `#elseif DEBUG (not os(iOS))`,
    /// `#else (not os(iOS), not DEBUG)`. After `writtenConditionLimit` earlier conditions the rest
    /// are counted, not listed, so a long chain does not make every line as long as the chain.
    package var written: String {
        var earlier = ""
        if !preceding.isEmpty {
            let shown = preceding.prefix(Self.writtenConditionLimit)
            earlier = " (not " + shown.joined(separator: ", not ")
            if preceding.count > shown.count { earlier += ", and \(preceding.count - shown.count) more earlier conditions" }
            earlier += ")"
        }
        switch branch {
        case .if: return "#if \(condition ?? "")"
        case .elseif: return "#elseif \(condition ?? "")" + earlier
        case .else: return "#else" + earlier
        }
    }

    /// Whether a build described by `environment` takes this clause; nil when it cannot be decided.
    package func isActive(in environment: BuildEnvironment) -> Bool? {
        if let shared { return shared.table.clauseIsActive(shared.node, in: environment) }
        var result: Bool? = true
        for earlier in preceding {
            result = ConditionExpression.and(result, ConditionExpression.not(environment.evaluate(earlier)))
        }
        if let condition {
            result = ConditionExpression.and(result, environment.evaluate(condition))
        }
        return result
    }

    package static func == (lhs: ConditionalClause, rhs: ConditionalClause) -> Bool {
        lhs.branch == rhs.branch && lhs.condition == rhs.condition && lhs.preceding == rhs.preceding
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(branch)
        hasher.combine(condition)
        hasher.combine(preceding.count)
        hasher.combine(preceding.last)
    }
}

extension ImportDeclaration {
    /// Whether a build described by `environment` compiles this import; nil when it cannot be decided.
    package func isActive(in environment: BuildEnvironment) -> Bool? {
        if let (table, node) = sharedClauses {
            return node < 0 ? true : table.nodeIsActive(node, in: environment)
        }
        var result: Bool? = true
        for clause in conditions {
            result = ConditionExpression.and(result, clause.isActive(in: environment))
            if result == false { return false }
        }
        return result
    }
}

extension ConditionalClause {
    /// The modules `canImport(…)` asks about in this clause's condition and in the earlier
    /// conditions it negates: all that deciding it reads of a build's own importable modules.
    package var canImportModules: [String] {
        var modules: [String] = []
        for earlier in preceding { modules.append(contentsOf: ConditionExpression(parsing: earlier).canImportModules) }
        if let condition { modules.append(contentsOf: ConditionExpression(parsing: condition).canImportModules) }
        return modules
    }
}

extension ImportDeclaration {
    /// The modules `canImport(…)` asks about in the enclosing clauses, sorted, each once: whether
    /// a build takes the import depends on its own list of importable modules only through
    /// these names, so builds that differ in that list elsewhere decide it alike.
    package var canImportModules: [String] {
        let modules: [String]
        if let (table, node) = sharedClauses {
            modules = node < 0 ? [] : table.canImportModules(enclosing: node)
        } else {
            modules = conditions.flatMap(\.canImportModules)
        }
        guard modules.count > 1 else { return modules }
        var sorted = modules.sorted()
        // Each once: equal names are next to each other.
        var kept = 1
        for index in sorted.indices.dropFirst() where sorted[index] != sorted[kept - 1] {
            sorted[kept] = sorted[index]
            kept += 1
        }
        sorted.removeLast(sorted.count - kept)
        return sorted
    }
}

extension ImportDeclaration {
    /// Whether some build among `variants` (a platform's device and simulator builds, say)
    /// compiles this import: true when one does, false when none does, nil otherwise.
    package func isActive(inAnyOf variants: [BuildEnvironment]) -> Bool? {
        var answer: Bool? = false
        for variant in variants {
            answer = ConditionExpression.or(answer, isActive(in: variant))
            if answer == true { return true }
        }
        return answer
    }
}
