import Foundation
import TestSupport
import Testing
@testable import Rules

/// Reading `bulkhead-baseline.json`: what it refuses, and counts that cannot trap.
@Suite(.tags(.small)) struct BaselineTests {
    static func entry(count: String) -> String {
        #"{ "rule": "undeclared-import", "file": "Sources/A/A.swift", "line": "import B", "count": \#(count) }"#
    }

    static func baseline(_ entries: [String], version: String = "1") -> Data {
        Data(#"{ "version": \#(version), "tool": "bulkhead", "entries": [\#(entries.joined(separator: ", "))] }"#.utf8)
    }

    @Test func countsThatAddPastTheLargestIntegerSaturate() throws {
        let data = Self.baseline([Self.entry(count: "9223372036854775807"), Self.entry(count: "1")])
        let baseline = try Baseline.decode(data).get()
        #expect(baseline.entries.map(\.count) == [Int.max])
        // Comparing with it cannot trap either, even built by hand with the repeats.
        let repeated = Baseline(entries: [Baseline.Entry(rule: "undeclared-import", file: "F", line: "L", count: .max),
                                          Baseline.Entry(rule: "undeclared-import", file: "F", line: "L", count: .max)])
        #expect(BaselineComparison.compare([], with: repeated).stale.first?.entry.count == Int.max)
    }

    @Test(arguments: [
        (#"{ "version": "1", "tool": "bulkhead", "entries": [] }"#, "\"version\" must be a whole number, such as 1"),
        ("[1, 2]", "it is not a JSON object"),
        ("{ version: 1 }", "it is not valid JSON"),
        (#"{ "tool": "bulkhead", "entries": [] }"#, "it has no \"version\""),
        (#"{ "version": 2, "tool": "bulkhead", "entries": [] }"#, "it is format version 2; this Bulkhead reads version 1"),
    ])
    func refusesWhatItCannotTrust(text: String, reason: String) {
        #expect(Baseline.decode(Data(text.utf8)) == .failure(BaselineProblem(reason: reason)))
    }

    @Test func aCountBelowOneIsRefused() {
        #expect(Baseline.decode(Self.baseline([Self.entry(count: "0")])) == .failure(BaselineProblem(reason: "entries[0].count must be 1 or more")))
    }
}
