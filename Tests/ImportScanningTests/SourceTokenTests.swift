import TestSupport
import Testing
@testable import ImportScanning

/// `SourceToken.end`: the manifest editor splices right after a token, so a literal's end must
/// take in its whole closing delimiter, whatever the literal's form.
@Suite(.tags(.small)) struct SourceTokenTests {
    @Test(arguments: [
        (#""A""#, "A"),
        (##"#"A"#"##, "A"),
        (###"##"A"#"##"###, "A\"#"),
        ("\"\"\"\n  A\n  \"\"\"", nil),
        (##"#"""\#n  A\#n  """#"##, nil),
        (#""a\(b)c""#, nil),
        (###"#"a\#(b)c"#"###, nil),
        (#""a\(f("]"))c""#, nil),
    ] as [(String, String?)])
    func aLiteralEndsAfterItsClosingDelimiter(_ literal: String, _ value: String?) {
        let source = "x(" + literal + ") // \"after\""
        let tokens = SourceToken.tokenize(source)
        let string = tokens.first { $0.kind == .stringLiteral }
        #expect(string?.position.offset == 2)
        #expect(string?.end == 2 + literal.utf8.count)
        #expect(string?.text == value)
        // The `)` after the literal, as the cursor read it, starts where the literal ends.
        #expect(tokens.last?.kind == .closeParenthesis)
        #expect(tokens.last?.position.offset == 2 + literal.utf8.count)
    }

    @Test func otherTokensEndAfterTheirBytes() {
        let tokens = SourceToken.tokenize("  name: value[0]")
        #expect(tokens.map(\.end) == [6, 7, 13, 14, 15, 16])
    }
}
