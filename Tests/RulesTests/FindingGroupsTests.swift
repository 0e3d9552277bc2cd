import Configuration
import Diagnostics
import TestSupport
import Testing
@testable import Rules

/// `check --group module` as a function of a check result: imports of one module in one target
/// fold into one diagnostic; manifest findings and the baseline are untouched.
@Suite(.tags(.small)) struct FindingGroupsTests {
    /// Search imports Networking three times (lines 1, 3 and 4) and declares only Storage.
    static let source = ["import Networking", "import Foundation", "import Networking", "import Networking"]

    @Test func importsOfOneModuleInOneTargetBecomeOneDiagnosticAtTheFirstPlace() throws {
        let result = Check.run(CheckTests.workspace(searchSource: Self.source))
        #expect(result.diagnostics.filter { $0.code == "unreachable-import" }.count == 3)

        let grouped = result.grouped(by: .module)
        #expect(grouped.diagnostics.map(\.code) == ["unused-dependency", "unreachable-import"])
        let group = try #require(grouped.diagnostics.first { $0.code == "unreachable-import" })
        let first = try #require(result.diagnostics.first { $0.code == "unreachable-import" })
        #expect(group.location == first.location)
        #expect(group.message == first.message)
        let path = try #require(first.location?.path)
        #expect(group.relatedLocations.map(\.line) == [3, 4])
        #expect(group.notes.last == "found at 3 places in 1 file; also at \(path):3 and \(path):4")
        // The manifest finding is one already, and what a baseline would write is every finding.
        #expect(grouped.diagnostics.first == result.diagnostics.first)
        #expect(grouped.findings == result.findings)
    }

    @Test func aSingleFindingIsLeftAsItIs() {
        let result = Check.run(CheckTests.workspace())
        #expect(result.grouped(by: .module).diagnostics == result.diagnostics)
    }

    @Test func theBaselineAcceptsEachFindingBeforeGrouping() throws {
        // A baseline holding the three imports leaves nothing of them to group.
        let written = Baseline(findings: Check.run(CheckTests.workspace(searchSource: Self.source)).findings)
        let result = Check.run(CheckTests.workspace(searchSource: Self.source, baseline: written))
        #expect(result.grouped(by: .module).diagnostics.filter { $0.code == "unreachable-import" }.isEmpty)
        #expect(result.baselinedCount == 4)
    }

    @Test func theNoteNamesThreePlacesAndCountsTheRest() {
        let others = (2...6).map { SourceLocation(path: "A.swift", line: $0, column: 1) }
        #expect(FindingGroups.note(count: 6, files: 1, others: others)
            == "found at 6 places in 1 file; also at A.swift:2, A.swift:3, A.swift:4 and 2 more")
    }
}
