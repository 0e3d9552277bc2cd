import Configuration
import Diagnostics
import TestSupport
import Testing
@testable import Rules

/// `unknown-module`: imports of modules nothing read accounts for are notes; a checkout, a target
/// or the SDK table accounts for them; another rule's import finding is that rule's.
@Suite(.tags(.small)) struct UnknownModuleRuleTests {
    static func findings(_ example: RuleExample) -> [Finding] {
        Checker.run(example.input(enabling: "unknown-module")).filter { $0.ruleID == "unknown-module" }
    }

    @Test func aModuleNoPackageProvidesIsANoteWithTheMessage() throws {
        let found = Self.findings(RuleExample("checked out", targets: [
            .init("Server", products: ["Logging@swift-log"], source: ["import Foundation", "import Logging", "import NIOCore"]),
        ]))
        let finding = try #require(found.first)
        #expect(found.count == 1 && finding.subject == "NIOCore")
        #expect(RuleCatalog.description(of: "unknown-module")?.defaultSeverity == .note)
        #expect(finding.message == "Server imports NIOCore, which is not provided by any declared dependency Bulkhead can see; if it comes from a remote package, declare that package's product")
        #expect(finding.notes.isEmpty)
    }

    @Test func aDeclaredProductWithoutACheckoutIsNamedAsAPossibleProvider() throws {
        let found = Self.findings(RuleExample("unchecked", targets: [
            .init("Server", products: ["NIO@swift-nio?"], source: ["import NIO", "import NIOCore"]),
        ]))
        #expect(found.map(\.subject) == ["NIOCore"])
        // Never "not provided": the declared product's modules are unknown.
        #expect(found.first?.message == "Server imports NIOCore, which cannot be checked: NIO (swift-nio) may provide it")
        #expect(found.first?.notes == ["Server declares NIO (swift-nio) without a checkout: its modules are unknown, and a checkout would tell"])
    }

    /// A product without a checkout down a declared chain is built first, so its modules are
    /// importable: the import cannot be checked either, and the chain is named.
    @Test func aProductWithoutACheckoutDownADeclaredChainIsNamedWithItsChain() throws {
        let found = Self.findings(RuleExample("chain", targets: [
            .init("Server", dependencies: ["Storage"], source: ["import Storage", "import NIOCore"]),
            .init("Storage", products: ["NIO@swift-nio?"]),
        ]))
        let finding = try #require(found.first)
        #expect(found.count == 1 && finding.message == "Server imports NIOCore, which cannot be checked: NIO (swift-nio) may provide it")
        #expect(finding.notes == ["reachable through Server → Storage → NIO (swift-nio), which has no checkout: its modules are unknown, and a checkout would tell"])
    }

    /// With a checkout of everything the target builds, a module nobody provides is said to be so.
    @Test func withEveryModuleKnownTheImportIsNotProvided() throws {
        let found = Self.findings(RuleExample("known", targets: [
            .init("Server", dependencies: ["Storage"], source: ["import NIOCore"]),
            .init("Storage", products: ["NIO@swift-nio"]),
            .init("Other", products: ["Crypto@swift-crypto?"]),
        ]))
        #expect(found.first?.message.contains("which is not provided by any declared dependency") == true)
        #expect(found.first?.notes == ["1 declared remote product has no checkout here, and one may provide it under another name; a checkout would tell"])
    }

    @Test func targetsSDKModulesAndTestFrameworksAreAccountedFor() {
        #expect(Self.findings(RuleExample("known", targets: [
            .init("Server", dependencies: ["Storage"], source: ["import Foundation", "import UIKit", "import Glibc", "import Storage"]),
            .init("Storage"),
            .init("ServerTests", kind: "test", dependencies: ["Server"], source: ["import XCTest", "import Testing", "@testable import Server"]),
        ])).isEmpty)
    }

    /// Apple frameworks real apps import (found as false notes on real apps): tabled per platform,
    /// every Apple platform's, a C module of the SDK, or Apple's with platforms not tabled, or of
    /// a newer SDK than the table's — none is an unknown module.
    @Test func appleFrameworksWhosePlatformsAreUncertainAreAccountedFor() {
        #expect(Self.findings(RuleExample("apple", targets: [
            .init("App", source: ["import AudioToolbox", "import CommonCrypto", "import PDFKit", "import MetricKit", "import Social",
                                  "import Accounts", "import FoundationModels", "import SQLite3", "import zlib"]),
        ])).isEmpty)
    }

    @Test func anUndeclaredTargetsModuleIsKnown() {
        // Storage is a target Server does not declare: known, so unreachable-import judges it, not this rule.
        let example = RuleExample("undeclared", targets: [.init("Server", source: ["import Storage"]), .init("Storage")])
        #expect(Self.findings(example).isEmpty)
    }
}

