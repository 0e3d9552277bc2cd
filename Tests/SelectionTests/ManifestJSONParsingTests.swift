import Foundation
import Selection
import Testing
import TestSupport

/// `ManifestJSON(parsing:)` against Foundation's `JSONDecoder` as the oracle: every JSON file the
/// fixtures hold (SwiftPM's recorded answers, `Package.resolved`, schemas; not `bulkhead.json`,
/// which is JSON5) reads to the same tree.
@Suite(.tags(.small)) struct ManifestJSONParsingTests {
    static let fixtureFiles: [String] = {
        guard let walker = FileManager.default.enumerator(atPath: Fixtures.root) else { return [] }
        return walker.compactMap { $0 as? String }
            .filter { ($0.hasSuffix(".json") && !$0.hasSuffix("bulkhead.json")) || $0.hasSuffix("Package.resolved") }
            .sorted()
    }()

    @Test func everyFixtureFileReadsAsJSONDecoderReadsIt() throws {
        #expect(Self.fixtureFiles.count >= 30, "the fixtures' JSON files were not found under \(Fixtures.root)")
        for file in Self.fixtureFiles {
            let data = try Data(contentsOf: URL(fileURLWithPath: Fixtures.path(file)))
            let expected = try? JSONDecoder().decode(ManifestJSON.self, from: data)
            let parsed = try? ManifestJSON(parsing: data)
            #expect(parsed == expected, "\(file)")
            #expect(parsed != nil, "\(file) did not parse")
        }
    }

    @Test(arguments: [
        #"{"a": [1, -2.5, 3e2, 0.5E-1, true, false, null, "x"], "b": {}, "c": [], "d": {"e": [[{}]]}}"#,
        #"  "text with \"quotes\", \\ \/ \b\f\n\r\t"  "#,
        #"["\u00e9\u4e2d\ud83d\ude00", "caf\u00E9"]"#,
        #"[]"#, #"-0"#, #"12345678901234567890"#,
    ])
    func valuesReadAsFoundationReadsThem(_ text: String) throws {
        let expected = try JSONDecoder().decode(ManifestJSON.self, from: Data(text.utf8))
        #expect(try ManifestJSON(parsing: Data(text.utf8)) == expected)
    }

    @Test func aLoneSurrogateBecomesTheReplacementCharacter() throws {
        #expect(try ManifestJSON(parsing: Data(#"["\ud800x"]"#.utf8)) == .array([.string("\u{FFFD}x")]))
    }

    @Test(arguments: [(String, Int, String)]([
        ("", 0, "expected a value, found the end"),
        ("[1, 2", 5, "expected , or ] in an array"),
        ("[1,]", 3, "expected a value"),
        (#"{"a" 1}"#, 5, "expected : after a key"),
        (#"{a: 1}"#, 1, "expected a key in quotes"),
        ("[1] x", 4, "unexpected text after the value"),
        (#""open"#, 5, "unterminated string"),
        (#""\q""#, 3, "unknown escape in a string"),
        (#""\u12""#, 3, #"expected four hex digits after \u"#),
        ("tru", 0, "expected true"),
        ("-", 1, "expected digits in a number"),
        ("1.", 2, "expected digits after . in a number"),
        ("+1", 0, "expected a value"),
        ("\"a\u{1}b\"", 2, "control character in a string"),
    ]))
    func malformedInputNamesWhereAndWhy(_ text: String, _ offset: Int, _ reason: String) {
        #expect(throws: ManifestJSON.ParseError(offset: offset, reason: reason)) { try ManifestJSON(parsing: Data(text.utf8)) }
    }

    /// Reading never recurses; the limit keeps the runtime's release of the value shallow too.
    @Test func nestingIsBounded() throws {
        let limit = ManifestJSON.nestingLimit
        let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        var value = try ManifestJSON(parsing: Data(deepest.utf8))
        var depth = 0
        while case .array(let items) = value, let first = items.first {
            value = first
            depth += 1
        }
        #expect(depth == limit - 1)
        let tooDeep = String(repeating: #"{"a":"#, count: 100_000)
        #expect(throws: ManifestJSON.ParseError(offset: limit * 5 + 1, reason: "nested deeper than \(limit) levels")) {
            try ManifestJSON(parsing: Data(tooDeep.utf8))
        }
    }
}
