import Diagnostics

/// A finding as the HTML report draws it: a row of the findings table and, when it concerns a
/// dependency between two modules of the drawing, the edge that row focuses. The command matches
/// findings to node ids; the renderer only draws them.
package struct GraphFinding: Sendable, Hashable {
    package var severity: Severity
    package var rule: String
    package var message: String
    /// `path:line:column`, relative to the root, or nil for a finding with no place.
    package var location: String?
    /// Node ids of the edge the finding is about; `to` is nil when it names no module of the drawing.
    package var from: String?
    package var to: String?

    package init(severity: Severity, rule: String, message: String, location: String?, from: String?, to: String?) {
        self.severity = severity
        self.rule = rule
        self.message = message
        self.location = location
        self.from = from
        self.to = to
    }
}
