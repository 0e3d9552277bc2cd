import Diagnostics

/// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=…::message`, which the
/// runner turns into annotations on the pull request. Values are escaped as the Actions toolkit
/// escapes them: in the message `%`, CR and LF; in properties also `:` and `,`. Paths are
/// relative to the workspace, where the runner resolves them whatever the step's folder.
package struct GitHubReporter: Reporter {
    package let format = ReportFormat.github

    package init() {}

    package func render(_ report: Report) -> String {
        var output = ""
        for diagnostic in report.diagnostics(relativeTo: .workspace).sorted() {
            var properties: [String] = []
            if let location = diagnostic.location {
                properties.append("file=\(Self.escapeProperty(location.path))")
                if let line = location.line { properties.append("line=\(line)") }
                if let column = location.column { properties.append("col=\(column)") }
            }
            properties.append("title=\(Self.escapeProperty("bulkhead \(diagnostic.code)"))")
            let command = diagnostic.severity == .error ? "error" : diagnostic.severity == .warning ? "warning" : "notice"
            let message = ([diagnostic.message] + diagnostic.notes).joined(separator: "\n")
            output += "::\(command) \(properties.joined(separator: ","))::\(Self.escapeData(message))\n"
        }
        return output
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
