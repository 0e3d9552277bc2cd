import Diagnostics
import PackageLoading

/// What a load says and goes on from: a warning (a reference outside the root, a source not on
/// disk, a pattern that matches nothing) or a note (modules unknown without a checkout). Each
/// has the catalog code `bulkhead explain` explains; none changes the exit status. Commands print
/// them on standard error, where a machine-read report on standard output stays whole.
package struct LoadNotice: Sendable, Hashable {
    package var severity: Severity
    package var code: String
    /// The line after the severity: `place: code: message`, or the message alone.
    package var text: String

    package init(severity: Severity = .warning, code: String, text: String) {
        self.severity = severity
        self.code = code
        self.text = text
    }

    init(_ warning: LoadWarning) {
        self.init(code: warning.code, text: warning.text)
    }

    /// As printed: `warning: App.xcodeproj/project.pbxproj: outside-root: …`, its control
    /// characters escaped.
    package var line: String { VisibleText.escapedLines("\(severity.rawValue): \(text)") }
}
