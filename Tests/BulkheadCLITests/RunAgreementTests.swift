import Engine
import Foundation
import PackageLoading
import Rules
import TestSupport
import Testing
@testable import BulkheadCLI

/// `check`, `report` and `baseline` render one run of the engine, so they agree on the findings
/// by construction; these tests hold them to it on fixtures with findings of every kind.
@Suite(.tags(.medium)) struct RunAgreementTests {
    static let fixtures = ["DynamicProducts", "FixableManifest", "LinkedImages", "ManifestRules", "PartlyLoadable", "TravelAppProject"]
    /// What makes a fixture report findings: the app project is checked under a convention too.
    static func options(_ fixture: String) -> [String] {
        fixture == "TravelAppProject" ? ["--preset", "features"] : []
    }

    static func describer(_ fixture: String) -> RecordedPackageDescriber {
        let folder = Fixtures.path(fixture)
        return RecordedPackageDescriber(root: folder, recordings: folder + "/.toolchain")
    }

    /// `report --format json` writes what `check --format json` writes, byte for byte.
    @Test(arguments: fixtures)
    func reportAndCheckWriteTheSameFindings(fixture: String) {
        let folder = Fixtures.path(fixture)
        let check = CommandRun.run(["check", "--format", "json", "--quiet", "--package-path", folder] + Self.options(fixture), in: RepositoryRoot.path,
                                   packageDescriber: Self.describer(fixture))
        let report = CommandRun.run(["report", "--format", "json", "--quiet", "--package-path", folder] + Self.options(fixture), in: RepositoryRoot.path,
                                    packageDescriber: Self.describer(fixture))
        #expect(report.status == .clean, "\(report.standardError)")
        #expect(check.standardOutput.contains("\"rule\""), "a fixture with no finding proves nothing: \(check.standardOutput)")
        #expect(report.standardOutput == check.standardOutput)
    }

    /// `baseline` writes exactly the entries of the findings check reports: one entry per
    /// finding that is not a note, and check with that baseline passes with every one baselined.
    @Test(arguments: fixtures)
    func baselineHoldsTheFindingsCheckReports(fixture: String) throws {
        let folder = Fixtures.path(fixture)
        let scratch = TemporaryFolder()
        let file = scratch.path + "/baseline.json"
        let written = CommandRun.run(["baseline", "--baseline", file, "--package-path", folder] + Self.options(fixture), in: RepositoryRoot.path,
                                     packageDescriber: Self.describer(fixture))
        #expect(written.status == .clean, "\(written.standardError)")
        var request = RunRequest(workingFolder: RepositoryRoot.path, environment: TestCache.isolated([:]), toolchain: .recorded(Self.describer(fixture)))
        request.packagePath = folder
        request.preset = Self.options(fixture).last
        request.readsBaseline = false
        let run = try Engine.check(request)
        let expected = try Baseline(findings: run.result.findings).encoded()
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == expected)
        let again = CommandRun.run(["check", "--format", "json", "--quiet", "--baseline", file, "--package-path", folder] + Self.options(fixture), in: RepositoryRoot.path,
                                   packageDescriber: Self.describer(fixture))
        let findingsLeft = run.result.findings.filter { $0.finding.severity != .note }.count
        #expect(again.standardOutput.contains("\"baselined\" : \(findingsLeft)"), "\(again.standardOutput)")
    }

    /// A generator's spec without its project is one error in the report, not also a warning on
    /// standard error; `report` shows it too (before, its page said 0 findings while check exited 1).
    @Test func anUngeneratedProjectIsOneFindingInEveryRendering() throws {
        let copy = try Fixtures.copy("GeneratorGenerated")
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        try FileManager.default.createDirectory(atPath: copy + "/Tools/Admin", withIntermediateDirectories: true)
        try "name: Admin\ninclude:\n  - targets.yml\n".write(toFile: copy + "/Tools/Admin/project.yml", atomically: true, encoding: .utf8)
        let check = CommandRun.run(["check", "--format", "json", "--package-path", copy], in: copy)
        #expect(check.status == .violations)
        #expect(check.standardOutput.components(separatedBy: "\"rule\" : \"project-not-generated\"").count == 2, "\(check.standardOutput)")
        #expect(!check.standardError.contains("project-not-generated"), "\(check.standardError)")
        let json = CommandRun.run(["report", "--format", "json", "--package-path", copy], in: copy)
        #expect(json.standardOutput == check.standardOutput)
        let page = CommandRun.run(["report", "--package-path", copy], in: copy)
        #expect(page.standardOutput.contains("project-not-generated"))
        #expect(!page.standardError.contains("project-not-generated"), "\(page.standardError)")
    }

    /// Every notice a load gives carries a code `bulkhead explain` knows.
    @Test(arguments: fixtures + ["RemoteCheckout", "XcodeCheckouts", "MissingBinary"])
    func everyNoticeHasACatalogCode(fixture: String) throws {
        var request = RunRequest(workingFolder: RepositoryRoot.path, environment: TestCache.isolated([:]), toolchain: .recorded(Self.describer(fixture)))
        request.packagePath = Fixtures.path(fixture)
        let run = try Engine.check(request)
        for notice in run.notices {
            #expect(DiagnosticCatalog.code(notice.code) != nil, "\(notice.code): \(notice.text)")
            #expect(notice.text.contains("\(notice.code): ") || notice.code == "unknown-modules", "\(notice.text)")
        }
    }
}

/// Options are checked before any work: a mistaken `--jobs` or `--timeout` is a usage error even
/// where the configuration (read first of the files) is broken too.
@Suite struct EarlyOptionValidationTests {
    @Test(arguments: [["--jobs", "0"], ["--timeout", "soon"], ["--rule", "no-such-rule"]])
    func aBadOptionIsAUsageErrorBeforeAnyFileIsRead(option: [String]) {
        let scratch = TemporaryFolder()
        scratch.write("Package.swift", "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"P\")\n")
        scratch.write("bulkhead.json", "{ this is not json")
        for command in ["check", "report", "baseline", "canary"] where command != "report" && command != "baseline" || option[0] != "--rule" {
            let run = CommandRun.run([command, "--package-path", scratch.path] + option, in: scratch.path)
            #expect(run.status == .usage, "\(command) \(option): \(run.standardError)")
            #expect(!run.standardError.contains("bulkhead.json"), "\(command) \(option): \(run.standardError)")
        }
    }
}
