import Foundation
import TestSupport
import Testing
@testable import Rules

/// `bulkhead-baseline.json` is committed, so writing it again must give the same bytes: the
/// bytes Foundation's `JSONEncoder` writes with pretty printing, sorted keys and unescaped
/// slashes, which the baselines in users' repositories hold. Held to them over generated entries
/// of odd text and numbers, and pinned byte for byte where Foundation differs by platform.
@Suite(.tags(.small)) struct BaselineBytesTests {
    static func foundationBytes(_ baseline: Baseline) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(baseline) + Data("\n".utf8)
    }

    static func entry(using generator: inout SeededGenerator) -> Baseline.Entry {
        // Any mix of fields: the writer does not validate, so every optional is present or not.
        func maybe(_ text: String) -> String? { Bool.random(using: &generator) ? text : nil }
        return Baseline.Entry(
            rule: OddText.make(using: &generator),
            target: maybe(OddText.make(using: &generator)), subject: maybe(OddText.make(using: &generator)),
            file: maybe(OddText.make(using: &generator)), line: maybe(OddText.make(using: &generator)),
            count: Bool.random(using: &generator) ? OddText.integer(using: &generator) : nil)
    }

    @Test(arguments: 0..<40)
    func generatedBaselinesAreWrittenInFoundationsBytes(run: UInt64) throws {
        var generator = SeededGenerator(seed: 0xBA5E_0000 + run)
        var baseline = Baseline(entries: (0..<Int.random(in: 0...12, using: &generator)).map { _ in Self.entry(using: &generator) })
        if run % 4 == 0 { baseline.tool = OddText.make(using: &generator) }
        if run % 5 == 0 { baseline.version = OddText.integer(using: &generator) }
        let ours = try baseline.encoded()
        #if os(Linux)
        let foundation = try Self.foundationBytes(baseline)
        #expect(ours == foundation, "run \(run):\n\(String(decoding: ours, as: UTF8.self))\n≠\n\(String(decoding: foundation, as: UTF8.self))")
        #endif
        // What is written reads back as the same entries, whatever the text.
        #expect(try JSONDecoder().decode(Baseline.self, from: ours) == baseline)
    }

    /// The bytes themselves, on every platform: keys in byte order, `/` and non-ASCII as they
    /// are, `"` `\` and control characters escaped, empty fields left out, a line at the end.
    @Test func aBaselineIsWrittenInExactlyTheseBytes() throws {
        let baseline = Baseline(entries: [
            Baseline.Entry(rule: "undeclared-import", file: "Sources/Café/A.swift", line: "import B // \"x\"\t\\ \u{1}\u{7F}🙂", count: .max),
            Baseline.Entry(rule: "layer-dependency", target: "App/Feature", subject: "e\u{301}\u{2028}"),
        ])
        let expected = """
        {
          "entries" : [
            {
              "rule" : "layer-dependency",
              "subject" : "e\u{301}\u{2028}",
              "target" : "App/Feature"
            },
            {
              "count" : 9223372036854775807,
              "file" : "Sources/Café/A.swift",
              "line" : "import B // \\"x\\"\\t\\\\ \\u0001\u{7F}🙂",
              "rule" : "undeclared-import"
            }
          ],
          "tool" : "bulkhead",
          "version" : 1
        }

        """
        #expect(String(decoding: try baseline.encoded(), as: UTF8.self) == expected)
        let empty = "{\n  \"entries\" : [\n\n  ],\n  \"tool\" : \"bulkhead\",\n  \"version\" : 1\n}\n"
        #expect(String(decoding: try Baseline(entries: []).encoded(), as: UTF8.self) == empty)
    }
}
