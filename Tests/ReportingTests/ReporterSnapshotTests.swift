import Diagnostics
import Inputs
import Testing
@testable import Reporting

/// Every reporter's bytes for one awkward run: findings in and out of targets, with and without
/// lines, notes, all three severities, a path that needs escaping, and a working folder and a
/// GitHub workspace that are not the package root.
@Suite struct ReporterSnapshotTests {
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
    static let rules = [
        RuleMetadata(id: "layer-dependency", summary: "Layers depend downward only.", help: "Move the code, or the layer.", defaultSeverity: .error),
        RuleMetadata(id: "undeclared-import", summary: "Imports are declared.", help: "List the target.", defaultSeverity: .warning),
        RuleMetadata(id: "off-rule", summary: "Off by default.", help: "Turn it on.", defaultSeverity: nil),
    ]
    static let enabledRules = ["layer-dependency", "undeclared-import"]
    static let checkedTargets = ["Domain", "Feature", "Odd", "Quiet"]

    static func relocated(to folder: String) -> [Diagnostic] {
        diagnostics.map { diagnostic in
            guard var location = diagnostic.location else { return diagnostic }
            location.path = FileSystem.relativePath(FileSystem.absolutePath(location.path, relativeTo: root), to: folder)
            var moved = diagnostic
            moved.location = location
            return moved
        }
    }

    @Test(arguments: [false, true])
    func text(strict: Bool) {
        for colored in [false, true] {
            ReporterSnapshot.expect(TextReporter.render(Self.diagnostics, summary: Self.summary, colored: colored, strict: strict),
                                    matches: "text\(colored ? "-colored" : "")\(strict ? "-strict" : "").txt")
        }
    }

    @Test func xcode() {
        ReporterSnapshot.expect(XcodeReporter.render(Self.relocated(to: Self.workingFolder)), matches: "xcode.txt")
    }

    @Test func json() {
        ReporterSnapshot.expect(JSONReporter.render(Self.diagnostics, summary: Self.summary), matches: "json.json")
    }

    @Test func sarif() {
        ReporterSnapshot.expect(SARIFReporter.render(Self.relocated(to: Self.workspace), rules: Self.rules, toolVersion: "9.9.9"), matches: "sarif.json")
    }

    @Test func github() {
        ReporterSnapshot.expect(GitHubReporter.render(Self.relocated(to: Self.workspace)), matches: "github.txt")
    }

    @Test(arguments: [false, true])
    func junit(strict: Bool) {
        ReporterSnapshot.expect(JUnitReporter.render(Self.relocated(to: Self.workingFolder), rules: Self.enabledRules, targets: Self.checkedTargets, strict: strict),
                                matches: "junit\(strict ? "-strict" : "").xml")
    }
}
