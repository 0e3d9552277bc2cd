import Configuration
import Foundation
import ModuleGraph
import TestSupport
import Testing

/// `footprint: { budgets: [...] }`: read, and every mistake named at its key path.
@Suite(.tags(.small)) struct FootprintBudgetConfigurationTests {
    func parse(_ text: String) -> Result<Configuration, ConfigurationProblems> {
        ConfigurationParser.parse(Data(text.utf8), knownRules: [])
    }

    @Test func budgetsAreRead() throws {
        let configuration = try parse("""
        { footprint: { budgets: [
            { kinds: ["app-extension"], maxModules: 30 },
            { images: ["*Widget*"], maxSourceBytes: 2000000 },
        ] } }
        """).get()
        #expect(configuration.footprintBudgets == [
            FootprintBudget(kinds: [.appExtension], maxModules: 30),
            FootprintBudget(images: ["*Widget*"], maxSourceBytes: 2_000_000),
        ])
        #expect(configuration.footprintBudgets[1].applies(toImageNamed: "NewsWidgetExtension", kind: .appExtension))
        #expect(!configuration.footprintBudgets[1].applies(toImageNamed: "App", kind: .application))
        #expect(configuration.footprintBudgets[0].applies(toImageNamed: "App Share", kind: .appExtension))
    }

    @Test func mistakesAreNamedAtTheirKeys() {
        guard case .failure(let problems) = parse("""
        { footprint: { budget: [], budgets: [
            { kinds: ["app-extensions"], maxModules: -1 },
            { images: ["*"] },
            "big",
        ] } }
        """) else { Issue.record("expected problems"); return }
        #expect(problems.problems.map(\.description) == [
            "footprint.budget: unknown key 'budget'; did you mean 'budgets'?",
            "footprint.budgets[0].kinds[0]: unknown image kind 'app-extensions'; did you mean 'app-extension'?",
            "footprint.budgets[0].maxModules: expected a whole number of 0 or more, found a number",
            "footprint.budgets[1]: a budget needs maxModules, maxSourceBytes or both",
            "footprint.budgets[2]: expected an object, found a string",
        ])
    }
}
