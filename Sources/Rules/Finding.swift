import Diagnostics
import ModuleGraph

/// A rule violation, before it is placed in a file: manifest findings name the declaration they
/// concern and are given a line in `Package.swift` afterwards.
package struct Finding: Sendable, Hashable {
    package enum Place: Sendable, Hashable {
        /// The declaration of `target` in its package's manifest, and the dependency it names.
        case manifest(dependency: String?)
        /// A line of a source file (path relative to the loaded folder), 1-based.
        case source(path: String, line: Int, column: Int, lineText: String)
    }

    package var ruleID: String
    package var severity: Severity
    package var target: TargetID
    /// What the finding is about (a dependency or a module): with the rule and the target, the
    /// key a baseline remembers it by.
    package var subject: String
    package var message: String
    package var notes: [String]
    package var place: Place

    package init(ruleID: String, severity: Severity, target: TargetID, subject: String, message: String, notes: [String] = [], place: Place) {
        self.ruleID = ruleID
        self.severity = severity
        self.target = target
        self.subject = subject
        self.message = message
        self.notes = notes
        self.place = place
    }
}
