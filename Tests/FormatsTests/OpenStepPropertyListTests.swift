import TestSupport
import Testing
@testable import Formats

/// The old-style property-list reader on its own: the syntax Xcode writes, and errors with lines.
@Suite(.tags(.small)) struct OpenStepPropertyListTests {
    static func parse(_ text: String) throws(OpenStepPropertyList.SyntaxError) -> PropertyListValue {
        try OpenStepPropertyList.parse(Array(text.utf8))
    }

    @Test func readsDictionariesArraysWordsQuotedStringsAndComments() throws {
        let value = try Self.parse("""
        // !$*UTF8*$!
        {
            /* a comment */ a = b; // another
            "quoted key" = "x \\"y\\" \\\\ \\n\\U00e9\\101";
            list = (one, "two", /* three */ );
            empty = ();
            nested = { path = "$(SRCROOT)/a.b-c_d+e:f"; };
            data = <0fbd7765>;
        }
        """)
        #expect(value == .dictionary([
            "a": .string("b"),
            "quoted key": .string("x \"y\" \\ \né" + "A"),
            "list": .array([.string("one"), .string("two")]),
            "empty": .array([]),
            "nested": .dictionary(["path": .string("$(SRCROOT)/a.b-c_d+e:f")]),
            "data": .string("<0fbd7765>"),
        ]))
    }

    @Test(arguments: [
        ("{\n a = b\n}", 3, "expected ';'"),
        ("{\n a = (b c);\n}", 2, "expected ',' or ')'"),
        ("{\n a = \"never closed;\n}\n", 2, "never closed"),
        ("{\n a b;\n}", 2, "expected '='"),
        ("{ a = b; }\n}", 2, "after the end"),
        ("{\n a = {\n", 3, "ends inside a dictionary"),
        ("", 1, "empty"),
        ("{ a = ; }", 1, "unexpected character ';'"),
    ])
    func errorsSayWhatAndOnWhichLine(_ text: String, line: Int, words: String) {
        #expect {
            try Self.parse(text)
        } throws: { error in
            guard let error = error as? OpenStepPropertyList.SyntaxError else { return false }
            return error.line == line && error.message.contains(words)
        }
    }

    @Test func nestingBeyondTheLimitIsRefusedNotACrash() {
        let depth = OpenStepPropertyList.maximumDepth + 1
        #expect(throws: OpenStepPropertyList.SyntaxError.self) {
            try Self.parse(String(repeating: "(", count: depth) + String(repeating: ")", count: depth))
        }
        let allowed = OpenStepPropertyList.maximumDepth
        #expect(throws: Never.self) {
            try Self.parse(String(repeating: "(", count: allowed) + String(repeating: ")", count: allowed))
        }
    }
}
