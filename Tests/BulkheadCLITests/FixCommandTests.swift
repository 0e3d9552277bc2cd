import Engine
import Diagnostics
import Foundation
import PackageLoading
import ModuleGraph
import Rules
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

    /// Issue 24: the reason a refused edit gives names the reference that leads out of the
    /// repository: a package's `.package(path:)`, a project's local package reference, a
    /// workspace's reference to a project, or a symbolic link.
    @Test func aFileOutsideTheRepositoryIsRefusedNamingItsReference() {
        let graph = ModuleGraph(packages: [
            PackageNode(identity: "root", name: "Root", origin: .local(path: "."), dependencies: ["outside"]),
            PackageNode(identity: "outside", name: "Outside", origin: .local(path: "../outside")),
            PackageNode(identity: "app", name: "App", origin: .project(path: "App.xcodeproj"), dependencies: ["modules"]),
            PackageNode(identity: "modules", name: "Modules", origin: .local(path: "../Modules")),
            PackageNode(identity: "outside-app", name: "OutsideApp", origin: .project(path: "../outside-app/App.xcodeproj")),
            PackageNode(identity: "linked", name: "Linked", origin: .local(path: "Linked")),
        ], targets: [])
        #expect(FixOutcome.outsideReason("../outside/Package.swift", package: "outside", graph: graph)
            == "../outside/Package.swift is outside the repository (reached through .package(path:) in the manifest of package 'Root'); Bulkhead edits only files inside it")
        #expect(FixOutcome.outsideReason("../Modules/Package.swift", package: "modules", graph: graph)
            == "../Modules/Package.swift is outside the repository (reached through the local package reference of App.xcodeproj); Bulkhead edits only files inside it")
        #expect(FixOutcome.outsideReason("../outside-app/App.xcodeproj/project.pbxproj", package: "outside-app", graph: graph)
            == "../outside-app/App.xcodeproj/project.pbxproj is outside the repository (reached through the workspace's reference to it); Bulkhead edits only files inside it")
        #expect(FixOutcome.outsideReason("Linked/Package.swift", package: "linked", graph: graph)
            == "Linked/Package.swift is outside the repository (reached through a symbolic link); Bulkhead edits only files inside it")
    }

    /// What `--fix` reports as left is the check of the graph the edits make: an added
    /// dependency is an edge, a removed one is gone.
    @Test func theFixedGraphHasTheEditedEdges() {
        let app = TargetID(package: "p", name: "App")
        let graph = ModuleGraph(packages: [PackageNode(identity: "p", name: "P", origin: .local(path: "."))], targets: [
            Target(id: app, kind: .library, moduleName: "App", path: "Sources/App",
                   dependencies: [DependencyEdge(.target(TargetID(package: "p", name: "Legacy")))]),
        ])
        func placed(_ fix: ManifestFix) -> PlacedFinding {
            var finding = Finding(ruleID: "r", severity: .error, target: app, subject: "s", message: "m", place: .manifest(dependency: nil))
            finding.fix = fix
            return PlacedFinding(finding: finding, location: SourceLocation(path: "Package.swift"), targetName: "App")
        }
        let fixed = FixOutcome.fixedGraph(graph, fixed: [
            placed(.removeDependency(name: "Legacy")),
            placed(.addDependency(spelling: "\"Storage\"", name: "Storage")),
            placed(.addDependency(spelling: ".product(name: \"Kit\", package: \"kit\")", name: "Kit")),
        ])
        #expect(fixed.target(app)?.dependencies.map(\.destination) == [
            .target(TargetID(package: "p", name: "Storage")), .product(name: "Kit", package: "kit"),
        ])
    }
}
