import Diagnostics

/// Checkstyle XML, the format Jenkins (warnings-ng's checkstyle parser) and Danger
/// (danger-checkstyle_format) read from any linter: one `<file>` per path, one `<error>` per
/// finding with its line, column, severity, message and a `source` of `bulkhead.<rule-id>`.
/// Paths are relative to the working folder, where CI jobs resolve them. A finding with no file
/// (a stale baseline entry) goes under the file named `.`, the package, since the format has no
/// place for a finding outside a file.
package struct CheckstyleReporter: Reporter {
    package let format = ReportFormat.checkstyle

    package init() {}

    /// The format version Checkstyle itself writes; readers check only that the attribute exists.
    static let formatVersion = "4.3"

    package func render(_ report: Report) -> String {
        let diagnostics = report.diagnostics(relativeTo: .workingFolder)
        var byFile: [String: [Diagnostic]] = [:]
        for diagnostic in diagnostics {
            byFile[diagnostic.location?.path ?? ".", default: []].append(diagnostic)
        }
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"\(Self.formatVersion)\">\n"
        for path in byFile.keys.sorted() {
            text += "  <file name=\"\(MarkupText.escaped(path))\">\n"
            for diagnostic in (byFile[path] ?? []).sorted() {
                text += "    <error"
                if let line = diagnostic.location?.line { text += " line=\"\(line)\"" }
                if let column = diagnostic.location?.column { text += " column=\"\(column)\"" }
                let message = ([diagnostic.message] + diagnostic.notes).joined(separator: "\n")
                text += " severity=\"\(Self.severity(diagnostic.severity))\" message=\"\(Self.attribute(message))\""
                text += " source=\"bulkhead.\(MarkupText.escaped(diagnostic.code))\"/>\n"
            }
            text += "  </file>\n"
        }
        return text + "</checkstyle>\n"
    }

    /// Checkstyle's severities are error, warning, info and ignore.
    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "info"
        }
    }

    /// An attribute value whose line breaks survive: an XML parser normalises a literal line
    /// break in an attribute to a space, so the notes would run into the message.
    static func attribute(_ text: String) -> String {
        MarkupText.escaped(text).replacing("\n", with: "&#10;").replacing("\r", with: "&#13;").replacing("\t", with: "&#9;")
    }
}

extension ReportFormat {
    package static let checkstyle = ReportFormat(rawValue: "checkstyle")
}
