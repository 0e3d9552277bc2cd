import Configuration
import ModuleGraph
import TestSupport
import Testing
@testable import Rules

/// Rules over Xcode targets as Xcode builds them: Frameworks-phase links, products that are no
/// module, hosted unit-test bundles and `@testable import` of the module being compiled.
@Suite(.tags(.small)) struct XcodeLinkRulesTests {
    /// The example's targets as targets of one Xcode project: each name's product type, test host
    /// and the arrival of each of its edges (by the dependency's name) as given.
    static func findings(_ example: RuleExample, types: [String: ProjectProductType], hosts: [String: String] = [:],
                         arrivals: [String: DependencyEdge.Arrival] = [:], compilingNoSwift: Set<String> = [],
                         configure: (inout Configuration) -> Void = { _ in }) -> [String] {
        let input = example.input(enabling: "unused-dependency")
        let targets = input.graph.targets.map { target in
            var target = target
            target.productType = types[target.name]
            target.kind = types[target.name]?.targetKind ?? target.kind
            target.testHost = hosts[target.name]
            if compilingNoSwift.contains(target.name) { target.sources = [] }
            target.dependencies = target.dependencies.map { edge in
                var edge = edge
                if case .target(let id) = edge.destination, let arrival = arrivals["\(target.name) → \(id.name)"] { edge.arrival = arrival }
                return edge
            }
            return target
        }
        let graph = ModuleGraph(packages: input.graph.packages, targets: targets, externalProducts: input.graph.externalProducts)
        var configuration = Configuration()
        configure(&configuration)
        let workspace = Workspace(graph: graph, configuration: configuration, sources: input.sources)
        return Check.run(workspace).diagnostics.map { "\($0.code): \($0.message)" }.sorted()
    }

    @Test func aDependencyOnlyTheFrameworksPhaseLinksIsNeverUnused() {
        let example = RuleExample("linked", targets: [
            .init("App", dependencies: ["Core"], source: ["import Foundation"]),
            .init("Core", source: ["import Foundation"]),
        ])
        let types: [String: ProjectProductType] = ["App": .application, "Core": .framework]
        #expect(Self.findings(example, types: types) == ["unused-dependency: App declares Core but none of its sources imports Core"])
        #expect(Self.findings(example, types: types, arrivals: ["App → Core": .linked]).isEmpty)
    }

    /// A framework that compiles no Swift (a wrapper that links a package into the app) is
    /// there to link: declaring it is never `unused-dependency`.
    @Test func aFrameworkThatCompilesNoSwiftIsNeverUnused() {
        let example = RuleExample("wrapper", targets: [
            .init("App", dependencies: ["Wrapper"], source: ["import Foundation"]),
            .init("Wrapper", source: ["import Foundation"]),
        ])
        let types: [String: ProjectProductType] = ["App": .application, "Wrapper": .framework]
        #expect(Self.findings(example, types: types) == ["unused-dependency: App declares Wrapper but none of its sources imports Wrapper"])
        #expect(Self.findings(example, types: types, compilingNoSwift: ["Wrapper"]).isEmpty)
    }

    /// An extension's module name is no module anyone imports: an import of it is not declared
    /// through it, and is never suggested as a dependency to declare.
    @Test func aTargetThatProducesNoModuleIsNeverImportable() {
        let example = RuleExample("extension", targets: [
            .init("App", source: ["import Share"]),
            .init("Share", source: ["import Foundation"]),
        ])
        #expect(Self.findings(example, types: ["App": .application, "Share": .framework]) == [
            "unreachable-import: App imports Share, which it does not declare",
        ])
        #expect(Self.findings(example, types: ["App": .application, "Share": .appExtension]).isEmpty)
    }

    static let hosted = RuleExample("hosted", targets: [
        .init("App", dependencies: ["Core"], source: ["import Core"]),
        .init("Core", source: ["import Foundation"]),
        .init("Other", source: ["import Foundation"]),
        .init("AppTests", dependencies: ["App"], source: ["@testable import App", "import Core", "import Other"]),
    ])
    static let hostedTypes: [String: ProjectProductType] = ["App": .application, "Core": .framework, "Other": .framework, "AppTests": .unitTestBundle]

    /// A hosted unit-test bundle sees what its host links; its import of a module the host does
    /// not link is still a finding.
    @Test func aHostedTestBundleSeesWhatItsHostLinks() {
        #expect(Self.findings(Self.hosted, types: Self.hostedTypes, hosts: ["AppTests": "App"], arrivals: ["AppTests → App": .hosted]) == [
            "unreachable-import: AppTests imports Other, which it does not declare",
        ])
    }

    @Test func hostedTestsExplicitReportsTheHostsModulesToo() {
        let findings = Self.findings(Self.hosted, types: Self.hostedTypes, hosts: ["AppTests": "App"], arrivals: ["AppTests → App": .hosted]) {
            $0.hostedTests = .explicit
        }
        #expect(findings == [
            "undeclared-import: AppTests imports Core, which it does not declare",
            "unreachable-import: AppTests imports Other, which it does not declare",
        ])
    }

    /// A UI-test bundle runs in a process of its own: it sees nothing of the app's.
    @Test func aUITestBundleIsNotHosted() {
        var types = Self.hostedTypes
        types["AppTests"] = .uiTestBundle
        #expect(Self.findings(Self.hosted, types: types, hosts: ["AppTests": "App"], arrivals: ["AppTests → App": .hosted]).contains(
            "undeclared-import: AppTests imports Core, which it does not declare"))
    }

    /// Swift ignores an import of the module being compiled: a mock compiled into the app that
    /// writes `@testable import App` builds for release.
    @Test func testableImportOfTheModuleBeingCompiledBuildsForRelease() {
        let example = RuleExample("self", targets: [.init("App", source: ["@testable import App"])])
        #expect(Self.findings(example, types: ["App": .application]).isEmpty)
        let other = RuleExample("other", targets: [.init("App", dependencies: ["Core"], source: ["@testable import Core"]), .init("Core")])
        #expect(Self.findings(other, types: ["App": .application, "Core": .framework]).contains {
            $0.hasPrefix("testing-import: App uses @testable import Core")
        })
    }
}

