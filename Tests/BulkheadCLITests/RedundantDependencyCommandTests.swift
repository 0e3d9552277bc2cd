import Foundation
import PackageLoading
import TestSupport
import Testing
@testable import BulkheadCLI

/// `redundant-dependency` through `check` in-process, over the recordings of its fixture: with
/// `--rule`, `--target`, `--group module`, the baseline and a suppression comment, which treat its
/// findings as any manifest finding.
@Suite(.tags(.medium)) struct RedundantDependencyCommandTests {
    static let fixture = "RedundantDependency"

    struct Finding: Decodable, Equatable {
        var rule: String
        var target: String?
        var file: String?
        var line: Int?
    }

    struct Report: Decodable {
        var findings: [Finding]
    }

    static func findings(_ arguments: [String], root: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> [Finding] {
        let run = RecordedToolchainCommandTests.run(["check", "--format", "json", "--quiet"] + arguments, fixture: fixture, root: root)
        return try JSONDecoder().decode(Report.self, from: Data(run.standardOutput.utf8)).findings.filter { $0.rule == "redundant-dependency" }
    }

    static func finding(_ target: String, line: Int) -> Finding {
        Finding(rule: "redundant-dependency", target: target, file: "Package.swift", line: line)
    }

    static let all = [finding("Search", line: 19), finding("Checkout", line: 33), finding("Orders", line: 43), finding("History", line: 47)]

    @Test func offUnlessTurnedOnThenEveryDeclarationMadeTwiceOver() throws {
        #expect(try Self.findings([]).isEmpty)
        #expect(try Self.findings(["--rule", "redundant-dependency"]).sorted { $0.line ?? 0 < $1.line ?? 0 } == Self.all)
    }

    @Test func narrowedAndGroupedRunsReportTheSameFindingsForTheirTargets() throws {
        #expect(try Self.findings(["--rule", "redundant-dependency", "--target", "Search"]) == [Self.finding("Search", line: 19)])
        #expect(try Self.findings(["--rule", "redundant-dependency", "--target", "Cart", "--target", "Settings", "--target", "Profile"]).isEmpty)
        #expect(try Self.findings(["--rule", "redundant-dependency", "--group", "module"]).sorted { $0.line ?? 0 < $1.line ?? 0 } == Self.all)
    }

    @Test func theBaselineAndASuppressionAcceptItsFindings() throws {
        let copy = try Fixtures.copy(Self.fixture)
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        try #"{ "rules": { "redundant-dependency": "error" } }"#.write(toFile: copy + "/bulkhead.json", atomically: true, encoding: .utf8)
        let manifest = copy + "/Package.swift"
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        let suppressed = text.replacingOccurrences(of: "            \"Kit\",\n            \"Models\",\n",
                                                   with: "            \"Kit\",\n            \"Models\", // bulkhead:ignore redundant-dependency - kept while Kit is reworked\n")
        #expect(suppressed != text)
        try suppressed.write(toFile: manifest, atomically: true, encoding: .utf8)
        #expect(try Self.findings([], root: copy).sorted { $0.line ?? 0 < $1.line ?? 0 }.map(\.target) == ["Checkout", "Orders", "History"])

        let baseline = RecordedToolchainCommandTests.run(["baseline", "--quiet"], fixture: Self.fixture, root: copy)
        #expect(baseline.status == .clean, "\(baseline.standardError)")
        let check = RecordedToolchainCommandTests.run(["check", "--quiet"], fixture: Self.fixture, root: copy)
        #expect(check.status == .clean, "\(check.standardOutput)\(check.standardError)")
    }
}
