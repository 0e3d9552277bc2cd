import Foundation
import PackageLoading
import TestSupport
import Testing
@testable import BulkheadCLI

/// `check`, `why` and `graph` on the LinkedProjects fixture: a workspace whose targets link
/// through their Frameworks phases (a framework of the same project, one of another project, a
/// local package product), embed an extension and a bundle, host a unit-test bundle, and share a
/// synchronized folder through exception sets.
@Suite(.tags(.medium)) struct LinkedProjectsCommandTests {
    static func run(_ arguments: [String]) -> CommandRun {
        RecordedToolchainCommandTests.run(arguments, fixture: "LinkedProjects")
    }

    /// What is left: the file the exception set adds to Action imports Kit, which Action does not
    /// link, and the test bundle imports Gadgets, which its host does not link. Not reported: the
    /// Frameworks-phase links (Action → Core, App → Kit, App → Helpers), the container-proxy
    /// dependency (App → Toolbox), the embedded bundle and extension, the host's modules the test
    /// bundle imports, the app's `@testable import App`, and files the folder's exceptions keep
    /// out of App.
    @Test func checkReportsOnlyWhatXcodeWouldNotBuild() {
        let run = Self.run(["check", "--format", "xcode", "--quiet"])
        #expect(run.status == .violations, "\(run.standardError)")
        let errors = run.standardOutput.split(separator: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") }
        #expect(errors == [
            "Tests/Fixtures/LinkedProjects/AppTests/AppTests.swift:3:8: error: AppTests imports Gadgets, which it does not declare [unreachable-import]",
            "Tests/Fixtures/LinkedProjects/Shared/SharedModel.swift:1:8: error: Action imports Kit, which it does not declare [unreachable-import]",
        ], "\(run.standardOutput)")
    }

    /// The shape of issue 48's app: imports of targets of another project of the workspace have
    /// no fix, and `--fix` said each was inside #if (none is). Each is left with its reason.
    @Test func fixLeavesEachImportWithItsOwnReason() {
        let run = Self.run(["check", "--fix", "--dry-run"])
        let left = run.standardError.split(separator: "\n").filter { $0.hasPrefix("  left ") }
        #expect(left.count == 2, "\(run.standardError)")
        #expect(left.allSatisfy { $0.hasSuffix("is a target of another Xcode project: it is linked through the workspace, which Bulkhead does not edit") }, "\(left)")
        #expect(!run.standardError.contains("#if"), "\(run.standardError)")
    }

    @Test func hostedTestsExplicitReportsTheModulesTheHostLinks() {
        let folder = TemporaryFolder()
        let configuration = folder.write("bulkhead.json", #"{ "testing": { "hostedTests": "explicit" } }"#)
        let run = Self.run(["check", "--format", "xcode", "--quiet", "--config", configuration])
        #expect(run.standardOutput.contains("AppTests/AppTests.swift:2:8: error: AppTests imports Core, which it does not declare [undeclared-import]"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("AppTests/AppTests.swift:4:8: error: AppTests imports Kit, which it does not declare [undeclared-import]"), "\(run.standardOutput)")
    }

    @Test func anUnknownHostedTestsChoiceIsAConfigurationError() {
        let folder = TemporaryFolder()
        let configuration = folder.write("bulkhead.json", #"{ "testing": { "hostedTests": "explict" } }"#)
        let run = Self.run(["check", "--config", configuration])
        #expect(run.status == .failure)
        #expect(run.standardError.contains("testing.hostedTests"), "\(run.standardError)")
        #expect(run.standardError.contains("did you mean 'explicit'?"), "\(run.standardError)")
    }

    @Test(arguments: [
        ("Action", "Core", "Action → Core (linked in Frameworks)"),
        ("App", "Kit", "App → Kit (linked in Frameworks)"),
        ("App", "Helpers", "App → Helpers (linked in Frameworks)"),
        ("App", "Toolbox", "App → Toolbox"),
        ("App", "Assets", "App → Assets (embedded)"),
        ("AppTests", "App", "AppTests → App (hosted)"),
    ])
    func whyShowsHowEachHopArrived(_ from: String, _ to: String, _ expected: String) {
        let run = Self.run(["why", from, to, "--manifest-only"])
        #expect(run.status == .clean, "\(run.standardError)")
        #expect(run.standardOutput == expected + "\n")
    }

    @Test func whyAndGraphJSONCarryTheArrival() throws {
        let why = Self.run(["why", "Action", "Core", "--manifest-only", "--format", "json"])
        #expect(why.standardOutput.contains(#""arrivals" : ["#), "\(why.standardOutput)")
        #expect(why.standardOutput.contains(#""linked""#), "\(why.standardOutput)")
        let graph = Self.run(["graph", "--format", "json"])
        #expect(graph.status == .clean, "\(graph.standardError)")
        struct Document: Decodable {
            struct Target: Decodable {
                struct Dependency: Decodable { var target: String?; var product: String?; var arrival: String? }
                var name: String
                var dependencies: [Dependency]
            }
            var targets: [Target]
        }
        let document = try JSONDecoder().decode(Document.self, from: Data(graph.standardOutput.utf8))
        let app = try #require(document.targets.first { $0.name == "App" })
        #expect(app.dependencies.map { "\($0.target ?? $0.product ?? "") \($0.arrival ?? "declared")" }.sorted() == [
            "Action embedded", "Assets embedded", "Core declared", "Helpers linked", "Kit linked", "Toolbox declared",
        ])
    }
}
