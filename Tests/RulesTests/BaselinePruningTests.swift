import Configuration
import Diagnostics
import TestSupport
import Testing
@testable import Rules

/// `bulkhead baseline --prune`: fixed entries leave, counts go down, nothing is added.
@Suite(.tags(.small)) struct BaselinePruningTests {
    static let twoImports: [RuleExample.ExampleTarget] = [
        .init("Search", dependencies: ["Models"], source: ["import Models", "import Storage", "import Cache"]),
        .init("Models", source: ["import Foundation"]), .init("Storage"), .init("Cache"),
    ]

    @Test func aFixedEntryLeavesAndANewViolationStillFails() {
        let before = Check.run(ImportKindTests.workspace(Self.twoImports)).findings
        let baseline = Baseline(findings: before)
        #expect(baseline.entries.count == 2)

        // Storage is fixed (declared); meanwhile an import of Network appeared.
        var after = Self.twoImports
        after[0] = .init("Search", dependencies: ["Models", "Storage"], source: ["import Models", "import Storage", "import Cache", "import Network"])
        after.append(.init("Network"))
        let findings = Check.run(ImportKindTests.workspace(after)).findings
        let pruned = baseline.pruned(by: findings)
        #expect(pruned.removedEntries == 1)
        #expect(pruned.baseline.entries.map(\.line) == ["import Cache"])

        let result = Check.run(ImportKindTests.workspace(after, baseline: pruned.baseline))
        #expect(result.diagnostics.map(\.message) == ["Search imports Network, which it does not declare"])
    }

    @Test func aCountThatShrankIsLoweredAndOneThatDidNotIsKept() {
        let entries = [
            Baseline.Entry(rule: "unreachable-import", file: "Sources/Search/Search.swift", line: "import Cache", count: 3),
            Baseline.Entry(rule: "unreachable-import", file: "Sources/Search/Search.swift", line: "import Models", count: 2),
        ]
        let findings = Check.run(ImportKindTests.workspace(Self.twoImports)).findings
            .filter { $0.finding.subject == "Cache" }
        let pruned = Baseline(entries: entries).pruned(by: findings)
        #expect(pruned.baseline.entries.map { "\($0.line ?? "") \($0.count ?? 0)" } == ["import Cache 1"])
        #expect(pruned.removedEntries == 1)
        #expect(pruned.removedOccurrences == 4)
    }

    @Test func anOldEntryThatStillMatchesUnderItsFormerIDIsKept() {
        let old = Baseline(entries: [Baseline.Entry(rule: "undeclared-import", file: "Sources/Search/Search.swift", line: "import Cache", count: 1)])
        let findings = Check.run(ImportKindTests.workspace(Self.twoImports)).findings
        #expect(old.pruned(by: findings).baseline == old)
    }
}
