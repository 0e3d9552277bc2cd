import Configuration
import ImportScanning
import ModuleGraph
import Testing
@testable import Rules

/// Rules that assert a consequence ("a clean build fails", "does not build for release") only
/// when it is certain.
@Suite struct CertaintyTests {
    static func unreachable(_ example: RuleExample, products: [ExternalProduct]? = nil) -> [String] {
        var input = example.input(enabling: "unreachable-import")
        if let products {
            input = input.with { parts in
                parts.graph = ModuleGraph(packages: parts.graph.packages, targets: parts.graph.targets, externalProducts: products)
            }
        }
        return UnreachableImportRule().findings(in: input, severity: .error).map { "\($0.target.name) \($0.subject)" }
    }

    static func undeclared(_ example: RuleExample, products: [ExternalProduct]? = nil) -> [Finding] {
        var input = example.input(enabling: "undeclared-import")
        if let products {
            input = input.with { parts in
                parts.graph = ModuleGraph(packages: parts.graph.packages, targets: parts.graph.targets, externalProducts: products)
            }
        }
        return UndeclaredImportRule().findings(in: input, severity: .error)
    }

    @Test(arguments: [
        ["#if canImport(Storage)", "import Storage", "#endif"],
        ["#if canImport(Storage) && os(iOS)", "import Storage", "#endif"],
        ["#if !canImport(Storage)", "let x = 1", "#else", "import Storage", "#endif"],
        ["#if canImport(Storage.Sub)", "import Storage", "#endif"],
    ])
    func anImportGuardedByCanImportOfItsModuleIsNeverUnreachable(_ source: [String]) {
        let example = RuleExample("", targets: [.init("Search", source: source), .init("Storage")])
        #expect(Self.unreachable(example) == [])
    }

    @Test func aGuardedImportReachedThroughAChainIsSkippedNotBrokenWhenTheChainChanges() throws {
        let example = RuleExample("", targets: [
            .init("Search", dependencies: ["Models"], source: ["#if canImport(Storage)", "import Storage", "#endif"]),
            .init("Models", dependencies: ["Storage"]), .init("Storage"),
        ])
        let findings = Self.undeclared(example)
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding.notes.first == "reachable only through Search → Models → Storage: declare it, or builds skip this import when that chain changes")
    }

    @Test(arguments: [
        ["#if canImport(UIKit)", "import Storage", "#endif"],
        ["#if canImport(Storage) || DEBUG", "import Storage", "#endif"],
        ["#if canImport(Storage)", "#else", "import Storage", "#endif"],
    ])
    func anotherConditionDoesNotGuardTheImport(_ source: [String]) {
        let example = RuleExample("", targets: [.init("Search", source: source), .init("Storage")])
        #expect(Self.unreachable(example) == ["Search Storage"])
    }

    @Test func aGuessedProductTwoHopsDownTheChainMayProvideTheModule() throws {
        let example = RuleExample("", targets: [
            .init("Loading", dependencies: ["Model"], source: ["import TSCBasic"]),
            .init("Model", dependencies: ["Basics"]),
            .init("Basics", products: ["SwiftToolsSupport-auto@swift-tools-support-core?", "Deque@swift-collections?"]),
            .init("Options", products: ["TSCBasic@swift-tools-support-core?"]),
        ])
        #expect(Self.unreachable(example) == [])
        let notes = Self.undeclared(example)
        #expect(notes.count == 1)
        let note = try #require(notes.first)
        #expect(note.severity == .note)
        // The product of the module's own package is named, with the chain to it.
        #expect(note.message == "Loading imports TSCBasic, which cannot be checked: SwiftToolsSupport-auto (swift-tools-support-core) may provide it")
        #expect(note.notes == ["may be reachable through Loading → Model → Basics → SwiftToolsSupport-auto (swift-tools-support-core), whose modules are unknown without a checkout"])
    }

    @Test func withoutAnyUnknownProductOnTheChainTheImportIsUnreachable() {
        let example = RuleExample("", targets: [
            .init("Loading", dependencies: ["Model"], source: ["import TSCBasic"]),
            .init("Model"),
            .init("Options", products: ["TSCBasic@swift-tools-support-core?"]),
        ])
        #expect(Self.unreachable(example) == ["Loading TSCBasic"])
    }

    static let kitTargets: [RuleExample.ExampleTarget] = [
        .init("App", products: ["Kit@swift-kit"], source: ["import KitCore"]),
        .init("Other", products: ["KitCore@swift-kit"]),
    ]

    @Test func aModuleAKnownProductBuildsIsReachableThroughIt() throws {
        let products = [
            ExternalProduct(name: "Kit", package: "swift-kit", modules: ["Kit"], isGuess: false, buildsModules: ["Kit", "KitCore"]),
            ExternalProduct(name: "KitCore", package: "swift-kit", modules: ["KitCore"], isGuess: false),
        ]
        let example = RuleExample("", targets: Self.kitTargets)
        #expect(Self.unreachable(example, products: products) == [])
    }

    @Test func aKnownProductOfAnotherPackageThatDependsOnOtherPackagesMayProvideIt() {
        let example = RuleExample("", targets: [
            .init("App", dependencies: ["Support"], source: ["import KitCore"]),
            .init("Support", products: ["Build@swift-build"]),
            .init("Other", products: ["KitCore@swift-kit"]),
        ])
        let alone = [
            ExternalProduct(name: "Build", package: "swift-build", modules: ["Build"], isGuess: false),
            ExternalProduct(name: "KitCore", package: "swift-kit", modules: ["KitCore"], isGuess: false),
        ]
        #expect(Self.unreachable(example, products: alone) == ["App KitCore"])
        var depending = alone
        depending[0].dependsOnOtherPackages = true
        #expect(Self.unreachable(example, products: depending) == [])
    }

    @Test func theToolchainsTestFrameworksAreNotTestSupport() {
        let example = RuleExample("", targets: [.init("FixtureHelpers", source: ["import Testing", "import XCTest", "import XCUIAutomation", "import StoreKitTest"])])
        let input = example.input(enabling: "testing-import")
        #expect(TestingImportRule().findings(in: input, severity: .error).isEmpty)
    }

    @Test func aTestableImportOfAModuleBuiltWithTestingInReleaseBuilds() {
        let example = RuleExample("", targets: [.init("Search", dependencies: ["Storage"], source: ["@testable import Storage"]), .init("Storage")])
        let input = example.input(enabling: "testing-import")
        #expect(TestingImportRule().findings(in: input, severity: .error).count == 1)
        let enabled = input.with { parts in
            parts.graph = ModuleGraph(packages: parts.graph.packages, targets: parts.graph.targets.map { target in
                var target = target
                if target.name == "Storage" {
                    target.settings.append(BuildSetting(tool: "swift", kind: "unsafeFlags", values: ["-enable-testing"], condition: DependencyCondition(configuration: "release")))
                }
                return target
            }, externalProducts: parts.graph.externalProducts)
        }
        #expect(TestingImportRule().findings(in: enabled, severity: .error).isEmpty)
    }
}
