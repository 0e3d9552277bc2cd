import Foundation
import PackageLoading
import TestSupport
import Testing
@testable import BulkheadCLI

/// `undeclared-import` and remote products: an import a declared product may provide is not an
/// error when the product's modules are unknown, and is decided from the checkout when known.
@Suite(.tags(.medium)) struct RemoteProductCheckTests {
    struct Finding: Decodable, Equatable {
        var rule: String
        var severity: String
        var file: String?
    }

    struct Report: Decodable {
        var findings: [Finding]
    }

    static func findings(root: String) throws -> [Finding] {
        let run = RecordedToolchainCommandTests.run(["check", "--format", "json", "--quiet"], fixture: "RemoteCheckout", root: root)
        return try JSONDecoder().decode(Report.self, from: Data(run.standardOutput.utf8)).findings
    }

    /// Only Options, which declares nothing (so nothing leads to the module: unreachable), is
    /// reported; Driver's imports come from the product.
    static let options = Finding(rule: "unreachable-import", severity: "error", file: "Sources/Options/Options.swift")

    @Test func withTheCheckoutOnlyTheRealUndeclaredImportIsReported() throws {
        #expect(try Self.findings(root: Fixtures.path("RemoteCheckout")) == [Self.options])
    }

    @Test func withoutTheCheckoutAnImportTheUnknownProductMayProvideIsNotAnError() throws {
        let copy = try Fixtures.copy("RemoteCheckout")
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        try FileManager.default.removeItem(atPath: copy + "/.build")
        // ToolsBasic is known (Utility names its product) but may be in ToolsKit-auto too: a note.
        let run = RecordedToolchainCommandTests.run(["check", "--format", "json"], fixture: "RemoteCheckout", root: copy)
        let notes = run.standardError.split(separator: "\n").filter { $0.hasPrefix("note: the modules of") }
        #expect(notes == ["note: the modules of 2 remote products are unknown (no checkout found), so imports they may provide are notes, not findings: run `swift package resolve` in ."])
        // ToolsUtility is in no table at all without the checkout: a note that says what would tell.
        #expect(try Self.findings(root: copy) == [
            Finding(rule: "undeclared-import", severity: "note", file: "Sources/Driver/Driver.swift"),
            Finding(rule: "unknown-module", severity: "note", file: "Sources/Driver/Driver.swift"), Self.options,
        ])
        let text = RecordedToolchainCommandTests.run(["check", "--quiet"], fixture: "RemoteCheckout", root: copy).standardOutput
        // Never "not provided" while a declared product's modules are unknown: it is named instead.
        #expect(text.contains("Sources/Driver/Driver.swift:2:8: note: Driver imports ToolsUtility, which cannot be checked: ToolsKit-auto (swift-tools-kit) may provide it [unknown-module]\n"
            + "    note: Driver declares ToolsKit-auto (swift-tools-kit) without a checkout: its modules are unknown, and a checkout would tell\n"), "\(text)")
    }
}
