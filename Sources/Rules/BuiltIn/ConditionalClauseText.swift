import ImportScanning

/// Describes the `#if` clauses around an import, for a finding's notes.
enum ConditionalClauseText {
    static func note(for declaration: ImportDeclaration) -> String? {
        guard !declaration.conditions.isEmpty else { return nil }
        let clauses = declaration.conditions.map(\.written).joined(separator: " › ")
        return "the import is inside " + clauses + ": only builds that take that clause compile it"
    }
}
