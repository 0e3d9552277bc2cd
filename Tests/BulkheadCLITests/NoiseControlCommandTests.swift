import Foundation
import PackageLoading
import TestSupport
import Testing
@testable import BulkheadCLI

/// `--rule`, `--disable-rule` and `baseline --prune` over the ScannerTraps recordings, whose
/// three undeclared imports are all unreachable (Feature declares only Core, which depends on
/// nothing).
@Suite(.tags(.medium)) struct NoiseControlCommandTests {
    static func run(_ arguments: [String], root: String? = nil) -> CommandRun {
        RecordedToolchainCommandTests.run(arguments, fixture: "ScannerTraps", root: root)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        /// Violations (1) or clean (0).
        var fails: Bool
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(arguments: [
        Case(arguments: ["--rule", "unreachable-import"], fails: true),
        Case(arguments: ["--rule", "undeclared-import"], fails: false),
        Case(arguments: ["--rule", "undeclared-import", "--rule", "unreachable-import"], fails: true),
        Case(arguments: ["--disable-rule", "unreachable-import"], fails: false),
        Case(arguments: ["--disable-rule", "undeclared-import"], fails: true),
        Case(arguments: ["--rule", "unreachable-import", "--disable-rule", "unreachable-import"], fails: false),
    ])
    func theSelectedRulesAreTheOnesThatRun(_ testCase: Case) {
        let run = Self.run(["check", "--format", "xcode", "--quiet"] + testCase.arguments)
        #expect(run.status.rawValue == (testCase.fails ? 1 : 0), "\(run.standardOutput)\(run.standardError)")
        if testCase.fails {
            #expect(run.standardOutput.split(separator: "\n").filter { $0.contains(": error: ") }.count == 3)
        }
    }

    @Test func anUnknownRuleIsAUsageErrorWithTheNearestID() {
        let run = Self.run(["check", "--rule", "unreachable-imports"])
        #expect(run.status == .usage)
        #expect(run.standardError.contains("--rule 'unreachable-imports' is not a rule; did you mean 'unreachable-import'?"))
    }

    @Test func aRuleNotRunLeavesItsBaselineEntriesAlone() throws {
        let copy = try Fixtures.copy("ScannerTraps")
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        #expect(Self.run(["baseline"], root: copy).status == .clean)
        // With only undeclared-import running, the unreachable entries are not called fixed.
        let run = Self.run(["check", "--rule", "undeclared-import", "--rule", "stale-baseline"], root: copy)
        #expect(run.status == .clean, "\(run.standardOutput)")
    }

    @Test func pruneRemovesTheFixedEntryAndANewViolationStillFails() throws {
        let copy = try Fixtures.copy("ScannerTraps")
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        #expect(Self.run(["baseline", "--prune"], root: copy).status == .failure, "no baseline yet: nothing to prune")
        #expect(Self.run(["baseline"], root: copy).status == .clean)
        let baselinePath = copy + "/bulkhead-baseline.json"
        #expect(try String(contentsOfFile: baselinePath, encoding: .utf8).contains("import Core; import Storage"))

        // Fix Semicolons.swift's import of Storage; add a new undeclared import elsewhere.
        let semicolons = copy + "/Sources/Features/Feature/Semicolons.swift"
        try "import Core\n\nlet store = 1\n".write(toFile: semicolons, atomically: true, encoding: .utf8)
        let scoped = copy + "/Sources/Features/Feature/Scoped.swift"
        try ("import Storage\n" + String(contentsOfFile: scoped, encoding: .utf8)).write(toFile: scoped, atomically: true, encoding: .utf8)

        let pruned = Self.run(["baseline", "--prune"], root: copy)
        #expect(pruned.status == .clean, "\(pruned.standardError)")
        #expect(pruned.standardOutput.contains("removed 1 entry (1 fixed finding); 2 left, nothing added"))
        let text = try String(contentsOfFile: baselinePath, encoding: .utf8)
        #expect(!text.contains("import Core; import Storage"))
        #expect(!text.contains("Scoped.swift"))

        let check = Self.run(["check", "--format", "xcode", "--quiet"], root: copy)
        #expect(check.status == .violations)
        let errors = check.standardOutput.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors.count == 1)
        #expect(errors.first?.contains("Sources/Features/Feature/Scoped.swift:1:8: error: Feature imports Storage") == true)
    }
}
