import Foundation
import TestSupport
import Testing
@testable import Formats

/// `trimmingBlanks()` removes what Foundation's `trimmingCharacters(in: .whitespaces)` removes,
/// and nothing else: line breaks and other characters stay.
@Suite(.tags(.small)) struct TrimmingBlanksTests {
    @Test(arguments: [
        "", " ", "\t \t", "plain", "  both sides\t", "inner  space stays", "\nline breaks stay\n", " \r\n ",
        "\u{A0}no-break\u{A0}", "\u{3000}ideographic\u{2003}", "\u{2028}line separator\u{2029}", "\u{200B}zero width\u{FEFF}",
        " \u{301}combining after a space", "café ", " Ünïcode\u{202F}", "\u{1680}ogham\u{205F}", "\u{85}next line\u{85}",
        "\u{0B}vertical tab\u{0C}", "emoji 👩‍👩‍👧 ",
    ])
    func removesWhatFoundationsWhitespaceSetRemoves(text: String) {
        // Compared as bytes: `==` on strings would take canonically equivalent ones for equal.
        let foundation = Array(text.trimmingCharacters(in: .whitespaces).utf8)
        #expect(Array(text.trimmingBlanks().utf8) == foundation)
        #expect(Array(text[...].trimmingBlanks().utf8) == foundation, "a substring trims alike")
    }

    /// Every scalar of the Basic Multilingual Plane (where every blank is), between two letters
    /// and on both ends.
    @Test func agreesOnEveryBasicPlaneScalar() {
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "\(scalar)a\(scalar)b\(scalar)"
            #expect(Array(text.trimmingBlanks().utf8) == Array(text.trimmingCharacters(in: .whitespaces).utf8), "U+\(String(value, radix: 16, uppercase: true))")
        }
    }
}
