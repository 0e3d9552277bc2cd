/// One clause of an `#if` / `#elseif` / `#else` chain that encloses an import.
package struct ConditionalClause: Sendable, Hashable {
    package enum Branch: String, Sendable, Hashable {
        case `if`, `elseif`, `else`
    }

    package var branch: Branch
    /// The condition as written, comments removed and whitespace folded; nil for `#else`.
    package var condition: String?
    /// The conditions of the earlier clauses of the same chain: this clause is taken only when
    /// all of them are false.
    package var precedingConditions: [String]

    /// Records a clause as written; whether a build takes it is `BuildEnvironment`'s question.
    package init(branch: Branch, condition: String?, precedingConditions: [String] = []) {
        self.branch = branch
        self.condition = condition
        self.precedingConditions = precedingConditions
    }

    /// The clause as a person reads it: `#if os(iOS)`, `#elseif DEBUG (not os(iOS))`,
    /// `#else (not os(iOS), not DEBUG)`.
    package var written: String {
        let earlier = precedingConditions.isEmpty ? "" : " (not \(precedingConditions.joined(separator: ", not ")))"
        switch branch {
        case .if: return "#if \(condition ?? "")"
        case .elseif: return "#elseif \(condition ?? "")" + earlier
        case .else: return "#else" + earlier
        }
    }

    /// Whether a build described by `environment` takes this clause; nil when it cannot be decided.
    package func isActive(in environment: BuildEnvironment) -> Bool? {
        var result: Bool? = true
        for earlier in precedingConditions {
            result = ConditionExpression.and(result, ConditionExpression.not(environment.evaluate(earlier)))
        }
        if let condition {
            result = ConditionExpression.and(result, environment.evaluate(condition))
        }
        return result
    }
}

extension ImportDeclaration {
    /// Whether a build described by `environment` compiles this import; nil when it cannot be decided.
    package func isActive(in environment: BuildEnvironment) -> Bool? {
        var result: Bool? = true
        for clause in conditions {
            result = ConditionExpression.and(result, clause.isActive(in: environment))
            if result == false { return false }
        }
        return result
    }
}
