import Diagnostics
import TestSupport
import Testing
@testable import Reporting

/// Every reporter's bytes for one awkward run: findings in and out of targets, with and without
/// lines, notes, all three severities, a path that needs escaping, and a working folder and a
/// GitHub workspace that are not the package root.
@Suite(.tags(.small)) struct ReporterSnapshotTests {
    static let root = "/work/checkout/App"
    static let workingFolder = "/work/checkout/App/Sources"
    static let workspace = "/work/checkout"

    static let diagnostics: [Diagnostic] = [
        Diagnostic(severity: .error, code: "layer-dependency", message: "Feature imports Networking, a layer below Domain",
                   location: SourceLocation(path: "Sources/Feature/View.swift", line: 3, column: 8), target: "Feature",
                   notes: ["Feature is in layer Features", "allowed: Domain"]),
        Diagnostic(severity: .warning, code: "undeclared-import", message: "Feature imports Kit, which its manifest does not list",
                   location: SourceLocation(path: "Sources/Feature/View.swift", line: 4, column: 8), target: "Feature"),
        Diagnostic(severity: .error, code: "layer-dependency", message: "Domain lists Feature in its dependencies",
                   location: SourceLocation(path: "Package.swift", line: 12, column: 9), target: "Domain"),
        Diagnostic(severity: .note, code: "unused-suppression", message: "100% unused: a, b",
                   location: SourceLocation(path: "Sources/My:Odd,Dir/50%.swift", line: 1), target: "Odd"),
        Diagnostic(severity: .error, code: "unreadable-file", message: "could not read <bytes> & \"more\"",
                   location: SourceLocation(path: "Sources/Broken/Bad.swift")),
        Diagnostic(severity: .warning, code: "stale-baseline-entry", message: "fixed — remove from the baseline",
                   notes: ["the entry is in bulkhead-baseline.json"]),
    ].sorted()

    static let summary = CheckSummary(targets: 4, files: 9, diagnostics: diagnostics, baselined: 2, suppressed: 1)
    /// A catalog with an entry for every code above, as the CLI's has, and one rule that is off.
    static let codes = [
        DiagnosticCode(id: "layer-dependency", family: .rule, summary: "Layers depend downward only.", explanation: "Move the code, or the layer.",
                       defaultSeverity: .error, isBaselinable: true, isSuppressible: true, isConfigurable: true),
        DiagnosticCode(id: "undeclared-import", family: .rule, summary: "Imports are declared.", explanation: "List the target.",
                       defaultSeverity: .warning, isBaselinable: true, isSuppressible: true, isConfigurable: true),
        DiagnosticCode(id: "off-rule", family: .rule, summary: "Off by default.", explanation: "Turn it on.", defaultSeverity: nil,
                       isBaselinable: true, isSuppressible: true, isConfigurable: true),
        DiagnosticCode(id: "stale-baseline-entry", family: .baseline, summary: "A baseline entry no longer occurs.", explanation: "Remove it.",
                       defaultSeverity: .error, isConfigurable: true),
        DiagnosticCode(id: "unreadable-file", family: .sourceFile, summary: "A file could not be read.", explanation: "Make it readable.",
                       defaultSeverity: .error),
        DiagnosticCode(id: "unused-suppression", family: .suppression, summary: "A suppression suppresses nothing.", explanation: "Remove it.",
                       defaultSeverity: .warning),
    ]
    static let enabledRules = ["layer-dependency", "undeclared-import"]
    static let checkedTargets = ["Domain", "Feature", "Odd", "Quiet"]

    static func report(strict: Bool = false, colored: Bool = false) -> Report {
        Report(diagnostics: diagnostics, summary: summary, codes: codes, enabledRules: enabledRules, checkedTargets: checkedTargets,
               strict: strict, colored: colored, toolVersion: "9.9.9",
               paths: ReportPaths(root: root, workingFolder: workingFolder, workspace: workspace))
    }

    static func render(_ format: ReportFormat, _ report: Report = report()) throws -> String {
        try Reporters.standard.reporter(for: format).render(report)
    }

    @Test(arguments: [false, true])
    func text(strict: Bool) throws {
        for colored in [false, true] {
            ReporterSnapshot.expect(try Self.render(.text, Self.report(strict: strict, colored: colored)),
                                    matches: "text\(colored ? "-colored" : "")\(strict ? "-strict" : "").txt")
        }
    }

    @Test func xcode() throws {
        ReporterSnapshot.expect(try Self.render(.xcode), matches: "xcode.txt")
    }

    @Test func json() throws {
        ReporterSnapshot.expect(try Self.render(.json), matches: "json.json")
    }

    @Test func sarif() throws {
        ReporterSnapshot.expect(try Self.render(.sarif), matches: "sarif.json")
    }

    @Test func github() throws {
        ReporterSnapshot.expect(try Self.render(.github), matches: "github.txt")
    }

    @Test(arguments: [false, true])
    func junit(strict: Bool) throws {
        ReporterSnapshot.expect(try Self.render(.junit, Self.report(strict: strict)), matches: "junit\(strict ? "-strict" : "").xml")
    }

    @Test func checkstyle() throws {
        ReporterSnapshot.expect(try Self.render(.checkstyle), matches: "checkstyle.xml")
    }

    @Test func gitlab() throws {
        ReporterSnapshot.expect(try Self.render(.gitlab), matches: "gitlab.json")
    }

    /// Without `GITHUB_WORKSPACE`, GitHub's paths are the working folder's, as the editors' are.
    @Test func anEmptyWorkspaceIsTheWorkingFolder() throws {
        var report = Self.report()
        report.paths = ReportPaths(root: Self.root, workingFolder: Self.workingFolder, workspace: "")
        let github = try Self.render(.github, report)
        #expect(github.contains("file=Feature/View.swift,line=3"))
        #expect(github.contains("file=../Package.swift,line=12"))
    }
}
