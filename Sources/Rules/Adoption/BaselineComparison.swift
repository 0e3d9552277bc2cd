import Diagnostics

/// Sorts findings into those the baseline accepts and new ones, and turns entries that no longer
/// occur into findings of their own: a fixed violation must leave the baseline, so it only shrinks.
package enum BaselineComparison {
    package static let staleDescription = RuleDescription(
        id: "stale-baseline",
        summary: "A baseline entry no longer occurs: the violation was fixed, so remove it from the baseline.",
        rationale: """
        A baseline that keeps entries for fixed violations would let the same violation come back \
        unnoticed. Failing until the entry is removed keeps the file an exact, shrinking list. \
        Regenerate it with `bulkhead baseline`, or delete the entry by hand.
        """,
        defaultSeverity: .error, triggering: [], nonTriggering: [])

    /// The catalog entry of `stale-baseline`: its severity is configured like a rule's, but it is
    /// about the baseline itself, so neither the baseline nor a suppression comment accepts it.
    package static let staleEntry = staleDescription.catalogEntry(family: .baseline, acceptedByBaselineAndSuppressions: false)

    package struct Outcome: Sendable {
        package var new: [PlacedFinding]
        package var baselinedCount: Int
        /// Entries (or parts of a count) that no longer occur: `missing` of the entry's `count`.
        package var stale: [(entry: Baseline.Entry, missing: Int)]
    }

    /// The key an entry is remembered by; for source findings the count is left out.
    static func key(of placed: PlacedFinding) -> Baseline.Entry {
        switch placed.finding.place {
        case .manifest, .product, .unit:
            return Baseline.Entry(rule: placed.finding.ruleID, target: placed.targetName, subject: placed.finding.subject)
        case .source(let path, _, _, let lineText):
            return Baseline.Entry(rule: placed.finding.ruleID, file: path, line: lineText)
        }
    }

    package static func compare(_ findings: [PlacedFinding], with baseline: Baseline) -> Outcome {
        var remaining: [Baseline.Entry: Int] = [:]
        var totals: [Baseline.Entry: Int] = [:]
        for entry in baseline.entries {
            var key = entry
            key.count = nil
            let count = entry.file != nil ? (entry.count ?? 1) : 1
            remaining[key] = Baseline.saturatingSum(remaining[key, default: 0], count)
            totals[key] = Baseline.saturatingSum(totals[key, default: 0], count)
        }
        var new: [PlacedFinding] = []
        var baselined = 0
        // In file order, so that when a line's count grows the later occurrences are the new ones.
        for placed in findings.sorted(by: { $0.diagnostic < $1.diagnostic }) {
            // An entry under the rule's own id first, then one written under its former id.
            let candidates = RuleCatalog.acceptingIDs(of: placed.finding.ruleID).map { id -> Baseline.Entry in
                var key = key(of: placed)
                key.rule = id
                return key
            }
            if let key = candidates.first(where: { (remaining[$0] ?? 0) > 0 }), let left = remaining[key] {
                remaining[key] = left - 1
                baselined += 1
            } else {
                new.append(placed)
            }
        }
        let stale = remaining.filter { $0.value > 0 }.map { key, missing -> (entry: Baseline.Entry, missing: Int) in
            var entry = key
            if entry.file != nil { entry.count = totals[key] }
            return (entry, missing)
        }.sorted { $0.entry < $1.entry }
        return Outcome(new: new, baselinedCount: baselined, stale: stale)
    }
}
