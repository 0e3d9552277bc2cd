import Formats
import Foundation
import Testing
import TestSupport

/// `JSONReader` in strict JSON, against Foundation's `JSONDecoder` as the oracle: every JSON file
/// the fixtures hold (SwiftPM's recorded answers, `Package.resolved`, schemas; not `bulkhead.json`,
/// which is JSON5) reads to the same tree.
@Suite(.tags(.small)) struct JSONReaderTests {
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
            let expected = try? JSONDecoder().decode(JSONValue.self, from: data)
            let parsed = try? JSONValue(parsing: data)
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
        let expected = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(try JSONValue(parsing: Data(text.utf8)) == expected)
    }

    @Test func aLoneSurrogateBecomesTheReplacementCharacter() throws {
        #expect(try JSONValue(parsing: Data(#"["\ud800x"]"#.utf8)) == JSONValue(.array([JSONValue(.string("\u{FFFD}x"))])))
    }

    @Test(arguments: [(String, Int, String)]([
        ("", 0, "the file is empty; write an object: { }"),
        ("[1, 2", 5, "the file ends inside an unclosed list; expected ',' or ']'"),
        ("[1 2]", 3, "expected ',' or ']', found '2'"),
        ("[1,]", 3, "expected a value, found ']'"),
        (#"{"a" 1}"#, 5, "expected ':' after the key 'a'"),
        (#"{"a": 1,}"#, 8, "expected a key in double quotes, found '}'"),
        ("[1] x", 4, "unexpected 'x' after the end of the top-level value"),
        (#""open"#, 0, "this string is never closed"),
        (#""\q""#, 1, #"\q is not an escape JSON has"#),
        (#""\u12""#, 1, #"\u takes 4 hexadecimal digits"#),
        ("tru", 0, "expected a value, found 'tru'; quote strings"),
        ("-", 1, "expected digits in a number"),
        ("1.", 2, "expected digits after '.' in a number"),
        ("\"a\u{1}b\"", 2, "a control character inside a string; write it as an escape"),
    ]))
    func malformedInputNamesWhereAndWhy(_ text: String, _ offset: Int, _ reason: String) {
        #expect(throws: JSONReader.SyntaxError(offset: offset, line: 1, column: offset + 1, reason: reason)) { try JSONValue(parsing: Data(text.utf8)) }
    }

    /// What JSON5 adds is refused in strict JSON: SwiftPM never writes it, so it means the file
    /// is not SwiftPM's.
    @Test(arguments: [
        "// a comment\n{}", "/* a comment */ {}", "[1,]", "{a: 1}", "['x']", "[0x10]", "[+1]", "[.5]", "\u{FEFF}{}",
    ])
    func json5FormsAreNotJSON(_ text: String) {
        #expect(throws: JSONReader.SyntaxError.self) { try JSONValue(parsing: Data(text.utf8)) }
        #expect((try? JSONReader.read(Data(text.utf8), syntax: .json5)) != nil)
    }

    /// Reading never recurses; the limit keeps the runtime's release of the value shallow too.
    @Test(arguments: [JSONReader.Syntax.json, .json5])
    func nestingIsBoundedByOneLimit(_ syntax: JSONReader.Syntax) throws {
        let limit = JSONReader.nestingLimit
        let deepest = String(repeating: "[", count: limit) + "1" + String(repeating: "]", count: limit)
        var value = try JSONReader.read(Data(deepest.utf8), syntax: syntax).value
        var depth = 0
        while let items = value.array, let first = items.first {
            value = first
            depth += 1
        }
        #expect(depth == limit)
        let tooDeep = String(repeating: #"{"a":"#, count: 100_000)
        #expect(throws: JSONReader.SyntaxError(offset: limit * 5, line: 1, column: limit * 5 + 1, reason: "nested deeper than \(limit) objects and lists")) {
            try JSONReader.read(Data(tooDeep.utf8), syntax: syntax)
        }
    }

    /// Each value knows the byte it starts at, and its line and column follow from it; equality
    /// ignores where a value was written.
    @Test func valuesKnowWhereTheyStart() throws {
        let text = "{\n  \"a\": [1, \"é\", {\"b\": null}],\n  \"c\": true\n}"
        let value = try JSONValue(parsing: Data(text.utf8))
        let items = try #require(value.object?["a"]?.array)
        #expect(value.offset == 0)
        #expect(items.map { JSONReader.position(of: $0.offset, in: Data(text.utf8)).column } == [9, 12, 17])
        let c = try #require(value.object?["c"])
        #expect(JSONReader.position(of: c.offset, in: Data(text.utf8)) == (line: 3, column: 8))
        #expect(try JSONValue(parsing: Data(#"{"a":[1,"é",{"b":null}],"c":true}"#.utf8)) == value)
    }
}
