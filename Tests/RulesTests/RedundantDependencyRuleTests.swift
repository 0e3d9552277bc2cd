import Configuration
import Diagnostics
import ImportScanning
import ModuleGraph
import TestSupport
import Testing
@testable import Rules

/// `redundant-dependency` on hand-made inputs, for what the rule's examples do not show:
/// conditions on either side, products of local packages, chains of re-exports, and how it
/// yields to `unused-dependency`.
@Suite(.tags(.small)) struct RedundantDependencyRuleTests {
    static let rule = RedundantDependencyRule.description.id

    /// `targets` in package "example" (with the example's scanned sources) and package "vendor",
    /// which vends Payments, Receipts and PaymentsKit (both); `edges` replace the declared
    /// dependencies of the targets they name. Every rule at its default severity, and this one
    /// as a warning.
    static func input(_ targets: [RuleExample.ExampleTarget], edges: [String: [DependencyEdge]] = [:],
                      configure: (inout Configuration) -> Void = { _ in }) -> CheckInput {
        let example = RuleExample("test", targets: targets + [.init("Payments", package: "vendor"), .init("Receipts", package: "vendor")])
        let base = example.input(enabling: rule)
        var configuration = Configuration(rules: [rule: .warning])
        configure(&configuration)
        return base.with { parts in
            var packages = parts.graph.packages
            if let index = packages.firstIndex(where: { $0.identity == "vendor" }) {
                packages[index].products = [
                    Product(name: "Payments", type: "library", linkage: "automatic", targets: ["Payments"]),
                    Product(name: "Receipts", type: "library", linkage: "automatic", targets: ["Receipts"]),
                    Product(name: "PaymentsKit", type: "library", linkage: "automatic", targets: ["Payments", "Receipts"]),
                ]
            }
            let targets = parts.graph.targets.map { target in
                var target = target
                if let replaced = edges[target.name] { target.dependencies = replaced }
                return target
            }
            parts.graph = ModuleGraph(packages: packages, targets: targets, externalProducts: parts.graph.externalProducts)
            parts.configuration = configuration
        }
    }

    static func target(_ name: String, platforms: [String]? = nil) -> DependencyEdge {
        DependencyEdge(.target(TargetID(package: "example", name: name)), condition: platforms.map { DependencyCondition(platforms: $0) })
    }

    static func product(_ name: String, platforms: [String]? = nil) -> DependencyEdge {
        DependencyEdge(.product(name: name, package: "vendor"), condition: platforms.map { DependencyCondition(platforms: $0) })
    }

    static func redundant(_ input: CheckInput) -> [Finding] {
        Checker.run(input).filter { $0.ruleID == rule }
    }

    static let kit: [RuleExample.ExampleTarget] = [
        .init("Kit", dependencies: ["Models"], source: ["@_exported import Models"]),
        .init("Models"),
    ]

    @Test func aReexportedDependencyIsReportedAtItsDeclarationWithTheRouteAndAFix() throws {
        let findings = Self.redundant(Self.input([.init("Search", dependencies: ["Kit", "Models"], source: ["import Kit"])] + Self.kit))
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.subject == "Models" && finding.target.name == "Search")
        #expect(finding.message == "Search declares Models, but already gets its module Models through Kit (Kit re-exports Models, @_exported in Sources/Kit/Kit.swift)")
        #expect(finding.place == .manifest(dependency: "Models"))
        #expect(finding.fix == .removeDependency(name: "Models"))
    }

    @Test func aChainOfReexportsHandsTheModuleOn() throws {
        let findings = Self.redundant(Self.input([
            .init("Search", dependencies: ["Kit", "Models"], source: ["import Kit"]),
            .init("Kit", dependencies: ["Core"], source: ["@_exported import Core"]),
            .init("Core", dependencies: ["Models"], source: ["@_exported import Models"]),
            .init("Models"),
        ]))
        #expect(findings.map(\.message) == ["Search declares Models, but already gets its module Models through Kit (Kit re-exports Core, Core re-exports Models, @_exported in Sources/Core/Core.swift)"])
    }

    /// Only a re-export every build makes counts: not under `#if`, not of a declaration or a
    /// submodule, not of a module the re-exporter reaches only on some platforms.
    @Test(arguments: [
        ["#if os(iOS)", "@_exported import Models", "#endif"],
        ["@_exported import struct Models.Model"],
        ["@_exported import Models.Sub"],
    ])
    func aPartialReexportIsNoProvider(_ kitSource: [String]) {
        let findings = Self.redundant(Self.input([
            .init("Search", dependencies: ["Kit", "Models"], source: ["import Kit"]),
            .init("Kit", dependencies: ["Models"], source: kitSource), .init("Models"),
        ]))
        #expect(findings.isEmpty, "\(findings.map(\.message))")
    }

    @Test func aReexportOfAModuleReachedOnlyOnSomePlatformsIsNoProvider() {
        let findings = Self.redundant(Self.input([.init("Search", dependencies: ["Kit", "Models"], source: ["import Kit"])] + Self.kit,
                                                 edges: ["Kit": [Self.target("Models", platforms: ["ios"])]]))
        #expect(findings.isEmpty, "\(findings.map(\.message))")
    }

    /// The provider's condition must hold wherever the redundant declaration's does; a
    /// conditional redundant declaration is reported without a fix (the editor removes only
    /// plain elements, and would take the other one).
    @Test func conditionsOnEitherSide() throws {
        let search: [RuleExample.ExampleTarget] = [.init("Search", dependencies: ["Kit", "Models"], source: ["import Kit"])] + Self.kit
        let narrowProvider = Self.input(search, edges: ["Search": [Self.target("Kit", platforms: ["ios"]), Self.target("Models")]])
        #expect(Self.redundant(narrowProvider).isEmpty)

        let narrowDeclaration = Self.input(search, edges: ["Search": [Self.target("Kit"), Self.target("Models", platforms: ["ios"])]])
        let finding = try #require(Self.redundant(narrowDeclaration).first)
        #expect(finding.fix == nil)
        #expect(finding.notes == ["it has a condition, so remove it by hand"])

        let wider = Self.input(search, edges: ["Search": [Self.target("Kit", platforms: ["ios", "macos"]), Self.target("Models", platforms: ["iOS"])]])
        #expect(Self.redundant(wider).map(\.subject) == ["Models"])
        let narrower = Self.input(search, edges: ["Search": [Self.target("Kit", platforms: ["ios"]), Self.target("Models", platforms: ["ios", "macos"])]])
        #expect(Self.redundant(narrower).isEmpty)
    }

    @Test func aProviderNoSourceUsesIsUnusedDependencysToReport() {
        let findings = Checker.run(Self.input([.init("Search", dependencies: ["Kit", "Models"], source: ["import Models"])] + Self.kit) { configuration in
            configuration.rules["unused-dependency"] = .warning
        })
        #expect(findings.map { "\($0.ruleID) \($0.subject)" } == ["unused-dependency Kit"])
    }

    @Test func aDependencyNoSourceUsesIsReportedAsUnusedOnly() {
        let findings = Checker.run(Self.input([.init("Search", dependencies: ["Models", "Models"], source: ["let x = 1"]), .init("Models")]) { configuration in
            configuration.rules["unused-dependency"] = .warning
        })
        #expect(findings.map { "\($0.ruleID) \($0.subject)" } == ["unused-dependency Models"])
    }

    @Test func aLinkOnlyDependencyIsNeverReported() {
        let input = Self.input([.init("App", dependencies: ["Kit", "Models"], source: ["import Kit"])] + Self.kit) { configuration in
            configuration.linkOnly = [LinkOnlyDependency(parsing: "App → Models")].compactMap { $0 }
        }
        #expect(Self.redundant(input).isEmpty)
    }

    @Test func theSameTargetDeclaredThriceIsOneFinding() throws {
        let findings = Self.redundant(Self.input([.init("History", dependencies: ["Models", "Models", "Models"], source: ["import Models"]), .init("Models")]))
        #expect(findings.map(\.message) == ["History declares Models twice; the other declaration already provides it"])
        #expect(findings.first?.fix == .removeDuplicateDependency(name: "Models"))
    }

    @Test func aProductAnotherDeclaredProductVendsIsReported() {
        let findings = Self.redundant(Self.input([.init("Checkout", source: ["import Payments", "import Receipts"])],
                                                 edges: ["Checkout": [Self.product("Payments"), Self.product("PaymentsKit")]]))
        #expect(findings.map(\.message) == ["Checkout declares Payments, but already gets its module Payments through PaymentsKit"])
        #expect(findings.map(\.fix) == [.removeDependency(name: "Payments")])
    }

    @Test func aProductOfExplicitLinkageIsNotCovered() {
        let input = Self.input([.init("Checkout", source: ["import Payments", "import Receipts"])],
                               edges: ["Checkout": [Self.product("Payments"), Self.product("PaymentsKit")]])
        let dynamic = input.with { parts in
            var packages = parts.graph.packages
            if let index = packages.firstIndex(where: { $0.identity == "vendor" }) { packages[index].products[0].linkage = "dynamic" }
            parts.graph = ModuleGraph(packages: packages, targets: parts.graph.targets, externalProducts: parts.graph.externalProducts)
        }
        #expect(Self.redundant(dynamic).isEmpty)
    }

    @Test func productsOfDifferentModulesAreNotRedundant() {
        let findings = Self.redundant(Self.input([.init("Cart", source: ["import Payments", "import Receipts"])],
                                                 edges: ["Cart": [Self.product("Payments"), Self.product("Receipts")]]))
        #expect(findings.isEmpty)
    }

    /// Payments and Receipts together vend what PaymentsKit does, and PaymentsKit vends each:
    /// the smaller ones go, never all three.
    @Test func ofDeclarationsCoveringEachOtherTheLargestStays() {
        let findings = Self.redundant(Self.input([.init("Checkout", source: ["import Payments", "import Receipts"])],
                                                 edges: ["Checkout": [Self.product("PaymentsKit"), Self.product("Payments"), Self.product("Receipts")]]))
        #expect(findings.map(\.subject) == ["Payments", "Receipts"])
    }

    @Test func aProductNamedTwiceOnceByNameIsADuplicate() {
        // `"Payments"` resolves to the vendor's product, as `.product(name: "Payments", package: "vendor")` does.
        let findings = Self.redundant(Self.input([.init("Orders", source: ["import Payments"])],
                                                 edges: ["Orders": [Self.product("Payments"), Self.product("Payments")]]))
        #expect(findings.map(\.message) == ["Orders declares Payments twice; the other declaration already provides it"])
    }

    /// A product of a remote package without a checkout may vend more than its name says: it
    /// is never found to be covered, nor to cover another; declared twice, it is a duplicate.
    @Test func aGuessedProductIsOnlyADuplicate() {
        let twice = Self.redundant(Self.input([.init("App", products: ["Logging@swift-log?", "Logging@swift-log?"], source: ["import Logging"])]))
        #expect(twice.map(\.subject) == ["Logging"])
        let reexported = Self.redundant(Self.input([
            .init("App", dependencies: ["Kit"], products: ["Logging@swift-log?"], source: ["import Kit"]),
            .init("Kit", products: ["Logging@swift-log?"], source: ["@_exported import Logging"]),
        ]))
        #expect(reexported.isEmpty)
    }

    /// An Xcode target's product list also decides what is linked and embedded: not judged.
    @Test func anXcodeTargetIsNotJudged() {
        let input = Self.input([.init("History", dependencies: ["Models", "Models"], source: ["import Models"]), .init("Models")])
        #expect(Self.redundant(input).map(\.subject) == ["Models"])
        let project = input.with { parts in
            let targets = parts.graph.targets.map { target in
                var target = target
                if target.name == "History" { target.productType = .application }
                return target
            }
            parts.graph = ModuleGraph(packages: parts.graph.packages, targets: targets, externalProducts: parts.graph.externalProducts)
        }
        #expect(Self.redundant(project).isEmpty)
    }

    @Test func anExcludedTargetIsNotReported() {
        let input = Self.input([.init("History", dependencies: ["Models", "Models"], source: ["import Models"]), .init("Models")]) { configuration in
            configuration.exclude = ["History"]
        }
        #expect(Self.redundant(input).isEmpty)
    }

    @Test func offByDefault() {
        let input = Self.input([.init("History", dependencies: ["Models", "Models"], source: ["import Models"]), .init("Models")]) { configuration in
            configuration.rules = [:]
        }
        #expect(RedundantDependencyRule.description.defaultSeverity == nil)
        #expect(Self.redundant(input).isEmpty)
    }
}