/// Messages say how an Xcode target's dependency arrived.
@Suite(.tags(.small)) struct XcodeLinkMessageTests {
    @Test func aLayerFindingOnAFrameworksPhaseLinkSaysSo() {
        let example = RuleExample("layers", targets: [
            .init("Share", dependencies: ["Core"], source: ["import Core"]),
            .init("Core", source: ["import Foundation"]),
        ])
        let input = example.input(enabling: "layer-dependency")
        let targets = input.graph.targets.map { target in
            var target = target
            target.productType = target.name == "Share" ? .appExtension : .framework
            target.dependencies = target.dependencies.map { edge in
                var edge = edge
                edge.arrival = .linked
                return edge
            }
            return target
        }
        let graph = ModuleGraph(packages: input.graph.packages, targets: targets, externalProducts: input.graph.externalProducts)
        var configuration = Configuration()
        configuration.layers = [
            .init(name: "Extensions", targets: ["Share"], mayUse: []),
            .init(name: "Kernel", targets: ["Core"], mayUse: []),
        ]
        let workspace = Workspace(graph: graph, configuration: configuration, sources: input.sources)
        let messages = Check.run(workspace).diagnostics.filter { $0.code == "layer-dependency" }.map(\.message)
        #expect(messages.first?.hasPrefix("Share (Extensions) depends on Core (Kernel), linked in Frameworks; ") == true, "\(messages)")
    }
}

/// An Xcode target importing a statically linked module that a framework it links already holds:
/// declaring it would link the code twice, so the finding is `import-through-image`'s, says which
/// image holds it, and offers no fix.
@Suite(.tags(.small)) struct StaticallyLinkedThroughFrameworkTests {
    static func notes(providerType: ProjectProductType?, linkage: String? = nil, umbrellaCompilesSwift: Bool = true)
        -> (rule: String, notes: [String], hasFix: Bool) {
        // With a linkage, Rust is a target of another package, reached through its product.
        let rustPackage = linkage == nil ? "example" : "rust"
        let exampleTargets: [RuleExample.ExampleTarget] = [
            .init("App", dependencies: ["Umbrella"], source: ["import Umbrella", "import Rust"]),
            .init("Umbrella", dependencies: ["Rust"], source: ["import Rust"]),
            .init("Rust", source: ["import Foundation"], package: rustPackage),
        ]
        let example = linkage.map {
            RuleExample("umbrella", targets: exampleTargets, products: [.init("Rust", linkage: $0 == "automatic" ? nil : $0, targets: ["Rust"], package: "rust")])
        } ?? RuleExample("umbrella", targets: exampleTargets)
        let input = example.input(enabling: "undeclared-import")
        let types: [String: ProjectProductType?] = ["App": .application, "Umbrella": .framework, "Rust": providerType]
        let targets = input.graph.targets.map { target in
            var target = target
            target.productType = types[target.name] ?? nil
            if target.name == "Umbrella" && !umbrellaCompilesSwift { target.sources = [] }
            return target
        }
        let graph = ModuleGraph(packages: input.graph.packages, targets: targets, externalProducts: input.graph.externalProducts)
        let changed = input.with { $0.graph = graph }
        let occurrence = UndeclaredImports.occurrences(in: changed).first { $0.target.name == "App" }
        guard let occurrence else { return ("", [], false) }
        let rule = occurrence.throughImage == nil ? "undeclared-import" : "import-through-image"
        let finding = UndeclaredImports.finding(occurrence, ruleID: rule, severity: .error, input: changed)
        return (rule, finding.notes, finding.fix != nil)
    }

    @Test(arguments: [ProjectProductType.staticLibrary, nil])
    func aStaticProviderLinkedIntoAFrameworkIsNotToBeLinkedAgain(_ type: ProjectProductType?) {
        let result = Self.notes(providerType: type)
        #expect(result.rule == "import-through-image")
        #expect(result.notes == [
            "Umbrella holds Rust's code (App → Umbrella → Rust): linking Rust into App as well would put a second copy of it in one process",
            "re-export it from Umbrella (`@_exported import Rust` there) and import Umbrella, or move this import into Umbrella",
        ])
        #expect(!result.hasFix)
    }

    @Test func aFrameworkThatCompilesNoSwiftHasNoModuleToImportThrough() {
        // A wrapper framework that only links a package (as firefox-ios's RustMozillaAppServices):
        // a re-export there cannot be written, and declaring the module would duplicate it.
        let result = Self.notes(providerType: .staticLibrary, umbrellaCompilesSwift: false)
        #expect(result.notes.last == "keep this import (Umbrella compiles no Swift of its own, so there is no module to re-export it through)")
        #expect(!result.hasFix)
    }

    /// A dynamic framework is an image of its own: declaring it loads it, no copy is made.
    @Test func aDynamicFrameworkProviderMayBeDeclared() {
        let result = Self.notes(providerType: .framework)
        #expect(result.rule == "undeclared-import")
        #expect(result.notes.last == "declare \"Rust\" in the dependencies of App")
        #expect(result.hasFix)
    }

    @Test func aPackageTargetOfADynamicProductMayBeDeclared() {
        #expect(Self.notes(providerType: nil, linkage: "dynamic").notes.last == "declare .product(name: \"Rust\", package: \"rust\") in the dependencies of App")
        for linkage in ["static", "automatic"] {
            let result = Self.notes(providerType: nil, linkage: linkage)
            #expect(result.rule == "import-through-image")
            #expect(result.notes.first?.hasPrefix("Umbrella holds Rust's code") == true, "\(result.notes)")
        }
    }
}

