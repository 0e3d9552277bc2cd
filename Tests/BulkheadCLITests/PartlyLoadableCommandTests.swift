import Foundation
import PackageLoading
import TestSupport
import Testing
@testable import BulkheadCLI

/// `check` on a repository where some packages cannot load (`Tests/Fixtures/PartlyLoadable`:
/// Future declares tools version 999.0, Broken's manifest does not compile and App depends on
/// it): each is a `package-unloadable` finding, App is checked, and the run exits 1 with the
/// whole report — unless the package the run is pointed at is the one that cannot load.
@Suite(.tags(.medium)) struct PartlyLoadableCommandTests {
    typealias Finding = RecordedToolchainCommandTests.Finding
    typealias Report = RecordedToolchainCommandTests.Report

    static func run(_ arguments: [String], root: String? = nil) -> CommandRun {
        RecordedToolchainCommandTests.run(arguments, fixture: "PartlyLoadable", root: root)
    }

    static func findings(_ run: CommandRun) throws -> [Finding] {
        try JSONDecoder().decode(Report.self, from: Data(run.standardOutput.utf8)).findings
    }

    @Test func eachPackageThatCannotLoadIsAFindingAndTheRestIsChecked() throws {
        let run = Self.run(["check", "--format", "json", "--quiet"])
        #expect(run.status == .violations, "\(run.standardError)")
        #expect(try Self.findings(run) == [
            Finding(rule: "unreachable-import", file: "App/Sources/AppFeature/Feature.swift", line: 1),
            Finding(rule: "package-unloadable", file: "Broken/Package.swift", line: 6),
            Finding(rule: "package-unloadable", file: "Future/Package.swift", line: 6),
        ])
        let text = Self.run(["check", "--format", "xcode", "--quiet"])
        #expect(text.standardOutput.contains(
            "Future/Package.swift:6:11: error: the package in Future could not be loaded, so it is not checked: package 'future' is using Swift tools version 999.0.0 but the installed version is"))
        #expect(text.standardOutput.contains("or leave it out with workspace.exclude: [\"Future\"] in bulkhead.json"))
        #expect(text.standardOutput.contains("Broken/Package.swift:6:11: error: the package in Broken could not be loaded, so it is not checked: the manifest does not compile: Broken/Package.swift:11:50:"))
    }

    @Test func commandsWithoutFindingsWarnOfWhatTheyLeftOut() {
        let graph = Self.run(["graph", "--format", "json"])
        #expect(graph.status == .clean, "\(graph.standardError)")
        #expect(graph.standardError.contains("warning: Future/Package.swift: package-unloadable: Future could not be loaded and is left out: package 'future' is using Swift tools version 999.0.0"))
        #expect(graph.standardError.contains("warning: Broken/Package.swift: package-unloadable: Broken could not be loaded and is left out: the manifest does not compile"))
        // check reports them as findings, not twice.
        #expect(!Self.run(["check", "--format", "json"]).standardError.contains("package-unloadable"))
    }

    @Test func thePackageTheRunIsPointedAtStillEndsTheRun() {
        let fixture = Fixtures.path("PartlyLoadable")
        let future = CommandRun.run(["check", "--quiet", "--package-path", fixture + "/Future"], in: RepositoryRoot.path,
                                    packageDescriber: RecordedPackageDescriber(root: fixture))
        #expect(future.status == .failure)
        #expect(future.standardError.contains("is using Swift tools version 999.0.0"))
        #expect(future.standardOutput.isEmpty)
    }

    @Test func theFindingIsBaselinedAndSuppressedLikeAnyOther() throws {
        let copy = try Fixtures.copy("PartlyLoadable")
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        let baseline = Self.run(["baseline", "--quiet"], root: copy)
        #expect(baseline.status == .clean, "\(baseline.standardError)")
        #expect(try String(contentsOfFile: copy + "/bulkhead-baseline.json", encoding: .utf8).contains("\"rule\" : \"package-unloadable\""))
        #expect(Self.run(["check", "--quiet"], root: copy).status == .clean)
        try FileManager.default.removeItem(atPath: copy + "/bulkhead-baseline.json")

        // Above the package's `name:` line, where the finding is placed.
        let manifest = copy + "/Future/Package.swift"
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        try text.replacingOccurrences(of: "    name: \"Future\",", with: "    // bulkhead:ignore package-unloadable - an example for the next toolchain\n    name: \"Future\",")
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        let suppressed = Self.run(["check", "--format", "json", "--quiet"], root: copy)
        #expect(suppressed.status == .violations)
        #expect(try Self.findings(suppressed).map(\.file) == ["App/Sources/AppFeature/Feature.swift", "Broken/Package.swift"])
    }
}
