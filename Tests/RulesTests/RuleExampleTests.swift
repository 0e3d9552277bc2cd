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

    /// Each finding of a triggering example is where the example marks it with `↓`: the line and
    /// column of a source file, or the target's declaration and the dependency it names; so a
    /// rule that reports the right violation at the wrong place fails here.
    @Test(arguments: cases.filter(\.triggers))
    func findingsAreWhereTheExampleMarksThem(_ testCase: Case) {
        let findings = Checker.run(testCase.example.input(enabling: testCase.rule))
        let marked = (testCase.example.targets.flatMap { target in target.marks.map { Self.describe($0, on: target.name) } }
            + testCase.example.products.filter(\.isMarked).map { "product \($0.name)" }).sorted()
        #expect(!marked.isEmpty, "a triggering example marks where its findings are with \(RuleExample.marker)")
        #expect(findings.map { Self.describe($0, in: testCase.example) }.sorted() == marked)
    }

    @Test(arguments: cases.filter { !$0.triggers })
    func examplesThatDoNotTriggerMarkNothing(_ testCase: Case) {
        #expect(testCase.example.targets.allSatisfy(\.marks.isEmpty) && !testCase.example.products.contains(where: \.isMarked))
    }

    /// A mark as the test compares it: `Search 3:8`, `Search declaration naming Core`.
    static func describe(_ mark: RuleExample.ExampleTarget.Mark, on target: String) -> String {
        switch mark {
        case .source(let line, let column): "\(target) \(line):\(column)"
        case .declaration(let naming?): "\(target) declaration naming \(naming)"
        case .declaration(nil): "\(target) declaration"
        }
    }

    /// Where `finding` is, in the marks' terms: a manifest finding names a dependency when the
    /// target declares one by that name, else it is about the target as a whole.
    static func describe(_ finding: Finding, in example: RuleExample) -> String {
        let target = example.targets.first { $0.name == finding.target.name && $0.package == finding.target.package }
        switch finding.place {
        case .source(let path, let line, let column, _):
            let owner = example.targets.first { "\($0.path)/\($0.name).swift" == path }
            return describe(.source(line: line, column: column), on: owner?.name ?? path)
        case .manifest(let dependency):
            // A remote product `Name@package` is named by its name, its spelling or its package's URL;
            // a target of another local package by the product the example reaches it through.
            let named = (target.map { $0.dependencies + $0.products } ?? []).first { entry in
                let parts = entry.split(separator: "?").first.map { $0.split(separator: "@").map(String.init) } ?? []
                return dependency == entry || dependency == parts.first || parts.count > 1 && dependency == "https://example.com/\(parts[1]).git"
                    || example.products.contains { $0.name == dependency && $0.targets.contains(entry) }
            }
            return describe(.declaration(naming: named), on: finding.target.name)
        case .product(let name): return "product \(name)"
        case .unit(let path): return "unit \(path)"
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