/// `--fix` never declares a dependency whose static closure would copy into the target a module
/// an image it loads holds already.
@Suite(.tags(.small)) struct SecondCopyFixTests {
    static func finding(appLinksUmbrella: Bool) -> Finding? {
        let example = RuleExample("second copy", targets: [
            .init("App", dependencies: appLinksUmbrella ? ["Umbrella"] : [], source: ["import Feature"]),
            .init("Umbrella", dependencies: ["Core"], source: ["import Core"]),
            .init("Feature", dependencies: ["Core"], source: ["import Core"]),
            .init("Core", source: ["import Foundation"]),
        ])
        let input = example.input(enabling: "unreachable-import")
        let types: [String: ProjectProductType] = ["App": .application, "Umbrella": .framework]
        let targets = input.graph.targets.map { target in
            var target = target
            target.productType = types[target.name]
            return target
        }
        let graph = ModuleGraph(packages: input.graph.packages, targets: targets, externalProducts: input.graph.externalProducts)
        let changed = input.with { $0.graph = graph }
        return UnreachableImportRule().findings(in: changed, severity: .error).first { $0.target.name == "App" }
    }

    @Test func aDeclarationThatWouldCopyAHeldModuleHasNoFix() throws {
        let finding = try #require(Self.finding(appLinksUmbrella: true))
        #expect(finding.fix == nil)
        #expect(finding.notes.last == "declaring \"Feature\" would also link Core into App, which Umbrella holds already: "
            + "a second copy in one process, so it is not declared for you; move this import into Umbrella, or make Core one image both link")
    }

    @Test func withoutTheFrameworkTheDeclarationIsTheFix() throws {
        let finding = try #require(Self.finding(appLinksUmbrella: false))
        #expect(finding.fix == .addDependency(spelling: "\"Feature\"", name: "Feature"))
    }
}

/// `--fix` never declares a product a package does not vend.
@Suite(.tags(.small)) struct UnvendedTargetFixTests {
    @Test func aTargetNoProductVendsIsNotDeclaredForYou() throws {
        let example = RuleExample("unvended", targets: [
            .init("App", dependencies: ["Feature"], source: ["import Feature", "import Core"]),
            .init("Feature", dependencies: ["Core"], source: ["import Core"], package: "kit"),
            .init("Core", source: ["import Foundation"], package: "kit"),
        ], products: [.init("FeatureKit", targets: ["Feature"], package: "kit")])
        let finding = try #require(UndeclaredImportRule().findings(in: example.input(enabling: "undeclared-import"), severity: .error).first)
        #expect(finding.target.name == "App")
        #expect(finding.fix == nil)
        #expect(finding.notes.last == "kit vends no product with Core: add one to its manifest's products "
            + "(.library(name: \"Core\", targets: [\"Core\"])), then declare it in the dependencies of App")
    }
}
