import Configuration
import ImportScanning
import ModuleGraph
import TestSupport
import Testing
@testable import Rules

/// A file two targets compile holds one import site per target: one target's finding on it (even
/// a note) never hides the other's.
@Suite(.tags(.small)) struct SharedFileImportTests {
    @Test func anUnreachableImportInAFileTwoTargetsCompileIsReportedForTheTargetThatCannotReachIt() {
        let shared = SourceFile(path: "Shared/Helper.swift", imports: ImportScanner.scan("import Core\n").imports)
        func target(_ name: String, _ dependencies: [String]) -> Target {
            Target(id: TargetID(package: "p", name: name), kind: .library, moduleName: name, path: "Sources/\(name)",
                   dependencies: dependencies.map { DependencyEdge(.target(TargetID(package: "p", name: $0))) })
        }
        let graph = ModuleGraph(packages: [PackageNode(identity: "p", name: "P", origin: .local(path: "."))],
                                targets: [target("App", ["Feature"]), target("Widget", []), target("Feature", ["Core"]), target("Core", [])])
        let sources = [TargetID(package: "p", name: "App"): [shared], TargetID(package: "p", name: "Widget"): [shared]]
        let findings = Checker.run(CheckInput(graph: graph, sources: sources, configuration: Configuration()))
        // App reaches Core through Feature (undeclared); Widget reaches it not at all (unreachable).
        let imports = findings.filter { $0.ruleID.hasSuffix("-import") }
        #expect(imports.map { "\($0.ruleID) \($0.target.name)" }.sorted() == ["undeclared-import App", "unreachable-import Widget"])
    }
}
