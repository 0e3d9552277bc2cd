import Diagnostics

/// For people in a terminal: findings grouped by target, notes under their finding, a closing
/// summary. Colour only when asked for (the caller decides: a terminal, and no `NO_COLOR`).
package enum TextReporter {
    /// With `strict`, warnings fail the run, and the verdict says so.
    package static func render(_ diagnostics: [Diagnostic], summary: CheckSummary, colored: Bool, strict: Bool = false) -> String {
        func paint(_ text: String, _ code: String) -> String { colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        var output = ""
        let groups = Dictionary(grouping: diagnostics, by: { $0.target ?? "" })
        for target in groups.keys.sorted() {
            output += paint(target.isEmpty ? "(package)" : target, "1") + "\n"
            for diagnostic in groups[target]!.sorted() {
                let location = diagnostic.location.map(DiagnosticLine.location) ?? ""
                let severity = diagnostic.severity == .error ? paint("error", "31;1") : paint(diagnostic.severity.rawValue, "33;1")
                output += "  \(location)\(severity): \(diagnostic.message) \(paint("[\(diagnostic.code)]", "2"))\n"
                for note in diagnostic.notes {
                    output += "    " + paint("note: \(note)", "2") + "\n"
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

/// `path:line:column: ` as compilers print it; empty parts are left out.
enum DiagnosticLine {
    static func location(_ location: SourceLocation) -> String {
        var text = location.path
        if let line = location.line {
            text += ":\(line)"
            if let column = location.column { text += ":\(column)" }
        }
        return text + ": "
    }
}
