import TestSupport
import Testing
@testable import Rules

/// Every rule's own examples, the ones `bulkhead explain` prints, run against the rule.
@Suite(.tags(.small)) struct RuleExampleTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var rule: String
        var example: RuleExample
        var triggers: Bool
        var testDescription: String { "\(rule): \(example.note)" }
    }

    static let cases: [Case] = RuleCatalog.all.flatMap { rule in
        rule.triggering.map { Case(rule: rule.id, example: $0, triggers: true) }
            + rule.nonTriggering.map { Case(rule: rule.id, example: $0, triggers: false) }
    }

    @Test(arguments: cases)
    func exampleBehavesAsDocumented(_ testCase: Case) {
        let findings = Checker.run(testCase.example.input(enabling: testCase.rule))
        #expect(findings.allSatisfy { $0.ruleID == testCase.rule })
        if testCase.triggers {
            #expect(!findings.isEmpty, "documented as triggering, found nothing")
        } else {
            #expect(findings.isEmpty, "documented as not triggering, found: \(findings.map(\.message))")
        }
    }

    @Test func everyRuleHasExamplesBothWays() {
        for rule in RuleCatalog.all {
            #expect(!rule.triggering.isEmpty && !rule.nonTriggering.isEmpty, "\(rule.id)")
            #expect(!rule.summary.isEmpty && !rule.rationale.isEmpty)
        }
        #expect(Set(RuleCatalog.all.map(\.id)).count == RuleCatalog.all.count)
    }
}
