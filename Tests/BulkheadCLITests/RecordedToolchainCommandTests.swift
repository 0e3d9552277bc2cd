import Foundation
import PackageLoading
import TestSupport
import Testing
@testable import BulkheadCLI

/// Commands in-process over the toolchain's recorded answers (`Tests/Fixtures/*/.toolchain`,
/// kept equal to the real toolchain's by `ToolchainRecordingTests`): the rules, `why` and
/// `graph` on real fixture packages, with no `swift` launched.
@Suite(.tags(.medium)) struct RecordedToolchainCommandTests {
    /// Runs `arguments` with the recordings of `fixture` answering for the packages at `root`
    /// (the fixture itself, or a copy of it).
    static func run(_ arguments: [String], fixture: String, root: String? = nil) -> CommandRun {
        let describer = RecordedPackageDescriber(root: root ?? Fixtures.path(fixture), recordings: Fixtures.path(fixture) + "/.toolchain")
        return CommandRun.run(arguments + ["--package-path", root ?? Fixtures.path(fixture)], in: RepositoryRoot.path, packageDescriber: describer)
    }

    struct Finding: Decodable, Equatable {
        var rule: String
        var file: String?
        var line: Int?
    }

    struct Report: Decodable {
        var findings: [Finding]
    }

    @Test func checkFindsTheScannerTrapsThreeHiddenImports() throws {
        let run = Self.run(["check", "--format", "json", "--quiet"], fixture: "ScannerTraps")
        #expect(run.status == .violations, "\(run.standardError)")
        let report = try JSONDecoder().decode(Report.self, from: Data(run.standardOutput.utf8))
        // Behind an attribute on the line before, behind a byte-order mark, and second on a line
        // of semicolon-separated imports: the three the fixture hides.
        #expect(report.findings == [
            Finding(rule: "unreachable-import", file: "Sources/Features/Feature/Attributes.swift", line: 3),
            Finding(rule: "unreachable-import", file: "Sources/Features/Feature/ByteOrderMark.swift", line: 1),
            Finding(rule: "unreachable-import", file: "Sources/Features/Feature/Semicolons.swift", line: 1),
        ])
    }

    @Test func anImportAcrossPackagesThatNoManifestDeclaresIsFoundAndExplained() throws {
        let copy = try Fixtures.copy("LocalPackages")
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        let profile = copy + "/Features/Sources/Profile/ProfileModel.swift"
        try ("import Search\n" + String(contentsOfFile: profile, encoding: .utf8)).write(toFile: profile, atomically: true, encoding: .utf8)

        let check = Self.run(["check", "--format", "xcode", "--quiet"], fixture: "LocalPackages", root: copy)
        #expect(check.status == .violations)
        #expect(check.standardOutput.contains("Features/Sources/Profile/ProfileModel.swift:1:8: error: Profile imports Search, which it does not declare [unreachable-import]"))

        let why = Self.run(["why", "Profile", "Search"], fixture: "LocalPackages", root: copy)
        #expect(why.status == .clean)
        #expect(why.standardOutput == "Profile ⇢ Search\n\n⇢ an import in the sources that the manifest does not declare\n")
        let declaredOnly = Self.run(["why", "Profile", "Search", "--manifest-only"], fixture: "LocalPackages", root: copy)
        #expect(declaredOnly.status == .violations)
    }

    @Test func whyListsEveryPathShortestFirstAcrossPackages() {
        let run = Self.run(["why", "AppMain", "Models"], fixture: "LocalPackages")
        #expect(run.status == .clean)
        let paths = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(paths.first == "AppMain → Models")
        #expect(paths.count == 6)
        #expect(zip(paths, paths.dropFirst()).allSatisfy { $0.components(separatedBy: "→").count <= $1.components(separatedBy: "→").count })
    }

    @Test func whySaysHowManyPathsTheLimitLeftOut() throws {
        let run = Self.run(["why", "AppMain", "Models", "--limit", "2"], fixture: "LocalPackages")
        #expect(run.standardOutput.split(separator: "\n").map(String.init) == [
            "AppMain → Models", "AppMain → Networking → Models", "… and 4 more paths; --limit 6 shows them",
        ])
        let json = Self.run(["why", "AppMain", "Models", "--limit", "2", "--format", "json"], fixture: "LocalPackages")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(document["notShown"] as? Int == 4)
    }

    @Test func whyReachesAProductOfARemotePackageByItsNameOrAModuleOfIt() {
        // Driver declares ToolsKit-auto, whose checkout says it provides the ToolsBasic module.
        for name in ["ToolsKit-auto", "ToolsBasic"] {
            let run = Self.run(["why", "Driver", name], fixture: "RemoteCheckout")
            #expect(run.status == .clean, "\(run.standardError)")
            #expect(run.standardOutput == "Driver → ToolsKit-auto (swift-tools-kit)\n")
        }
        let unknown = Self.run(["why", "Driver", "ToolsKit-aut"], fixture: "RemoteCheckout")
        #expect(unknown.status == .usage)
        #expect(unknown.standardError.contains("did you mean 'ToolsKit-auto'?"))
    }

    @Test func graphJSONCarriesTheCrossPackageEdges() throws {
        let run = Self.run(["graph", "--format", "json"], fixture: "LocalPackages")
        #expect(run.status == .clean, "\(run.standardError)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let targets = try #require(document["targets"] as? [[String: Any]])
        let app = try #require(targets.first { $0["name"] as? String == "AppMain" })
        let dependencies = try #require(app["dependencies"] as? [[String: String]])
        // AppMain (package app) reaches Core's Models through the product CoreKit.
        #expect(dependencies.contains(["package": "core", "product": "CoreKit", "target": "Models"]))
        #expect(app["package"] as? String == "app")
    }

    @Test func aMissingRecordingIsAToolFailureNamingTheFile() {
        let run = Self.run(["check"], fixture: "ScannerCorpus")
        #expect(run.status == .failure)
    }
}
