import Configuration
import Diagnostics
import TestSupport
import Testing
@testable import Rules

/// Each preset on a package modelled on its seed: clean as the seed describes it, and each of
/// its rules broken once, with the finding naming the seed's rule.
@Suite(.tags(.small)) struct PresetTests {
    static func findings(_ targets: [RuleExample.ExampleTarget], preset: String) throws -> [Finding] {
        let example = RuleExample("preset", targets: targets).input(enabling: "layer-dependency")
        let configuration = try #require(Presets.all[preset])
        return Checker.run(CheckInput(graph: example.graph, sources: example.sources, configuration: configuration))
    }

    @Test(arguments: [
        ("suffixes", PresetFixtures.suffixes()),
        ("features", PresetFixtures.features()),
        ("clean", PresetFixtures.clean()),
    ])
    func theSeedsOwnPackageIsClean(_ preset: String, _ targets: [RuleExample.ExampleTarget]) throws {
        let found = try Self.findings(targets, preset: preset)
        #expect(found.isEmpty, "\(found.map(\.message))")
    }

    @Test func everyTargetOfTheSeedsPackagesHasALayer() throws {
        for (preset, targets) in [("suffixes", PresetFixtures.suffixes()), ("features", PresetFixtures.features()), ("clean", PresetFixtures.clean())] {
            let input = RuleExample("preset", targets: targets).input(enabling: "layer-dependency")
            let layers = LayerAssignment(graph: input.graph, layers: try #require(Presets.all[preset]).layers)
            let unplaced = input.graph.targets.filter { layers.layer(of: $0.id) == nil }.map(\.name)
            #expect(unplaced.isEmpty, "\(preset): \(unplaced)")
        }
    }

    struct Violation: Sendable, CustomTestStringConvertible {
        var preset: String
        var targets: [RuleExample.ExampleTarget]
        var rule: String
        var target: String
        /// Words of the seed's rule the message must quote.
        var quote: String
        /// Findings of other rules the same change also causes, as "rule target".
        var also: [String] = []
        var testDescription: String { "\(preset) \(rule): \(quote)" }
    }

    static let violations: [Violation] = [
        Violation(preset: "suffixes", targets: PresetFixtures.suffixes(["SearchUI": ["SearchModels", "SearchServices"]]),
                  rule: "layer-dependency", target: "SearchUI", quote: "a *UI module must not depend on any *Services or *Feature module"),
        Violation(preset: "suffixes", targets: PresetFixtures.suffixes(["SearchModels": ["SearchInterfaces"], "SearchInterfaces": []]),
                  rule: "layer-dependency", target: "SearchModels", quote: "Models is the leaf"),
        Violation(preset: "suffixes", targets: PresetFixtures.suffixes(["SearchFeature": ["SearchUI", "SearchServices", "ProfileServices"]]),
                  rule: "package-internal", target: "SearchFeature", quote: "cross-package, only import exports"),
        Violation(preset: "suffixes", targets: PresetFixtures.suffixes(["SearchServices": ["SearchModels", "SearchAssembly"]]),
                  rule: "layer-dependency", target: "SearchServices", quote: "Assembly is the cross-package composition point"),
        Violation(preset: "features", targets: PresetFixtures.features(["Search": ["SearchInterface", "HotelDetail", "FoundationKit"]]),
                  rule: "layer-dependency", target: "Search", quote: "a feature mentions another feature only through its Interface"),
        Violation(preset: "features", targets: PresetFixtures.features(["Search": ["SearchInterface", "HotelDetailTesting", "FoundationKit"]]),
                  rule: "layer-dependency", target: "Search", quote: "Testing targets are fakes of their interface, used only by tests",
                  also: ["testing-import Search"]),
        Violation(preset: "features", targets: PresetFixtures.features(["SearchInterface": ["HotelDetailInterface"]]),
                  rule: "layer-dependency", target: "SearchInterface", quote: "an Interface sees core modules only"),
        Violation(preset: "features", targets: PresetFixtures.features(products: ["Search": ["Kingfisher@Kingfisher"]]),
                  rule: "third-party-product", target: "Search", quote: "third-party libraries enter only through core modules"),
        Violation(preset: "clean", targets: PresetFixtures.clean(domainImports: ["Foundation", "SwiftUI"]),
                  rule: "forbidden-import", target: "ExpensesDomain", quote: "Domain is pure Swift, with no SwiftUI, no SwiftData"),
        Violation(preset: "clean", targets: PresetFixtures.clean(["ExpensesPresentation": ["ExpensesDomain", "ExpensesData"]]),
                  rule: "layer-dependency", target: "ExpensesPresentation", quote: "Presentation asks Domain's use cases; it never reaches Data"),
        Violation(preset: "clean", targets: PresetFixtures.clean(["ExpensesDomain": ["ExpensesData"], "ExpensesData": []]),
                  rule: "layer-dependency", target: "ExpensesDomain", quote: "business rules must not depend on details"),
    ]

    @Test(arguments: violations)
    func eachRuleIsCaughtAndNamed(_ violation: Violation) throws {
        let found = try Self.findings(violation.targets, preset: violation.preset)
        #expect(found.map { "\($0.ruleID) \($0.target.name)" } == ["\(violation.rule) \(violation.target)"] + violation.also, "\(found.map(\.message))")
        #expect(found.first?.message.contains(violation.quote) == true, "\(found.first?.message ?? "nothing")")
    }
}
