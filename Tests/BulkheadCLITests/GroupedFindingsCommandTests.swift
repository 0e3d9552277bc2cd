import Foundation
import PackageLoading
import TestSupport
import Testing
@testable import BulkheadCLI

/// `check --group module` over a copy of ScannerTraps where Feature imports Storage (which it
/// cannot reach) in three files: one finding for the three in text, JSON and SARIF, while the
/// baseline still holds, and reports stale, each import on its own.
@Suite(.tags(.medium)) struct GroupedFindingsCommandTests {
    static func run(_ arguments: [String], root: String) -> CommandRun {
        RecordedToolchainCommandTests.run(arguments, fixture: "ScannerTraps", root: root)
    }

    /// The copy, with two more files importing Storage next to Semicolons.swift's import.
    static func copy() throws -> String {
        let copy = try Fixtures.copy("ScannerTraps")
        let feature = copy + "/Sources/Features/Feature/"
        try "import Storage\n\nlet cached = 1\n".write(toFile: feature + "PeersCache.swift", atomically: true, encoding: .utf8)
        try "import Foundation\nimport Storage\n\nlet saved = 2\n".write(toFile: feature + "PeersSave.swift", atomically: true, encoding: .utf8)
        return copy
    }

    static func remove(_ copy: String) { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }

    struct Site: Decodable, Equatable {
        var file: String
        var line: Int?
    }

    struct Finding: Decodable {
        var rule: String
        var file: String?
        var line: Int?
        var message: String
        var notes: [String]
        var count: Int?
        var sites: [Site]?
    }

    struct Report: Decodable {
        struct Summary: Decodable { var errors: Int }
        var summary: Summary
        var findings: [Finding]
    }

    static let feature = "Sources/Features/Feature/"

    @Test func jsonHasOneFindingPerModuleWithItsCountAndSites() throws {
        let copy = try Self.copy()
        defer { Self.remove(copy) }
        let whole = try JSONDecoder().decode(Report.self, from: Data(Self.run(["check", "--format", "json", "--quiet"], root: copy).standardOutput.utf8))
        #expect(whole.findings.count == 5)
        #expect(whole.findings.allSatisfy { $0.count == nil && $0.sites == nil })

        let run = Self.run(["check", "--format", "json", "--quiet", "--group", "module"], root: copy)
        #expect(run.status == .violations, "\(run.standardError)")
        let grouped = try JSONDecoder().decode(Report.self, from: Data(run.standardOutput.utf8))
        #expect(grouped.findings.count == 3)
        #expect(grouped.summary.errors == 3)
        let storage = try #require(grouped.findings.first { $0.message.contains("Storage") })
        #expect(storage.count == 3)
        #expect(storage.sites == [
            Site(file: Self.feature + "PeersCache.swift", line: 1),
            Site(file: Self.feature + "PeersSave.swift", line: 2),
            Site(file: Self.feature + "Semicolons.swift", line: 1),
        ])
        #expect(storage.file == Self.feature + "PeersCache.swift")
        #expect(storage.notes.last == "found at 3 places in 3 files; also at \(Self.feature)PeersSave.swift:2 and \(Self.feature)Semicolons.swift:1")
        // The modules imported once are reported as without --group.
        #expect(grouped.findings.filter { $0.count == nil }.count == 2)
    }

    @Test func textShowsTheGroupOnceWithItsNote() throws {
        let copy = try Self.copy()
        defer { Self.remove(copy) }
        let run = Self.run(["check", "--group", "module"], root: copy)
        #expect(run.status == .violations)
        #expect(run.standardOutput.components(separatedBy: "imports Storage").count == 2, "\(run.standardOutput)")
        #expect(run.standardOutput.contains("    note: found at 3 places in 3 files; also at \(Self.feature)PeersSave.swift:2 and \(Self.feature)Semicolons.swift:1\n"))
        #expect(run.standardOutput.contains("3 errors and 0 warnings"))
    }

    @Test func sarifListsTheOtherPlacesAsRelatedLocations() throws {
        let copy = try Self.copy()
        defer { Self.remove(copy) }
        let run = Self.run(["check", "--format", "sarif", "--quiet", "--group", "module"], root: copy)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let results = try #require(((log["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        #expect(results.count == 3)
        let related = results.compactMap { $0["relatedLocations"] as? [[String: Any]] }
        #expect(related.count == 1)
        let uris = related.first?.compactMap { (($0["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String }
        // Relative to the working folder, as SARIF paths are outside GitHub.
        let expected = ["PeersSave.swift", "Semicolons.swift"].map { "ScannerTraps/" + Self.feature + $0 }
        #expect(uris?.count == 2 && zip(uris ?? [], expected).allSatisfy { $0.hasSuffix($1) }, "\(uris ?? [])")
        #expect(related.first?.compactMap { $0["id"] as? Int } == [1, 2])
    }

    @Test func theBaselineStillHoldsAndReportsEachFinding() throws {
        let copy = try Self.copy()
        defer { Self.remove(copy) }
        #expect(Self.run(["baseline"], root: copy).status == .clean)
        let baseline = try String(contentsOfFile: copy + "/bulkhead-baseline.json", encoding: .utf8)
        #expect(baseline.contains("PeersCache.swift") && baseline.contains("PeersSave.swift"))
        #expect(Self.run(["check", "--group", "module"], root: copy).status == .clean)

        // Two of the three imports of Storage go: two stale entries, each on its own.
        try "let cached = 1\n".write(toFile: copy + "/" + Self.feature + "PeersCache.swift", atomically: true, encoding: .utf8)
        try "let saved = 2\n".write(toFile: copy + "/" + Self.feature + "PeersSave.swift", atomically: true, encoding: .utf8)
        let run = Self.run(["check", "--format", "json", "--quiet", "--group", "module"], root: copy)
        let report = try JSONDecoder().decode(Report.self, from: Data(run.standardOutput.utf8))
        #expect(report.findings.map(\.rule) == ["stale-baseline", "stale-baseline"], "\(run.standardOutput)")
    }

    @Test func anUnknownGroupingIsAUsageError() throws {
        let run = Self.run(["check", "--group", "folder"], root: Fixtures.path("ScannerTraps"))
        #expect(run.status == .usage)
        #expect(run.standardError.contains("folder"))
    }
}

/// `imports.ignore` in bulkhead.json over a copy of ScannerTraps: the ignored module's import is
/// not reported; an entry without a reason stops the run naming its key.
@Suite(.tags(.medium)) struct ImportIgnoreCommandTests {
    @Test func anIgnoredModuleIsNotReportedAndTheOthersAre() throws {
        let copy = try Fixtures.copy("ScannerTraps")
        defer { GroupedFindingsCommandTests.remove(copy) }
        let before = GroupedFindingsCommandTests.run(["check", "--format", "xcode", "--quiet"], root: copy)
        #expect(before.standardOutput.contains("imports Legacy_Bridge"))

        try #"{ imports: { ignore: [{ module: "Legacy*", reason: "the bridge goes in Q3" }] } }"#
            .write(toFile: copy + "/bulkhead.json", atomically: true, encoding: .utf8)
        let run = GroupedFindingsCommandTests.run(["check", "--format", "xcode", "--quiet"], root: copy)
        #expect(run.status == .violations)
        #expect(!run.standardOutput.contains("Legacy_Bridge"), "\(run.standardOutput)")
        #expect(run.standardOutput.split(separator: "\n").filter { $0.contains(": error: ") }.count == 2)
    }

    @Test func anEntryWithoutAReasonIsAConfigurationError() throws {
        let copy = try Fixtures.copy("ScannerTraps")
        defer { GroupedFindingsCommandTests.remove(copy) }
        try #"{ imports: { ignore: [{ module: "Legacy*" }] } }"#.write(toFile: copy + "/bulkhead.json", atomically: true, encoding: .utf8)
        let run = GroupedFindingsCommandTests.run(["check"], root: copy)
        #expect(run.status == .failure)
        #expect(run.standardError.contains("imports.ignore[0].reason: required, and missing"), "\(run.standardError)")
    }
}
