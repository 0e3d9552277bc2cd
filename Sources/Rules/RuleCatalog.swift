import Diagnostics
import ParallelWork

/// Every rule Bulkhead knows, in one list; docs/contributing.md says what else adding one takes
/// (its canary planting, the regenerated docs and snapshots).
package enum RuleCatalog {
    /// In precedence order: when two rules report the same violation (the same import, the same
    /// declared dependency), the one listed first keeps it — a forbidden arrow is a layer
    /// violation first, and only then undeclared or unused.
    package static let rules: [any Rule] = [
        LayerDependencyRule(),
        PackageInternalRule(),
        ForbiddenImportRule(),
        // Before undeclared imports: declaring an import that closes a cycle is no fix.
        DependencyCycleRule(),
        UndeclaredImportRule(),
        UnreachableImportRule(),
        ImportThroughImageRule(),
        // Before unused dependencies: the link that brings a second copy is that rule's first.
        DuplicateCopyRule(),
        FootprintBudgetRule(),
        OneProductPerProcessRule(),
        TestingImportRule(),
        ThirdPartyProductRule(),
        ThirdPartyWrapperRule(),
        // Before unused dependencies: a Testing target linked into an app is removed for that reason.
        TestingInProductRule(),
        UnusedDependencyRule(),
        // After unused dependencies: a declaration no source uses is removed for that reason,
        // and one a redundant declaration relies on is no provider.
        RedundantDependencyRule(),
        ProductTypeRule(),
        FeatureShapeRule(),
        RequiredSettingsRule(),
        PinnedDependencyRule(),
        ForbiddenIdentifierRule(),
        DeclarationShapeRule(),
        UncheckedSendableRule(),
        PublicImportsRule(),
        // Last: an import another rule reports is that rule's finding.
        UnknownModuleRule(),
    ]

    /// The rules' descriptions, in the order they are listed.
    package static var all: [RuleDescription] { rules.map(\.description) }

    /// Every id a configuration may set a severity for: the rules, and the baseline's check for
    /// entries that no longer occur.
    package static var configurable: [RuleDescription] { all + [BaselineComparison.staleDescription] }

    /// Ids that findings of a rule were reported under before a rule was split: a baseline entry
    /// or a suppression naming the former id still accepts them. `unreachable-import` findings
    /// were `undeclared-import`'s until the two kinds got their own severities.
    package static let formerIDs: [String: String] = [UnreachableImportRule.description.id: UnreachableImportRule.formerID]

    /// The ids that accept a finding of `ruleID`: its own, then the one it had before.
    package static func acceptingIDs(of ruleID: String) -> [String] {
        [ruleID] + (formerIDs[ruleID].map { [$0] } ?? [])
    }

    /// The catalog entries of every code Rules reports: the rules, in order, then a stale baseline
    /// entry and the problems with suppression comments.
    package static var codes: [DiagnosticCode] {
        all.map(\.catalogEntry) + [BaselineComparison.staleEntry] + Suppressions.Code.allCases.map(\.entry)
    }

    package static func description(of id: String) -> RuleDescription? {
        configurable.first { $0.id == id }
    }
}

/// Runs the enabled rules and keeps one finding per violation.
package enum Checker {
    /// The findings of every rule of `rules` that `input`'s configuration enables, in rule order.
    /// A finding whose violation an earlier rule already reported is dropped: one violation, one
    /// finding.
    ///
    /// Rules are pure functions of the input, so they run side by side, one per core; only the
    /// dropping is done in rule order, which makes the result the same as one after another.
    /// A warm check of 400 targets spent over a third of its time here, on one core.
    package static func run(_ input: CheckInput, rules: [any Rule] = RuleCatalog.rules) -> [Finding] {
        let enabled: [(rule: any Rule, severity: Severity)] = rules.compactMap { rule in
            guard let severity = input.configuration.severity(of: rule.description), rule.hasWork(under: input.configuration) else { return nil }
            return (rule, severity)
        }
        // Started longest first, and a rule that reads another's shared work (`Once`) after it:
        // `unreachable-import` started beside `undeclared-import` waited idle on its core while
        // the other worked out the imports both report. Kept in rule order for the dropping.
        let order = enabled.indices.sorted { (Self.startRank(enabled[$0].rule), $0) < (Self.startRank(enabled[$1].rule), $1) }
        let started = order.concurrentMap { enabled[$0].rule.findings(in: input, severity: enabled[$0].severity) }
        var perRule = [[Finding]](repeating: [], count: enabled.count)
        for (position, index) in order.enumerated() { perRule[index] = started[position] }
        var findings: [Finding] = []
        var reported: Set<Finding.Violation> = []
        for own in perRule {
            findings += own.filter { !reported.contains($0.violation) }
            reported.formUnion(own.map(\.violation))
        }
        return findings
    }

    /// When a rule starts among the others: the ones that take longest on large graphs first,
    /// the ones that mostly read another rule's shared work last, the rest in rule order.
    private static func startRank(_ rule: any Rule) -> Int {
        switch rule.description.id {
        case UndeclaredImportRule.description.id: 0
        case UnusedDependencyRule.description.id, DependencyCycleRule.description.id: 1
        case UnreachableImportRule.description.id: 3
        default: 2
        }
    }
}
