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
        // Appended piece by piece into one string: a report of thousands of findings otherwise
        // spends more on the temporary strings of each line than on everything else it does.
        var output = ""
        let groups = Dictionary(grouping: diagnostics, by: { $0.target ?? "" })
        let errorLabel = paint("error", "31;1")
        for target in groups.keys.sorted() {
            output += paint(target.isEmpty ? "(package)" : VisibleText.escaped(target), "1")
            output += "\n"
            for diagnostic in (groups[target] ?? []).sorted() {
                output += "  "
                if let location = diagnostic.location { DiagnosticLine.appendLocation(location, to: &output) }
                output += diagnostic.severity == .error ? errorLabel : paint(diagnostic.severity.rawValue, "33;1")
                output += ": "
                output += VisibleText.escaped(diagnostic.message)
                output += " "
                output += paint("[\(VisibleText.escaped(diagnostic.code))]", "2")
                output += "\n"
                for note in diagnostic.notes {
                    output += "    "
                    output += paint("note: \(VisibleText.escaped(note))", "2")
                    output += "\n"
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
