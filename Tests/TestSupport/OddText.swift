/// Text built from the pieces a JSON writer can get wrong, for tests that hold a writer to
/// another's bytes: every control character, quotes, backslashes, slashes, DEL, the line and
/// paragraph separators, a byte-order mark, combining marks, characters beyond the first plane,
/// and the plain text around them.
package enum OddText {
    package static let pieces: [String] = {
        var pieces = (0..<0x20).map { String(Unicode.Scalar(UInt8($0))) }
        pieces += ["\"", "\\", "/", "//", "\\/", "\u{7F}", "\u{80}", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{FFFD}", "\u{10FFFF}",
                   "e\u{301}", "é", "🙂", "👨‍👩‍👧", "🇫🇷", "中文", "Å", " ", "a", "Z", "0", "-", ":", ",", "{", "}", "[", "]",
                   "</script>", "Sources/App/App.swift", "https://example.com/a.git", "import Foundation", "\r\n", "%", "\u{1B}[31m"]
        return pieces
    }()

    /// Up to `maximumPieces` pieces, chosen by `generator`; sometimes empty.
    package static func make(using generator: inout SeededGenerator, maximumPieces: Int = 8) -> String {
        let count = Int.random(in: 0...maximumPieces, using: &generator)
        return (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }

    /// An integer from the ends of the range as often as from its middle.
    package static func integer(using generator: inout SeededGenerator) -> Int {
        [Int.max, Int.min, 0, 1, -1, 9_007_199_254_740_993, Int.random(in: .min ... .max, using: &generator)]
            .randomElement(using: &generator)!
    }
}
