import Diagnostics
import Foundation
import TestSupport
import Testing
@testable import Reporting

@Suite(.tags(.small)) struct CIReporterTests {
    static let awkward = Diagnostic(
        severity: .error, code: "layer-dependency",
        message: "100% wrong: a, b\r\nand more",
        location: SourceLocation(path: "Sources/My:Odd,Dir/50%.swift", line: 3, column: 8),
        target: "Odd", notes: ["note: with, comma"])

    /// A report whose paths stay as the diagnostics give them: root, working folder and
    /// workspace are one folder.
    static func report(_ diagnostics: [Diagnostic], rules: [RuleMetadata] = [], enabledRules: [String] = [], targets: [String] = []) -> Report {
        Report(diagnostics: diagnostics, summary: CheckSummary(targets: targets.count, files: 1, diagnostics: diagnostics),
               rules: rules, enabledRules: enabledRules, checkedTargets: targets, strict: false, colored: false,
               toolVersion: "9.9", paths: ReportPaths(root: "/package", workingFolder: "/package"))
    }

    @Test func githubEscapesDataAndPropertiesAsTheActionsToolkitDoes() {
        #expect(GitHubReporter().render(Self.report([Self.awkward])) ==
            "::error file=Sources/My%3AOdd%2CDir/50%25.swift,line=3,col=8,title=bulkhead layer-dependency::100%25 wrong: a, b%0D%0Aand more%0Anote: with, comma\n")
        #expect(GitHubReporter.escapeData("%\r\n:,") == "%25%0D%0A:,")
        #expect(GitHubReporter.escapeProperty("%\r\n:,") == "%25%0D%0A%3A%2C")
    }

    @Test func githubUsesWarningAndNoticeCommands() {
        var warning = Self.awkward
        warning.severity = .warning
        warning.location = nil
        warning.notes = []
        #expect(GitHubReporter().render(Self.report([warning])) == "::warning title=bulkhead layer-dependency::100%25 wrong: a, b%0D%0Aand more\n")
    }

    @Test func junitEscapesXML() {
        var diagnostic = Self.awkward
        diagnostic.message = "<a & \"b\"> 'c'\u{1}"
        let xml = JUnitReporter().render(Self.report([diagnostic], enabledRules: ["layer-dependency"], targets: ["Odd", "Even"]))
        #expect(xml.contains("message=\"&lt;a &amp; &quot;b&quot;&gt; &apos;c&apos;\""))
        #expect(!xml.contains("\u{1}"))
        #expect(xml.contains("<testcase classname=\"layer-dependency\" name=\"Even\"/>"))
        #expect(xml.contains("tests=\"2\" failures=\"1\""))
    }

    @Test func sarifPercentEncodesPathsAndLinksRules() throws {
        let report = Self.report([Self.awkward], rules: [RuleMetadata(id: "layer-dependency", summary: "s", help: "h", defaultSeverity: .error)])
        let text = try SARIFReporter().render(report)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let result = try #require((run["results"] as? [[String: Any]])?.first)
        #expect(result["ruleIndex"] as? Int == 0)
        let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "Sources/My%3AOdd,Dir/50%25.swift")
        #expect(text == (try SARIFReporter().render(report)))
    }
}
