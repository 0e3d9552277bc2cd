import Diagnostics
import Foundation

/// SARIF 2.1.0, the format code-scanning services read: the rule table in `tool.driver.rules`,
/// each finding a result with its rule, level, message and physical location. Paths are relative
/// (`uriBaseId: %SRCROOT%`) to the GitHub workspace, where code scanning resolves them; keys
/// sorted, and nothing depends on the clock.
package struct SARIFReporter: Reporter {
    package let format = ReportFormat.sarif

    package init() {}

    struct Log: Encodable {
        var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        var version = "2.1.0"
        var runs: [Run]

        enum CodingKeys: String, CodingKey {
            case schema = "$schema"
            case version, runs
        }
    }

    struct Run: Encodable {
        var tool: Tool
        var results: [Result]
    }

    struct Tool: Encodable {
        var driver: Driver
    }

    struct Driver: Encodable {
        var name = "Bulkhead"
        var version: String
        var rules: [Rule]
    }

    struct Rule: Encodable {
        var id: String
        var name: String
        var shortDescription: Text
        var fullDescription: Text
        var help: Text
        var defaultConfiguration: Configuration
    }

    struct Configuration: Encodable {
        var level: String
        var enabled: Bool
    }

    struct Text: Encodable {
        var text: String
    }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int?
        var level: String
        var message: Text
        var locations: [Location]
        /// The other places of a grouped finding (`check --group module`); absent otherwise.
        var relatedLocations: [Location]?
    }

    struct Location: Encodable {
        /// Set on related locations only, which SARIF numbers.
        var id: Int?
        var physicalLocation: PhysicalLocation
    }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region?
    }

    struct ArtifactLocation: Encodable {
        var uri: String
        var uriBaseId = "%SRCROOT%"
    }

    /// Lines only: Bulkhead's columns count UTF-8 bytes, a unit SARIF's `columnKind` cannot name.
    struct Region: Encodable {
        var startLine: Int
    }

    package func render(_ report: Report) throws(ReportError) -> String {
        try SortedJSON.text(of: log(of: report), document: "sarif")
    }

    func log(of report: Report) -> Log {
        let diagnostics = report.diagnostics(relativeTo: .workspace)
        // Every code the catalog has, not only those reported: each result points at its entry,
        // and an entry's index is the same in every report.
        let table = report.codes
        let indexByID = Dictionary(uniqueKeysWithValues: table.enumerated().map { ($1.id, $0) })
        let results = diagnostics.sorted().map { diagnostic in
            Result(
                ruleId: diagnostic.code, ruleIndex: indexByID[diagnostic.code], level: Self.level(diagnostic.severity),
                message: Text(text: ([diagnostic.message] + diagnostic.notes).joined(separator: "\n")),
                locations: diagnostic.location.map { location in
                    [Self.location(location)]
                } ?? [],
                relatedLocations: diagnostic.relatedLocations.isEmpty ? nil : diagnostic.relatedLocations.enumerated().map { index, location in
                    var related = Self.location(location)
                    related.id = index + 1
                    return related
                })
        }
        return Log(runs: [Run(
            tool: Tool(driver: Driver(version: report.toolVersion, rules: table.map { rule in
                Rule(id: rule.id, name: rule.id, shortDescription: Text(text: rule.summary), fullDescription: Text(text: rule.explanation),
                     help: Text(text: "\(rule.summary)\n\n\(rule.explanation)\n\nRun `bulkhead explain \(rule.id)` for examples."),
                     defaultConfiguration: Configuration(level: rule.defaultSeverity.map(Self.level) ?? "none", enabled: rule.defaultSeverity != nil))
            })),
            results: results)])
    }

    private static func location(_ location: SourceLocation) -> Location {
        Location(physicalLocation: PhysicalLocation(
            artifactLocation: ArtifactLocation(uri: uri(location.path)),
            region: location.line.map { Region(startLine: $0) }))
    }

    private static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    /// A relative URI reference: each path segment percent-encoded.
    private static func uri(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ":;")
        return path.split(separator: "/", omittingEmptySubsequences: false)
            .map { String($0).addingPercentEncoding(withAllowedCharacters: allowed) ?? String($0) }
            .joined(separator: "/")
    }
}

extension ReportFormat {
    package static let sarif = ReportFormat(rawValue: "sarif")
}
