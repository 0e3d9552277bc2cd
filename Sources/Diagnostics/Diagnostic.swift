/// A problem found in the checked code: a rule violation, or a source file Bulkhead could not
/// read as Swift. Diagnostics are values, never thrown; failures of the tool itself are errors.
package struct Diagnostic: Sendable, Hashable, Comparable {
    package var severity: Severity
    /// A stable kebab-case identifier: a rule id, or a scanner or input code.
    package var code: String
    package var message: String
    package var location: SourceLocation?
    /// The target the finding belongs to, for reports grouped by target.
    package var target: String?
    /// Further explanation, one sentence each: how a module is reachable, which `#if` applies.
    package var notes: [String]
    /// The other places of the same finding when a report groups them (`check --group module`):
    /// the first site is `location`, these follow in report order. Empty otherwise.
    package var relatedLocations: [SourceLocation] = []

    package init(severity: Severity, code: String, message: String, location: SourceLocation? = nil, target: String? = nil, notes: [String] = []) {
        self.severity = severity
        self.code = code
        self.message = message
        self.location = location
        self.target = target
        self.notes = notes
    }

    /// Reports are sorted by path, line, column, then code and message, so output never depends
    /// on the order in which parallel work finished.
    package static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        let left = lhs.location ?? SourceLocation(path: "")
        let right = rhs.location ?? SourceLocation(path: "")
        return (left.path, left.line ?? 0, left.column ?? 0, lhs.code, lhs.message)
            < (right.path, right.line ?? 0, right.column ?? 0, rhs.code, rhs.message)
    }
}
