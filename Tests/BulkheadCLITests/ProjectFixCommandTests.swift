import Foundation
import TestSupport
import Testing
@testable import BulkheadCLI

/// `check --fix` in an Xcode project: the app's undeclared import of a product of the local
/// package the project references is linked, an unused product is unlinked, in the file's style.
@Suite(.tags(.medium)) struct ProjectFixCommandTests {
    static let fixture = "TravelAppProject"
    static let projectFile = "/TravelApp.xcodeproj/project.pbxproj"

    struct Report: Decodable {
        struct Finding: Decodable { var rule: String; var file: String? }
        var findings: [Finding]
    }

    static func run(_ arguments: [String], in copy: String) -> CommandRun {
        RecordedToolchainCommandTests.run(arguments, fixture: fixture, root: copy)
    }

    static func findings(in copy: String) throws -> [String] {
        let run = Self.run(["check", "--format", "json", "--quiet"], in: copy)
        return try JSONDecoder().decode(Report.self, from: Data(run.standardOutput.utf8)).findings.map { "\($0.rule) \($0.file ?? "")" }
    }

    /// What Xcode itself must be able to open: Foundation reads the OpenStep format Xcode writes.
    static func parses(_ file: String) throws -> Bool {
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        let plist = try PropertyListSerialization.propertyList(from: data, format: nil)
        return ((plist as? [String: Any])?["objects"] as? [String: Any]) != nil
    }

    @Test func anUndeclaredImportOfALocalPackagesProductIsLinkedAndCheckNoLongerReportsIt() throws {
        let copy = try Fixtures.copy(Self.fixture)
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        #expect(try Self.findings(in: copy).contains("undeclared-import App/CompositionRoot.swift"))
        let run = Self.run(["check", "--fix"], in: copy)
        #expect(run.standardOutput.contains("+\t\t"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains(" /* Networking in Frameworks */ = {isa = PBXBuildFile; productRef = "), "\(run.standardOutput)")
        #expect(run.standardOutput.contains(" /* Networking */ = {isa = XCSwiftPackageProductDependency; package = AA0000000000000000000011 /* XCLocalSwiftPackageReference \"Modules\" */; productName = Networking; };"), "\(run.standardOutput)")
        #expect(run.standardError.contains("fixed 1 finding in 1 project; 2 left"), "\(run.standardError)")
        // The #if imports stay: whether to link conditionally is a person's decision.
        #expect(try Self.findings(in: copy) == ["unreachable-import App/DebugMenu.swift", "unreachable-import App/StoreReporting.swift"])
        #expect(try Self.parses(copy + Self.projectFile))
    }

    @Test func theFixIsReproducibleAndDryRunWritesNothing() throws {
        var outputs: [String] = []
        for _ in 0..<2 {
            let copy = try Fixtures.copy(Self.fixture)
            defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
            let before = try Data(contentsOf: URL(fileURLWithPath: copy + Self.projectFile))
            outputs.append(Self.run(["check", "--fix", "--dry-run"], in: copy).standardOutput)
            #expect(try Data(contentsOf: URL(fileURLWithPath: copy + Self.projectFile)) == before)
        }
        #expect(outputs[0] == outputs[1])
        #expect(outputs[0].contains("Networking in Frameworks"))
    }

    @Test func anUnusedProductIsUnlinked() throws {
        let copy = try Fixtures.copy(Self.fixture)
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        let file = copy + Self.projectFile
        let original = try String(contentsOfFile: file, encoding: .utf8)
        try TravelAppProjectEdits.widgetLinksAnalytics(original).write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try Self.findings(in: copy).contains("unused-dependency TravelApp.xcodeproj/project.pbxproj"))
        let run = Self.run(["check", "--fix"], in: copy)
        #expect(run.standardOutput.contains("-\t\tBB0000000000000000000001 /* Analytics"), "\(run.standardOutput)")
        #expect(try !Self.findings(in: copy).contains { $0.hasPrefix("unused-dependency") })
        // Both the list entry and the object are gone (the same run linked Networking too).
        #expect(try !String(contentsOfFile: file, encoding: .utf8).contains("BB0000000000000000000001"))
        #expect(try Self.parses(file))
    }

    /// The reproduction of issue 48: the dry-run diff of a project file of 12,808 lines was one
    /// hunk rewriting every line. A project grown past 24,000 lines, where the fix links one
    /// product: the diff holds the changed lines with their context, nothing else.
    static func grownProjectDiff() throws -> (printed: String, before: String, after: String) {
        let copy = try Fixtures.copy(Self.fixture)
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        let file = copy + Self.projectFile
        let before = TravelAppProjectEdits.grown(try String(contentsOfFile: file, encoding: .utf8), files: 12_000)
        try before.write(toFile: file, atomically: true, encoding: .utf8)
        let run = Self.run(["check", "--fix"], in: copy)
        #expect(run.standardError.contains("fixed 1 finding in 1 project"), "\(run.standardError)")
        return (run.standardOutput, before, try String(contentsOfFile: file, encoding: .utf8))
    }

    @Test func theDiffOfALargeProjectFileHoldsOnlyTheChangedLines() throws {
        let (printed, before, after) = try Self.grownProjectDiff()
        #expect(before.split(separator: "\n").count > 24_000)
        let hunks = DiffOracle.hunks(of: printed)
        let changed = hunks.split(separator: "\n").filter { $0.hasPrefix("+") || $0.hasPrefix("-") }
        let kept = hunks.split(separator: "\n").filter { $0.hasPrefix(" ") }
        // The lines the fix adds, each once; the rest is at most three lines of context a side.
        let added = Set(after.split(separator: "\n")).subtracting(before.split(separator: "\n"))
        #expect(!added.isEmpty)
        #expect(Set(changed.map { $0.dropFirst() }).isSuperset(of: added))
        #expect(changed.count <= 2 * added.count, "\(hunks)")
        #expect(kept.count <= 6 * hunks.split(separator: "\n").filter { $0.hasPrefix("@@") }.count, "\(hunks)")
    }

    @Test(.requires(.diff)) func theDiffOfALargeProjectFileIsDiffUs() throws {
        let (printed, before, after) = try Self.grownProjectDiff()
        let expected = try #require(try DiffOracle.hunks(before: before, after: after))
        #expect(DiffOracle.hunks(of: printed) == expected)
    }
}