/// `unused-dependency` for a declared remote product without a checkout: judged by its name,
/// said to be a guess, with no fix; not judged while the target imports an unknown module.
@Suite(.tags(.small)) struct GuessedUnusedDependencyTests {
    static func findings(_ example: RuleExample) -> [Finding] {
        Checker.run(example.input(enabling: "unused-dependency")).filter { $0.ruleID == "unused-dependency" }
    }

    @Test func aGuessedProductNoSourceImportsIsAGuessWithoutAFix() throws {
        let found = Self.findings(RuleExample("guess", targets: [
            .init("Server", products: ["LRUCache@lrucache?"], source: ["import Foundation"]),
        ]))
        let finding = try #require(found.first)
        #expect(found.count == 1 && finding.subject == "LRUCache")
        #expect(finding.notes == [GuessedProducts.note])
        #expect(finding.fix == nil)
    }

    @Test func aGuessedProductImportedByNameIsUsed() {
        #expect(Self.findings(RuleExample("used", targets: [
            .init("Server", products: ["LRUCache@lrucache?"], source: ["import LRUCache"]),
        ])).isEmpty)
    }

    @Test func anUnknownImportMayBeTheGuessedProductsUnderAnotherName() {
        #expect(Self.findings(RuleExample("maybe", targets: [
            .init("Server", products: ["NIO@swift-nio?"], source: ["import NIOCore"]),
        ])).isEmpty)
    }

    /// Another guessed product the target imports may re-export the one no source names
    /// (swift-dependencies' `Dependencies` re-exports `IssueReporting`): without its checkout the
    /// declaration may be in use, so it is not judged. isowords' Build declares both and imports
    /// only Dependencies; a checkout shows IssueReporting used.
    @Test func aGuessedProductAnotherImportedGuessMayReexportIsNotJudged() {
        #expect(Self.findings(RuleExample("reexport", targets: [
            .init("Build", products: ["Dependencies@swift-dependencies?", "IssueReporting@xctest-dynamic-overlay?"],
                  source: ["import Dependencies"]),
        ])).isEmpty)
    }

    /// An umbrella product's modules are unknown: an import nothing accounts for, and which is
    /// not the name of a product the target declares, may be the umbrella's.
    @Test func anImportOfAnotherTargetsProductNameMayBeTheUmbrellas() {
        #expect(Self.findings(RuleExample("umbrella", targets: [
            .init("IntegrationTests", products: ["SwiftToolsSupport-auto@swift-tools-support-core?"], source: ["import TSCBasic"]),
            .init("Other", products: ["TSCBasic@swift-tools-support-core?"], source: ["import TSCBasic"]),
        ])).isEmpty)
    }

    @Test func withACheckoutTheFindingIsCertainAndFixable() throws {
        let found = Self.findings(RuleExample("certain", targets: [
            .init("Server", products: ["LRUCache@lrucache"], source: ["import Foundation"]),
        ]))
        #expect(found.count == 1)
        #expect(found.first?.notes.isEmpty == true)
        #expect(found.first?.fix == .removeDependency(name: "LRUCache"))
    }
}
