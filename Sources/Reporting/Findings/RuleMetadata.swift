import Diagnostics

/// What a report says about a rule: for SARIF's rule table.
package struct RuleMetadata: Sendable, Equatable {
    package var id: String
    package var summary: String
    package var help: String
    package var defaultSeverity: Severity?

    package init(id: String, summary: String, help: String, defaultSeverity: Severity?) {
        self.id = id
        self.summary = summary
        self.help = help
        self.defaultSeverity = defaultSeverity
    }
}
