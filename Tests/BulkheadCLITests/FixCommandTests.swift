import Foundation
import Inputs
import TestSupport
import Testing
@testable import BulkheadCLI

/// `check --fix` in-process over the FixableManifest recordings.
@Suite(.tags(.medium)) struct FixCommandTests {
    @Test func dryRunPrintsTheDiffAndChangesNothing() throws {
        let copy = try Fixtures.copy("FixableManifest")
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        let before = try String(contentsOfFile: copy + "/Package.swift", encoding: .utf8)
        let run = RecordedToolchainCommandTests.run(["check", "--fix", "--dry-run"], fixture: "FixableManifest", root: copy)
        #expect(run.status == .clean, "\(run.standardError)")
        #expect(run.standardOutput.contains("-                \"Legacy\",\n"))
        #expect(run.standardOutput.contains("+        .target(name: \"Networking\", dependencies: [\"Models\"]),\n"))
        #expect(run.standardError.contains("would fix 5 findings in 1 manifest; 0 left"))
        #expect(try String(contentsOfFile: copy + "/Package.swift", encoding: .utf8) == before)
    }

    @Test func dryRunAloneIsAUsageError() {
        let run = RecordedToolchainCommandTests.run(["check", "--dry-run"], fixture: "FixableManifest")
        #expect(run.status == .usage)
        #expect(run.standardError.contains("--dry-run goes with --fix"))
    }
}
