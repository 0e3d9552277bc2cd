import Foundation
import PackageLoading
import TestSupport
import Testing
@testable import BulkheadCLI

/// Commands on a repository whose root is a tool package and whose code is in nested packages
/// (`Tests/Fixtures/RootPackage`), answered from its recordings: the nested findings are
/// reported, from the root or any folder below it, with one configuration whose paths are
/// relative to the root.
@Suite(.tags(.medium)) struct RootPackageCommandTests {
    static let fixture = Fixtures.path("RootPackage")

    /// Runs in `folder` (relative to `root`, the fixture or a copy) with no `--package-path`.
    static func run(_ arguments: [String], in folder: String, root: String = fixture) -> CommandRun {
        let describer = RecordedPackageDescriber(root: root, recordings: fixture + "/.toolchain")
        return CommandRun.run(arguments, in: folder == "." ? root : root + "/" + folder, packageDescriber: describer)
    }

    static let expectedFindings = [
        "BrowserKit/Sources/BrowserUI/PageView.swift:2 layer-dependency",
        "Packages/Account/Package.swift:13 layer-dependency",
        "Packages/Settings/Sources/SettingsKit/Settings.swift:3 undeclared-import",
    ]

    static func findings(_ run: CommandRun) throws -> [String] {
        let report = try JSONDecoder().decode(RecordedToolchainCommandTests.Report.self, from: Data(run.standardOutput.utf8))
        return report.findings.map { "\($0.file ?? "-"):\($0.line ?? 0) \($0.rule)" }
    }

    @Test(arguments: [".", "BrowserKit", "Packages/Account/Sources/AccountKit", "Tools/ReleaseNotes"])
    func theNestedPackagesFindingsAreReportedFromAnyFolder(_ folder: String) throws {
        let run = Self.run(["check", "--format", "json", "--quiet"], in: folder)
        #expect(run.status == .violations, "\(run.standardError)")
        #expect(try Self.findings(run) == Self.expectedFindings)
    }

    @Test func fromASubfolderTheOutputIsTheSameAsFromTheRoot() {
        let fromRoot = Self.run(["check"], in: ".")
        let fromSubfolder = Self.run(["check"], in: "Packages/Settings/Sources/SettingsKit")
        #expect(fromRoot.standardOutput == fromSubfolder.standardOutput)
        #expect(fromRoot.standardError == fromSubfolder.standardError)
        #expect(fromRoot.standardOutput.contains("8 targets"))
    }

    @Test func verboseSaysWhichRootAndWhyEachFolderWasTakenOrSkipped() {
        let run = Self.run(["graph", "--verbose", "--format", "json"], in: "BrowserKit")
        #expect(run.status == .clean, "\(run.standardError)")
        #expect(run.standardError.contains("bulkhead: root \(Self.fixture): the nearest folder upward holding bulkhead.json"))
        #expect(run.standardError.contains("bulkhead: loaded Packages/Account: holds Package.swift"))
        #expect(run.standardError.contains("bulkhead: skipped BrowserKit/Tests/Fixtures: test inputs"))
        #expect(run.standardOutput.contains("\"path\" : \"Packages/Settings\""))
    }

    @Test func aMissingPathDependencyIsAWarningNotAFailure() {
        let run = Self.run(["graph"], in: ".")
        #expect(run.status == .clean)
        #expect(run.standardError.contains("warning: Packages/Settings/Package.swift:9: missing-package: .package(path:) names 'Vendor/SharedDesign', which holds no Package.swift"))
    }

    @Test func packagePathNarrowsToOnePackageWithTheRootsConfiguration() throws {
        let describer = RecordedPackageDescriber(root: Self.fixture)
        let run = CommandRun.run(["check", "--format", "json", "--quiet", "--package-path", "Packages/Account"], in: Self.fixture, packageDescriber: describer)
        #expect(try Self.findings(run) == ["BrowserKit/Sources/BrowserUI/PageView.swift:2 layer-dependency", "Packages/Account/Package.swift:13 layer-dependency"])
    }

    @Test func aPatternMatchingNothingIsAWarningAtItsKeyPath() throws {
        let copy = try Fixtures.copy("RootPackage")
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        try """
        { layers: [{ name: "Features", paths: ["Packages/*/Sources/*", "Sources/Account/*"], mayUse: [] }],
          exclude: ["Legacy/**"], workspace: { exclude: ["Vendor/**", "Packages/Settings"] } }
        """.write(toFile: copy + "/bulkhead.json", atomically: true, encoding: .utf8)
        let run = Self.run(["check"], in: ".", root: copy)
        #expect(run.standardError.contains("warning: bulkhead.json: layers[0].paths[1]: unmatched-pattern: 'Sources/Account/*' matches no target folder"), "\(run.standardError)")
        #expect(run.standardError.contains("warning: bulkhead.json: exclude[0]: unmatched-pattern: 'Legacy/**'"))
        #expect(run.standardError.contains("warning: workspace.exclude[0]: unmatched-pattern: 'Vendor/**' matches no folder"))
        #expect(!run.standardError.contains("workspace.exclude[1]"), "Packages/Settings was excluded")
        #expect(!run.standardError.contains("SharedDesign"), "the excluded package's manifest is not read")
    }

    @Test func anAffectedIgnorePatternMatchingNoFileIsAWarning() throws {
        let copy = try Fixtures.copy("RootPackage")
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        try #"{ affected: { ignore: ["Tools/**", "docs/**"] } }"#.write(toFile: copy + "/bulkhead.json", atomically: true, encoding: .utf8)
        let files = TemporaryFolder()
        let list = files.write("changes.txt", "Tools/lint.sh\n")
        let run = Self.run(["affected", "--files", list], in: ".", root: copy)
        #expect(run.standardError.contains("warning: affected.ignore[1]: unmatched-pattern: 'docs/**' matches no file"), "\(run.standardError)")
        #expect(!run.standardError.contains("affected.ignore[0]"))
        #expect(run.standardOutput.isEmpty, "Tools/** is ignored, relative to the root")
    }

    @Test func affectedSaysOnStandardErrorWhyEveryTestRuns() throws {
        // A copy outside any git repository: listed paths are relative to its root.
        let copy = try Fixtures.copy("RootPackage")
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        let files = TemporaryFolder()
        let list = files.write("changes.txt", "scripts/build.sh\n")
        for format in ["names", "json", "xcodebuild", "swift-test"] {
            let run = Self.run(["affected", "--files", list, "--format", format], in: "BrowserKit", root: copy)
            #expect(run.status == .clean, "\(run.standardError)")
            #expect(run.standardError.contains("bulkhead: every test is selected: "), "\(format): \(run.standardError)")
        }
        // Several files outside every target: said once, naming them, not once per file.
        let tooling = files.write("tooling.txt", "scripts/build.sh\nGemfile\nfastlane/Fastfile\n")
        let once = Self.run(["affected", "--files", tooling], in: "BrowserKit", root: copy)
        #expect(once.standardError.components(separatedBy: "every test is selected").count == 2, "\(once.standardError)")
        #expect(once.standardError.contains("bulkhead: every test is selected: 3 files are outside every target: scripts/build.sh, Gemfile, fastlane/Fastfile\n"),
                "\(once.standardError)")
        let snippetOnly = files.write("snippet.txt", "BrowserKit/Snippets/OpenPage.swift\n")
        let run = Self.run(["affected", "--files", snippetOnly], in: "Packages", root: copy)
        #expect(run.standardOutput.isEmpty, "a snippet change selects no test")
        #expect(!run.standardError.contains("every test"))
    }
}
