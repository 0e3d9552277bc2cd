import Configuration
import Diagnostics
import TestSupport
import Testing
@testable import Rules

/// `imports.ignore`: no rule reports an import of a module it names; the rest stands.
@Suite(.tags(.small)) struct IgnoredImportsTests {
    static let source = ["import Networking", "import Foundation", "import Storage"]

    @Test func anIgnoredModulesImportsAreReportedByNoRule() {
        var workspace = CheckTests.workspace(searchSource: Self.source)
        let before = Check.run(workspace)
        #expect(before.diagnostics.contains { $0.message.contains("Networking") })

        workspace.configuration.importIgnores = [ImportIgnore(module: "Net*", reason: "moving in Q3")]
        let after = Check.run(workspace)
        #expect(!after.diagnostics.contains { $0.message.contains("Networking") })
        #expect(after.findings.allSatisfy { $0.finding.subject != "Networking" })
        // What is not an import of Networking is judged as before.
        #expect(after.diagnostics == before.diagnostics.filter { !$0.message.contains("Networking") })
    }

    @Test func aGlobMatchingNoImportChangesNothing() {
        var workspace = CheckTests.workspace(searchSource: Self.source)
        let before = Check.run(workspace)
        workspace.configuration.importIgnores = [ImportIgnore(module: "Firebase*", reason: "linked by the app")]
        #expect(Check.run(workspace).diagnostics == before.diagnostics)
    }
}
