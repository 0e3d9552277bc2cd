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
        String(decoding: renderedBytes(report), as: UTF8.self)
    }

    package func renderedBytes(_ report: Report) -> [UInt8] {
        let (diagnostics, summary, strict) = (report.diagnostics, report.summary, report.strict)
        var output = ReportBytes(colored: report.colored)
        let groups = Dictionary(grouping: diagnostics, by: { $0.target ?? "" })
        for target in groups.keys.sorted() {
            output.paint("1") { $0.appendVisible(target.isEmpty ? "(package)" : target) }
            output.append("\n")
            for diagnostic in (groups[target] ?? []).sorted() {
                output.append("  ")
                if let location = diagnostic.location { output.appendLocation(location) }
                output.paint(diagnostic.severity == .error ? "31;1" : "33;1") { $0.append(diagnostic.severity.rawValue) }
                output.append(": ")
                output.appendVisible(diagnostic.message)
                output.append(" ")
                output.paint("2") { text in
                    text.append("[")
                    text.appendVisible(diagnostic.code)
                    text.append("]")
                }
                output.append("\n")
                for note in diagnostic.notes {
                    output.append("    ")
                    output.paint("2") { text in
                        text.append("note: ")
                        text.appendVisible(note)
                    }
                    output.append("\n")
                }
            }
        }
        if !diagnostics.isEmpty { output.append("\n") }
        let failed = summary.errors > 0 || (strict && summary.warnings > 0)
        output.paint(failed ? "31;1" : "32;1") { $0.append(failed ? "✗" : "✓") }
        output.append(" ")
        output.append(summary.sentence)
        output.append("\n")
        return output.bytes
    }
}

extension ReportFormat {
    package static let text = ReportFormat(rawValue: "text")
}
