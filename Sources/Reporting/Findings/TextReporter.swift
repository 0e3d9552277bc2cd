import Diagnostics

/// For people in a terminal: findings grouped by target, notes under their finding, a closing
/// summary. Colour only when the report asks for it. Paths stay relative to the package root.
/// Control characters in names and messages are shown escaped (`VisibleText`), so the only
/// escape sequences in the output are the report's own colours.
package struct TextReporter: Reporter {
    package let format = ReportFormat.text
    package let isForMachines = false

    package init() {}

    /// With `strict`, warnings fail the run, and the verdict says so.
    package func render(_ report: Report) -> String {
        let (diagnostics, summary, colored, strict) = (report.diagnostics, report.summary, report.colored, report.strict)
        func paint(_ text: String, _ code: String) -> String { colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        var output = ""
        let groups = Dictionary(grouping: diagnostics, by: { $0.target ?? "" })
        for target in groups.keys.sorted() {
            output += paint(target.isEmpty ? "(package)" : VisibleText.escaped(target), "1") + "\n"
            for diagnostic in (groups[target] ?? []).sorted() {
                let location = diagnostic.location.map(DiagnosticLine.location) ?? ""
                let severity = diagnostic.severity == .error ? paint("error", "31;1") : paint(diagnostic.severity.rawValue, "33;1")
                output += "  \(location)\(severity): \(VisibleText.escaped(diagnostic.message)) \(paint("[\(VisibleText.escaped(diagnostic.code))]", "2"))\n"
                for note in diagnostic.notes {
                    output += "    " + paint("note: \(VisibleText.escaped(note))", "2") + "\n"
                }
            }
        }
        if !diagnostics.isEmpty { output += "\n" }
        let failed = summary.errors > 0 || (strict && summary.warnings > 0)
        let verdict = failed ? paint("✗", "31;1") : paint("✓", "32;1")
        output += "\(verdict) \(summary.sentence)\n"
        return output
    }
}

extension ReportFormat {
    package static let text = ReportFormat(rawValue: "text")
}
