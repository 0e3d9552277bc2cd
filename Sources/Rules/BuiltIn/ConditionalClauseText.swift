import ImportScanning

/// Describes the `#if` clauses around an import, for a finding's notes.
enum ConditionalClauseText {
    static func note(for declaration: ImportDeclaration) -> String? {
        let depth = declaration.conditionDepth
        guard depth > 0 else { return nil }
        let shown = declaration.innermostConditions(limit: ConditionalClause.shownClauseLimit)
        let outer = depth > shown.count ? "\(depth - shown.count) outer clauses › " : ""
        let clauses = outer + shown.map(\.written).joined(separator: " › ")
        return "the import is inside " + clauses + ": only builds that take that clause compile it"
    }
}
