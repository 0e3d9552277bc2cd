import Formats
import Foundation
import Testing

/// `JSONReader` in JSON5, as `bulkhead.json` is read: every form it takes, and every syntax
/// error told with the line and column configuration errors have always shown.
@Suite(.tags(.small)) struct JSON5ReadingTests {
    func read(_ text: String) throws(JSONReader.SyntaxError) -> JSONReader.Document {
        try JSONReader.read(Data(text.utf8), syntax: .json5)
    }

    @Test(arguments: [
        ("{ \"layers\": [ }", "line 1, column 15: expected a value, found '}'"),
        ("{\n  preset: \"layers\"\n  rules: {}\n}", "line 3, column 3: expected ',' or '}', found 'r'"),
        ("{ a: 1e309 }", "line 1, column 6: the number 1e309 is too large"),
        ("{ a: \"\\uD800\" }", "line 1, column 13: a lone high surrogate is not a character"),
        ("{ a: \"\\uDC00\" }", "line 1, column 13: a lone low surrogate (\\uDC00) is not a character"),
        ("{ a: \"x\\xFFy\" }", "line 1, column 8: this is not valid UTF-8; save the file as UTF-8"),
        ("{ a: 'open }", "line 1, column 6: this string is never closed"),
        ("{ /* never closed }", "line 1, column 3: this comment is never closed with */"),
        ("", "line 1, column 1: the file is empty; write an object: { }"),
        ("{ a: yes }", "line 1, column 6: expected a value, found 'yes'; quote strings"),
        ("{ a: Infinity }", "line 1, column 6: Infinity and NaN are not values Bulkhead reads"),
        ("{} {}", "line 1, column 4: unexpected '{' after the end of the top-level value"),
        ("{ a: 1", "line 1, column 7: the file ends inside an unclosed object; expected ',' or '}'"),
        ("{ 1: 1 }", "line 1, column 3: expected a key (a name or a quoted string), found '1'"),
        (String(repeating: "[", count: 100_000), "line 1, column 257: nested deeper than 256 objects and lists"),
    ])
    func syntaxErrorsSayWhereTheFileIsBroken(text: String, location: String) {
        do {
            _ = try JSONReader.read(Self.replacingPlaceholderByte(text), syntax: .json5)
            Issue.record("expected an error")
        } catch {
            #expect(error.description == location)
        }
    }

    @Test func linesEndWithLFCRLFOrALoneCR() throws {
        #expect(try read("{\r// a comment\r\"exclude\": []\r}").value.object?["exclude"] == JSONValue(.array([])))
        #expect(throws: JSONReader.SyntaxError(offset: 17, line: 3, column: 1, reason: "expected ',' or '}', found '\"'")) {
            try read("{\r\n\"exclude\": []\r\"rules\" {}\r}")
        }
    }

    @Test func escapesTakeHexadecimalDigitsOnly() {
        #expect(throws: JSONReader.SyntaxError(offset: 15, line: 1, column: 16, reason: "\\u takes 4 hexadecimal digits")) {
            try read(#"{ "exclude": ["\u+041"] }"#)
        }
    }

    @Test func keysWrittenTwiceAreNamedByTheirPathAfterTheirEscapesAreRead() throws {
        #expect(try read(#"{ "pre\u0073et": "layers", preset: "other" }"#).duplicateKeys == ["preset"])
        let document = try read("""
        { rules: { "unused-dependency": "off", "unused-dependency": "error" },
          layers: [{ name: "A" }, { name: "B", name: "C" }],
          rules: {} }
        """)
        #expect(document.duplicateKeys == ["rules.unused-dependency", "layers[1].name", "rules"])
        #expect(document.value.object?["rules"] == JSONValue(.object([:])))
    }

    @Test func readsEveryJSON5Form() throws {
        let value = try read("""
        \u{FEFF}{
          // a comment, /* another */
          'exclude': ['it\\'s', "tab\\tand\\x41\\u00e9\\uD83D\\uDE00", "line \\
        continued"],
          affected: { ignore: [], },
          numbers: [0x1F, +1, -.5, 5., 1e3,],
        }
        """).value
        #expect(value.object?["exclude"]?.array?.compactMap(\.string) == ["it's", "tab\tandAé😀", "line continued"])
        #expect(value.object?["affected"] == JSONValue(.object(["ignore": JSONValue(.array([]))])))
        #expect(value.object?["numbers"]?.array?.compactMap(\.number) == [31, 1, -0.5, 5, 1000])
    }

    /// `\xFF` in a test's text stands for the byte 0xFF, which a Swift string cannot hold.
    static func replacingPlaceholderByte(_ text: String) -> [UInt8] {
        guard let range = text.range(of: "\\xFF") else { return Array(text.utf8) }
        return Array(text[..<range.lowerBound].utf8) + [0xFF] + Array(text[range.upperBound...].utf8)
    }
}
