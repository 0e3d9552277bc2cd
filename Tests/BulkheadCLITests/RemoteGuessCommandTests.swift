import Foundation
import PackageLoading
import TestSupport
import Testing
@testable import BulkheadCLI

/// Issue 33's recall without checkouts, on copies of RemoteCheckout where Utility no longer
/// imports the ToolsBasic product it declares: without the checkout, the unknown module is a note
/// and the unused product a guess; with it, the unused product is certain and the module known.
@Suite(.tags(.medium)) struct RemoteGuessCommandTests {
    struct Finding: Decodable, Equatable {
        var rule: String
        var severity: String
        var target: String?
        var message: String
        var notes: [String]
        var count: Int?
    }

    struct Report: Decodable { var findings: [Finding] }

    static func findings(checkedOut: Bool) throws -> [Finding] {
        let copy = try Fixtures.copy("RemoteCheckout")
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        if !checkedOut { try FileManager.default.removeItem(atPath: copy + "/.build") }
        try "let utility = 1\n".write(toFile: copy + "/Sources/Utility/Utility.swift", atomically: true, encoding: .utf8)
        let run = RecordedToolchainCommandTests.run(["check", "--format", "json", "--quiet"], fixture: "RemoteCheckout", root: copy)
        return try JSONDecoder().decode(Report.self, from: Data(run.standardOutput.utf8)).findings
    }

    @Test func withoutTheCheckoutTheUnknownModuleIsANoteAndTheUnusedProductAGuess() throws {
        let findings = try Self.findings(checkedOut: false)
        let unknown = findings.filter { $0.rule == "unknown-module" }
        #expect(unknown.map(\.target) == ["Driver"] && unknown.allSatisfy { $0.severity == "note" && $0.message.contains("ToolsUtility") })
        let unused = findings.filter { $0.rule == "unused-dependency" }
        #expect(unused == [Finding(rule: "unused-dependency", severity: "warning", target: "Utility",
                                   message: "Utility declares ToolsBasic but none of its sources imports ToolsBasic",
                                   notes: ["a guess, by its product name: no checkout of its package was read, and a checkout would tell"])])
    }

    /// Notes come one per rule, target and module, not one per import line: the second file
    /// importing ToolsUtility adds a place to Driver's note, counted, and the check stays clean,
    /// --strict too.
    @Test func notesFoldPerTargetAndModuleAndNeverFailTheCheck() throws {
        let copy = try Fixtures.copy("RemoteCheckout")
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        try FileManager.default.removeItem(atPath: copy + "/.build")
        try "import ToolsUtility\n".write(toFile: copy + "/Sources/Driver/More.swift", atomically: true, encoding: .utf8)
        let run = RecordedToolchainCommandTests.run(["check", "--format", "json", "--quiet", "--strict"], fixture: "RemoteCheckout", root: copy)
        let findings = try JSONDecoder().decode(Report.self, from: Data(run.standardOutput.utf8)).findings
        let unknown = findings.filter { $0.rule == "unknown-module" }
        #expect(unknown.count == 1 && unknown.first?.count == 2, "\(unknown)")
        #expect(unknown.first?.notes.last?.hasPrefix("found at 2 places in 2 files") == true, "\(unknown)")
        #expect(findings.filter { $0.severity != "note" }.map(\.rule) == ["unreachable-import"])
        // Only the unreachable import fails the run, not the notes.
        try "import Foundation\n\npublic let options = 1\n".write(toFile: copy + "/Sources/Options/Options.swift", atomically: true, encoding: .utf8)
        let clean = RecordedToolchainCommandTests.run(["check", "--quiet", "--strict"], fixture: "RemoteCheckout", root: copy)
        #expect(clean.status == .clean && clean.standardOutput.contains("note:"), "\(clean.standardOutput)\(clean.standardError)")
    }

    /// A binary target whose artifact cannot be read (its Info.plist gone): its module is unknown,
    /// so an import it may provide is a note naming it, never "not provided by any declared
    /// dependency"; with the artifact, its module is read and nothing is reported.
    @Test func aBinaryTargetWithoutItsArtifactIsNamedAsAPossibleProvider() throws {
        let present = RecordedToolchainCommandTests.run(["check", "--format", "json", "--quiet"], fixture: "RenamedBinaryModule")
        #expect(try JSONDecoder().decode(Report.self, from: Data(present.standardOutput.utf8)).findings.isEmpty, "\(present.standardOutput)")
        let copy = try Fixtures.copy("RenamedBinaryModule")
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        try FileManager.default.removeItem(atPath: copy + "/Binaries/PaymentSDK.xcframework/Info.plist")
        let absent = RecordedToolchainCommandTests.run(["check", "--format", "json", "--quiet"], fixture: "RenamedBinaryModule", root: copy)
        let findings = try JSONDecoder().decode(Report.self, from: Data(absent.standardOutput.utf8)).findings
        #expect(findings.map(\.message) == ["Checkout imports PaymentKit, which cannot be checked: binary target PaymentSDK may provide it"])
        #expect(findings.first?.notes.first?.hasPrefix("the binary target PaymentSDK has no artifact Bulkhead could read") == true, "\(findings)")
        #expect(absent.status == .clean)
    }

    @Test func withTheCheckoutBothAreCertain() throws {
        let findings = try Self.findings(checkedOut: true)
        #expect(findings.filter { $0.rule == "unknown-module" }.isEmpty)
        let unused = findings.filter { $0.rule == "unused-dependency" }
        #expect(unused.map(\.target) == ["Utility"])
        #expect(unused.first?.notes.isEmpty == true)
    }

    /// A baseline holds no notes: a note whose cause goes away leaves nothing stale behind, and
    /// the check stays clean.
    @Test func aBaselineHoldsNoNotes() throws {
        let copy = try Fixtures.copy("RemoteCheckout")
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        try FileManager.default.removeItem(atPath: copy + "/.build")
        let before = RecordedToolchainCommandTests.run(["check", "--format", "json", "--quiet"], fixture: "RemoteCheckout", root: copy)
        let findings = try JSONDecoder().decode(Report.self, from: Data(before.standardOutput.utf8)).findings
        #expect(findings.contains { $0.severity == "note" }, "the copy must have a note to leave out")
        let written = RecordedToolchainCommandTests.run(["baseline"], fixture: "RemoteCheckout", root: copy)
        #expect(written.status == .clean, "\(written.standardError)")
        #expect(written.standardOutput.contains("note"), "\(written.standardOutput)")
        let baseline = try String(contentsOfFile: copy + "/bulkhead-baseline.json", encoding: .utf8)
        #expect(!baseline.contains("unknown-module"), "\(baseline)")
        #expect(RecordedToolchainCommandTests.run(["check", "--quiet"], fixture: "RemoteCheckout", root: copy).status == .clean)
        // The note's cause removed: nothing in the baseline turns stale.
        try "import ToolsBasic\n\npublic let driver = 1\n".write(toFile: copy + "/Sources/Driver/Driver.swift", atomically: true, encoding: .utf8)
        let after = RecordedToolchainCommandTests.run(["check", "--quiet"], fixture: "RemoteCheckout", root: copy)
        #expect(after.status == .clean, "\(after.standardOutput)\(after.standardError)")
    }
}
