import Diagnostics

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

    package func render(_ report: Report) throws(ReportError) -> String {
        try SortedJSON.text(of: document(of: report), document: "json")
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
