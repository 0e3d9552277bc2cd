import Foundation
import TestSupport
import Testing
@testable import BulkheadCLI

@Suite(.tags(.medium)) struct SnapshotTests {
    static let traps = Fixtures.path("ScannerTraps")

    @Test func overview() {
        Snapshot.expect(CommandRun.run(["--help"]).standardOutput, matches: "overview.txt")
    }

    @Test func importsHelp() {
        Snapshot.expect(CommandRun.run(["imports", "--help"]).standardOutput, matches: "imports-help.txt")
    }

    @Test func importsText() {
        let run = CommandRun.run(["imports", "--package-path", Self.traps, "Sources"], in: Self.traps)
        #expect(run.status == .clean)
        Snapshot.expect(run.standardOutput, matches: "imports-scanner-traps.txt")
    }

    @Test func importsJSON() {
        let run = CommandRun.run(["imports", "--format", "json", "--package-path", Self.traps, "Sources"], in: Self.traps)
        #expect(run.status == .clean)
        Snapshot.expect(run.standardOutput, matches: "imports-scanner-traps.json")
    }
}
