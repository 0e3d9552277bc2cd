import Diagnostics

/// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=…::message`, which the
/// runner turns into annotations on the pull request. Values are escaped as the Actions toolkit
/// escapes them: in the message `%`, CR and LF; in properties also `:` and `,`. Paths are
/// relative to the workspace, where the runner resolves them whatever the step's folder.
///
/// GitHub shows at most `limitPerSeverity` annotations of each severity per step and silently
/// drops the rest, so the reporter picks which: errors first, then warnings, then notices, each
/// in report order, and when any are left out, one notice names how many of which rule and the
/// SARIF route that shows them all (one notice slot is kept for it).
package struct GitHubReporter: Reporter {
    package let format = ReportFormat.github
    /// GitHub's per-step limit for each of error, warning and notice annotations.
    package var limitPerSeverity: Int

    package init(limitPerSeverity: Int = 10) {
        self.limitPerSeverity = limitPerSeverity
    }

    package func render(_ report: Report) -> String {
        let diagnostics = report.diagnostics(relativeTo: .workspace).sorted()
        var bySeverity: [Severity: [Diagnostic]] = [:]
        for diagnostic in diagnostics { bySeverity[diagnostic.severity, default: []].append(diagnostic) }
        let total = diagnostics.count
        let fits = Severity.allCases.allSatisfy { (bySeverity[$0]?.count ?? 0) <= limitPerSeverity }
        var output = ""
        var left: [Diagnostic] = []
        for severity in Severity.allCases.reversed() {
            let all = bySeverity[severity] ?? []
            // The summary is itself a notice: it takes one of their slots.
            let room = fits ? all.count : max(0, severity == .note ? limitPerSeverity - 1 : limitPerSeverity)
            for diagnostic in all.prefix(room) { output += Self.command(for: diagnostic) }
            left += all.dropFirst(room)
        }
        if !left.isEmpty {
            output += "::notice title=\(Self.escapeProperty("bulkhead: \(left.count) more"))::\(Self.escapeData(Self.summary(of: left, total: total, limit: limitPerSeverity)))\n"
        }
        return output
    }

    /// The line for the findings that did not fit: how many, by severity and rule, and where to
    /// see them all.
    static func summary(of left: [Diagnostic], total: Int, limit: Int) -> String {
        var counts: [String: Int] = [:]
        for diagnostic in left { counts["\(diagnostic.severity.rawValue) \(diagnostic.code)", default: 0] += 1 }
        let named = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.value) \($0.key)" }
        return "\(left.count) of \(total) findings are not annotated (GitHub shows \(limit) of each severity per step): "
            + named.joined(separator: ", ")
            + ". Upload `bulkhead check --format sarif --output bulkhead.sarif` with github/codeql-action/upload-sarif to see every finding in code scanning, or run `bulkhead check` for the full list."
    }

    static func command(for diagnostic: Diagnostic) -> String {
        var properties: [String] = []
        if let location = diagnostic.location {
            properties.append("file=\(escapeProperty(location.path))")
            if let line = location.line { properties.append("line=\(line)") }
            if let column = location.column { properties.append("col=\(column)") }
        }
        properties.append("title=\(escapeProperty("bulkhead \(diagnostic.code)"))")
        let command = diagnostic.severity == .error ? "error" : diagnostic.severity == .warning ? "warning" : "notice"
        let message = ([diagnostic.message] + diagnostic.notes).joined(separator: "\n")
        return "::\(command) \(properties.joined(separator: ","))::\(escapeData(message))\n"
    }

    /// The toolkit's `escapeData`: `%` first, then CR and LF.
    package static func escapeData(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The toolkit's `escapeProperty`: `escapeData` plus `:` and `,`.
    package static func escapeProperty(_ text: String) -> String {
        var result = ""
        for scalar in escapeData(text).unicodeScalars {
            switch scalar {
            case ":": result += "%3A"
            case ",": result += "%2C"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension ReportFormat {
    package static let github = ReportFormat(rawValue: "github")
}
