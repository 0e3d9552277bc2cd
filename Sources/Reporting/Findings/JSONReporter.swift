import Diagnostics
import Foundation

/// A versioned JSON document for machines: the summary, then every finding with its rule,
/// severity, target, place, message and notes. Keys are sorted; no timestamps.
package enum JSONReporter {
    package static let formatVersion = 1

    package struct Document: Codable, Equatable, Sendable {
        package var version: Int
        package var tool: String
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
    }

    package static func render(_ diagnostics: [Diagnostic], summary: CheckSummary) -> String {
        let document = Document(
            version: formatVersion, tool: "bulkhead", command: "check", summary: summary,
            findings: diagnostics.sorted().map { diagnostic in
                Entry(rule: diagnostic.code, severity: diagnostic.severity.rawValue, target: diagnostic.target,
                      file: diagnostic.location?.path, line: diagnostic.location?.line, column: diagnostic.location?.column,
                      message: diagnostic.message, notes: diagnostic.notes)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(document)) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
