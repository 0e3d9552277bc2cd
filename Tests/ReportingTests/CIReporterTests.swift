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
    static func report(_ diagnostics: [Diagnostic], codes: [DiagnosticCode] = [], enabledRules: [String] = [], targets: [String] = []) -> Report {
        Report(diagnostics: diagnostics, summary: CheckSummary(targets: targets.count, files: 1, diagnostics: diagnostics),
               codes: codes, enabledRules: enabledRules, checkedTargets: targets, strict: false, colored: false,
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
        let report = Self.report([Self.awkward], codes: [DiagnosticCode(id: "layer-dependency", family: .rule, summary: "s", explanation: "h", defaultSeverity: .error)])
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

/// GitHub shows a limited number of annotations of each severity per step.
@Suite(.tags(.small)) struct GitHubAnnotationLimitTests {
    static func diagnostics(_ severity: Severity, _ count: Int, code: String) -> [Diagnostic] {
        (1...count).map { line in
            Diagnostic(severity: severity, code: code, message: "\(code) \(line)",
                       location: SourceLocation(path: "Sources/A/\(code).swift", line: line, column: 1))
        }
    }

    @Test func theMostSevereComeFirstAndTheRestAreCounted() {
        let diagnostics = Self.diagnostics(.note, 2, code: "n") + Self.diagnostics(.warning, 4, code: "w") + Self.diagnostics(.error, 5, code: "e")
        let output = GitHubReporter(limitPerSeverity: 3).render(CIReporterTests.report(diagnostics))
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.map { String($0.prefix(while: { $0 != " " })) } == ["::error", "::error", "::error", "::warning", "::warning", "::warning", "::notice", "::notice", "::notice"])
        #expect(lines[0].hasSuffix("::e 1") && lines[3].hasSuffix("::w 1"))
        let summary = lines.last ?? ""
        #expect(summary.hasPrefix("::notice title=bulkhead%3A 3 more::3 of 11 findings are not annotated (GitHub shows 3 of each severity per step): 2 error e, 1 warning w."))
        #expect(summary.contains("--format sarif"))
    }

    @Test func whatFitsIsAllShownWithoutASummary() {
        let diagnostics = Self.diagnostics(.error, 10, code: "e") + Self.diagnostics(.note, 10, code: "n")
        let output = GitHubReporter().render(CIReporterTests.report(diagnostics))
        #expect(output.split(separator: "\n").count == 20)
        #expect(!output.contains("more::"))
    }
}
