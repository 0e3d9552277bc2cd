import Diagnostics
import Formats

/// A versioned JSON document for machines: the summary, then every finding with its rule,
/// severity, target, place, message and notes. Keys are sorted; no timestamps. Paths are
/// relative to the package root.
package struct JSONReporter: Reporter {
    package let format = ReportFormat.json

    package init() {}

    package static let formatVersion = 1

    package struct Document: Codable, Equatable, Sendable {
        package var version: Int
        package var tool: String
        /// The Bulkhead that wrote the document (`bulkhead --version`), as SARIF's driver carries
        /// it; optional so documents written before it was added still decode.
        package var toolVersion: String?
        package var command: String
        package var summary: CheckSummary
        package var findings: [Entry]
    }

    package struct Entry: Codable, Equatable, Sendable {
        package var rule: String
        package var severity: String
        package var target: String?
        package var file: String?
        package var line: Int?
        package var column: Int?
        package var message: String
        package var notes: [String]
        /// With `check --group module`, for a finding that stands for several places: how many,
        /// and each of them, the first being the finding's own. Absent otherwise.
        package var count: Int?
        package var sites: [Site]?
    }

    package struct Site: Codable, Equatable, Sendable {
        package var file: String
        package var line: Int?
        package var column: Int?
    }

    /// The bytes `SortedJSON.text(of: document(of: report))` gives, written as they go: the
    /// generic encoder built and sorted a tree of every finding first, most of the report's time
    /// on a repository with thousands of them. `JSONReportStreamTests` holds the two equal.
    package func render(_ report: Report) throws(ReportError) -> String {
        String(decoding: try renderedBytes(report), as: UTF8.self)
    }

    /// The report's bytes as they are written, never made a `String` (`check` writes them).
    package func renderedBytes(_ report: Report) throws(ReportError) -> [UInt8] {
        var json = SortedJSONStream()
        // Keys in the order of their bytes, as the encoder sorts them.
        json.openObject()
        json.key("command")
        json.string("check")
        json.key("findings")
        json.openArray()
        for diagnostic in report.diagnostics { Self.write(diagnostic, to: &json) }
        json.closeArray()
        json.key("summary")
        do {
            try json.value(report.summary)
        } catch {
            throw .unencodable(document: "json", reason: error.description)
        }
        json.key("tool")
        json.string("bulkhead")
        json.key("toolVersion")
        json.string(report.toolVersion)
        json.key("version")
        json.integer(Self.formatVersion)
        json.closeObject()
        return json.finishedBytes(endingLine: true)
    }

    /// One finding as its `Entry` encodes: `column`, `count`, `file`, `line`, `message`, `notes`,
    /// `rule`, `severity`, `sites`, `target`, the absent ones left out.
    private static func write(_ diagnostic: Diagnostic, to json: inout SortedJSONStream) {
        let location = diagnostic.location
        let related = diagnostic.relatedLocations
        json.openObject()
        if let column = location?.column {
            json.key("column")
            json.integer(column)
        }
        if !related.isEmpty {
            json.key("count")
            json.integer(related.count + 1)
        }
        if let file = location?.path {
            json.key("file")
            json.string(file)
        }
        if let line = location?.line {
            json.key("line")
            json.integer(line)
        }
        json.key("message")
        json.string(diagnostic.message)
        json.key("notes")
        json.strings(diagnostic.notes)
        json.key("rule")
        json.string(diagnostic.code)
        json.key("severity")
        json.string(diagnostic.severity.rawValue)
        if !related.isEmpty {
            json.key("sites")
            json.openArray()
            for site in [location].compactMap({ $0 }) + related {
                json.openObject()
                if let column = site.column {
                    json.key("column")
                    json.integer(column)
                }
                json.key("file")
                json.string(site.path)
                if let line = site.line {
                    json.key("line")
                    json.integer(line)
                }
                json.closeObject()
            }
            json.closeArray()
        }
        if let target = diagnostic.target {
            json.key("target")
            json.string(target)
        }
        json.closeObject()
    }

    func document(of report: Report) -> Document {
        Document(
            version: Self.formatVersion, tool: "bulkhead", toolVersion: report.toolVersion, command: "check", summary: report.summary,
            findings: report.diagnostics.map { diagnostic in
                Entry(rule: diagnostic.code, severity: diagnostic.severity.rawValue, target: diagnostic.target,
                      file: diagnostic.location?.path, line: diagnostic.location?.line, column: diagnostic.location?.column,
                      message: diagnostic.message, notes: diagnostic.notes,
                      count: diagnostic.relatedLocations.isEmpty ? nil : diagnostic.relatedLocations.count + 1,
                      sites: diagnostic.relatedLocations.isEmpty ? nil : ([diagnostic.location].compactMap { $0 } + diagnostic.relatedLocations).map {
                          Site(file: $0.path, line: $0.line, column: $0.column)
                      })
            })
    }
}

extension ReportFormat {
    package static let json = ReportFormat(rawValue: "json")
}
