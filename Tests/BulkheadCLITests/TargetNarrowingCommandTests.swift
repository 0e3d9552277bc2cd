import Foundation
import PackageLoading
import TestSupport
import Testing
@testable import BulkheadCLI

/// `check --target NAME` and `--exclude-tests` over a copy of TravelApp given findings in several
/// targets (undeclared imports, a cycle only imports make, suppressions used and unused, a baseline
/// with a fixed entry): each narrow run reports what the whole run reports for its targets.
@Suite(.tags(.medium)) struct TargetNarrowingCommandTests {
    static func run(_ arguments: [String], root: String) -> CommandRun {
        RecordedToolchainCommandTests.run(arguments, fixture: "TravelApp", root: root)
    }

    struct Finding: Decodable, Equatable, CustomStringConvertible {
        var rule: String
        var severity: String
        var target: String?
        var file: String?
        var line: Int?
        var column: Int?
        var message: String
        var notes: [String]
        var description: String { "\(rule) \(target ?? "-") \(file ?? ""):\(line ?? 0) \(message)" }
    }

    struct Report: Decodable {
        struct Summary: Decodable { var targets: Int; var baselined: Int; var suppressed: Int }
        var summary: Summary
        var findings: [Finding]
    }

    static func prepend(_ text: String, to path: String) throws {
        try (text + String(contentsOfFile: path, encoding: .utf8)).write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// The copy with its findings, and a baseline taken after the first two edits whose Search
    /// entry is then fixed: stale in Search's run, absent from the others.
    static func copy() throws -> String {
        let copy = try Fixtures.copy("TravelApp")
        let features = copy + "/Modules/Features/", core = copy + "/Modules/Core/"
        try prepend("import Persistence\n", to: features + "Search/Sources/SearchScreen.swift")
        try prepend("import Booking\n", to: core + "Networking/Sources/Networking.swift")
        #expect(run(["baseline", "--quiet"], root: copy).status == .clean)
        try String(contentsOfFile: features + "Search/Sources/SearchScreen.swift", encoding: .utf8)
            .replacingOccurrences(of: "import Persistence\n", with: "")
            .write(toFile: features + "Search/Sources/SearchScreen.swift", atomically: true, encoding: .utf8)
        try prepend("import Search\nimport Networking\n", to: features + "Booking/Sources/BookingScreen.swift")
        try prepend("import Payment // bulkhead:ignore undeclared-import - moving in Q3\nimport Analytics // bulkhead:ignore dependency-cycle - none here\n",
                    to: features + "Profile/Sources/ProfileScreen.swift")
        try prepend("import Booking\n", to: features + "Search/Tests/SearchTests.swift")
        try prepend("import Booking\n", to: core + "Analytics/Sources/Analytics.swift")
        return copy
    }

    static func report(_ arguments: [String], root: String) throws -> Report {
        let run = run(["check", "--format", "json", "--quiet"] + arguments, root: root)
        #expect(run.status != .failure && run.status != .usage, "\(run.standardError)")
        return try JSONDecoder().decode(Report.self, from: Data(run.standardOutput.utf8))
    }

    /// Where a TravelApp target's sources are.
    static func folder(of target: String) -> String {
        let core = ["FoundationKit", "Networking", "Persistence", "Analytics", "ImageLoading", "DesignSystem"]
        if core.contains(target) { return "Modules/Core/\(target)/Sources/" }
        if target.hasSuffix("Tests"), core.contains(String(target.dropLast(5))) { return "Modules/Core/\(target.dropLast(5))/Tests/" }
        for part in ["Interface", "Testing", "Tests"] where target.hasSuffix(part) {
            return "Modules/Features/\(target.dropLast(part.count))/\(part)/"
        }
        return "Modules/Features/\(target)/Sources/"
    }

    static let targets = ["Analytics", "Booking", "BookingInterface", "FoundationKit", "Networking", "NetworkingTests", "Payment",
                          "Profile", "Search", "SearchTests"]

    @Test func eachTargetAloneGetsTheWholeRunsFindingsForIt() throws {
        let copy = try Self.copy()
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        let whole = try Self.report([], root: copy)
        // The fixture's findings are where the test needs them: in several targets, one stale.
        #expect(Set(whole.findings.compactMap(\.target)).isSuperset(of: ["Booking", "Profile", "Analytics", "SearchTests"]), "\(whole.findings)")
        #expect(whole.findings.contains { $0.rule == "stale-baseline" })
        #expect(whole.findings.contains { $0.rule == "unused-suppression" })
        #expect(whole.summary.suppressed > 0 && whole.summary.baselined > 0)

        for target in Self.targets {
            let narrow = try Self.report(["--target", target], root: copy)
            // Stale entries and problems with suppressions belong to no target: to the target of their file.
            let expected = whole.findings.filter { $0.target == target || ($0.target == nil && $0.file?.hasPrefix(Self.folder(of: target)) == true) }
            #expect(narrow.findings == expected, "\(target)")
            #expect(narrow.summary.targets == 1)
        }
        // The fixed baseline entry is Search's: stale there, and nowhere else.
        let stale = { (target: String) in try Self.report(["--target", target], root: copy).findings.filter { $0.rule == "stale-baseline" } }
        #expect(try stale("Search").count == 1)
        #expect(try Self.report(["--target", "Networking"], root: copy).summary.baselined == 1)
        #expect(try stale("Booking").isEmpty && stale("Networking").isEmpty && stale("Profile").isEmpty)
        #expect(try stale("Search") == whole.findings.filter { $0.rule == "stale-baseline" })
    }

    @Test func severalTargetsAndExcludeTestsAreTheWholeRunFiltered() throws {
        let copy = try Self.copy()
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        let whole = try Self.report([], root: copy)
        let pair = try Self.report(["--target", "Booking", "--target", "Networking"], root: copy)
        #expect(pair.findings == whole.findings.filter { ["Booking", "Networking"].contains($0.target ?? "") })
        #expect(!pair.findings.isEmpty)

        let noTests = try Self.report(["--exclude-tests"], root: copy)
        #expect(noTests.findings == whole.findings.filter { !($0.target ?? "").hasSuffix("Tests") })
        #expect(whole.findings.contains { $0.target == "SearchTests" })
        #expect(!noTests.findings.isEmpty)
        let searchOnly = try Self.report(["--target", "SearchTests", "--exclude-tests"], root: copy)
        #expect(searchOnly.findings.isEmpty && searchOnly.summary.targets == 0)
    }

    @Test func aNarrowRunReadsOnlyWhatItsTargetsNeed() throws {
        let copy = try Self.copy()
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        let run = Self.run(["check", "--quiet", "--no-cache", "--stats", "--target", "FoundationKit"], root: copy)
        // FoundationKit imports nothing of the package: its one file, of 32.
        #expect(run.standardError.contains("1 files read"), "\(run.standardError)")
    }

    @Test func anUnknownTargetIsAUsageErrorWithTheNearestName() throws {
        let run = Self.run(["check", "--target", "Bookng"], root: Fixtures.path("TravelApp"))
        #expect(run.status == .usage)
        #expect(run.standardError.contains("no target named 'Bookng'; did you mean 'Booking'?"))
    }
}
