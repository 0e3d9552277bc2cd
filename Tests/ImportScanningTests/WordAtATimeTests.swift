import TestSupport
import Testing
@testable import ImportScanning

/// The scanner tests eight, thirty-two and sixty-four bytes at a time where it can (the UTF-8 and NUL check,
/// comment bodies). These put the byte that matters at every offset of those words, around
/// bytes that look like it in part (0x8A is a line feed with the high bit set), and check the
/// answer against the byte-at-a-time one.
@Suite(.tags(.small)) struct WordAtATimeTests {
    /// Filler characters that are neither a line break, `*` nor `/`, multi-byte ones among them
    /// (`ъ` ends in 0x8A, `Њ` is 0xD0 0x8A), so the bytes searched for fall at every offset.
    static let filler: [[UInt8]] = ["a", "b", " ", "ъ", "\u{0B}", "é", "\t", "Њ", "\u{7F}", "x", "—", "q"].map { Array($0.utf8) }

    /// `count` filler characters, whole.
    static func fill(_ count: Int) -> [UInt8] {
        (0..<count).flatMap { filler[$0 % filler.count] }
    }

    @Test func aLineCommentEndsAtItsFirstLineBreakWhereverItFalls() {
        for length in 0..<48 {
            for lineBreak in ["\n", "\r", "\r\n"] {
                let bytes = Array("// ".utf8) + Self.fill(length) + Array("\(lineBreak)import A // import B\nimport C".utf8)
                let result = ImportScanner.scan(bytes)
                #expect(result.imports.map(\.module) == ["A", "C"], "length \(length)")
                #expect(result.imports.map(\.position.line) == [2, 3], "length \(length)")
                #expect(result.issues.isEmpty)
            }
        }
    }

    @Test func aLineCommentAtTheEndOfTheFileEndsThere() {
        for length in 0..<40 {
            let result = ImportScanner.scan(Array("import A\n// ".utf8) + Self.fill(length))
            #expect(result.imports.map(\.module) == ["A"])
            #expect(result.issues.isEmpty, "length \(length)")
        }
    }

    @Test func aBlockCommentEndsAtItsCloseWhereverItFalls() {
        for length in 0..<48 {
            for inner in 0..<3 {
                let body = Self.fill(length)
                let nested = Array("/* ".utf8) + Self.fill(inner) + Array(" */".utf8)
                let bytes = Array("/*".utf8) + body + nested + Self.fill(inner) + Array("*/import A /* import B */\nimport C".utf8)
                let result = ImportScanner.scan(bytes)
                #expect(result.imports.map(\.module) == ["A", "C"], "length \(length), inner \(inner)")
                #expect(result.issues.isEmpty, "length \(length), inner \(inner)")
            }
        }
    }

    @Test func anUnclosedBlockCommentIsReportedWhereverTheFileEnds() {
        for length in 0..<40 {
            for ending in ["", "*", "/", "*/ /*"] {
                let bytes = Array("import A\n/*".utf8) + Self.fill(length) + Array(ending.utf8)
                let result = ImportScanner.scan(bytes)
                #expect(result.imports.map(\.module) == ["A"])
                #expect(result.issues.map(\.code) == [.unterminatedComment], "length \(length), ending \(ending)")
                #expect(result.issues.first?.position.line == 2)
            }
        }
    }

    /// 8 KiB of text first, so a NUL is read as whitespace rather than marking the file binary.
    static let preamble = Array(repeating: UInt8(ascii: "a"), count: 8192)

    @Test func theValidationFindsANulOrAnInvalidByteAtEveryOffset() throws {
        for offset in 0..<160 {
            var bytes = Self.preamble + Array(repeating: UInt8(ascii: "b"), count: 160)
            bytes[8192 + offset] = 0
            var findings = bytes.withUnsafeBufferPointer { SourceTextValidation.check($0) }
            #expect(findings?.firstNULOffset == 8192 + offset)
            #expect(findings?.firstInvalidUTF8Offset == nil)

            bytes[8192 + offset] = 0xFF
            findings = bytes.withUnsafeBufferPointer { SourceTextValidation.check($0) }
            #expect(findings?.firstNULOffset == nil)
            #expect(findings?.firstInvalidUTF8Offset == 8192 + offset)

            bytes[8192 + offset] = 0x7F
            #expect(bytes.withUnsafeBufferPointer { SourceTextValidation.check($0) } == nil)
        }
    }

    /// Sixty-four bytes a turn, resumed after each word that held a valid multi-byte character:
    /// a NUL or an invalid byte after one is found at every offset of the next few turns.
    @Test func theValidationResumesItsWideTurnsAfterAValidCharacter() {
        for start in [0, 1, 31, 63, 64, 100] {
            for distance in 0..<200 {
                var bytes = Self.preamble + Array(repeating: UInt8(ascii: "b"), count: start) + Array("é".utf8)
                    + Array(repeating: UInt8(ascii: "c"), count: 240)
                let target = 8192 + start + 2 + distance
                bytes[target] = 0
                var findings = bytes.withUnsafeBufferPointer { SourceTextValidation.check($0) }
                #expect(findings?.firstNULOffset == target, "start \(start), distance \(distance)")
                #expect(findings?.firstInvalidUTF8Offset == nil)
                bytes[target] = 0xC0
                findings = bytes.withUnsafeBufferPointer { SourceTextValidation.check($0) }
                #expect(findings?.firstNULOffset == nil)
                #expect(findings?.firstInvalidUTF8Offset == target, "start \(start), distance \(distance)")
            }
        }
    }

    @Test func validMultiByteCharactersAtEveryOffsetPassTheValidation() {
        for offset in 0..<80 {
            let bytes = Self.preamble + Array(repeating: UInt8(ascii: "b"), count: offset) + Array("é—😀".utf8) + Array(repeating: UInt8(ascii: "c"), count: 40)
            #expect(bytes.withUnsafeBufferPointer { SourceTextValidation.check($0) } == nil, "offset \(offset)")
        }
    }
}

extension WordAtATimeTests {
    @Test func indentationOfEveryWidthIsSkipped() {
        for width in 0..<40 {
            for blank in [" ", "\t", " \t", "\u{0C}"] {
                let indent = String(repeating: blank, count: width)
                let text = "\(indent)import A\n\(indent)@_spi(S)\(indent) public\(indent) import\(indent) B\(indent);\(indent)import C"
                let result = ImportScanner.scan(text)
                #expect(result.imports.map(\.module) == ["A", "B", "C"], "width \(width)")
                let w = width * blank.utf8.count
                #expect(result.imports.map(\.position.column) == [w + 8, 4 * w + 24, 6 * w + 33], "width \(width)")
                #expect(result.imports.dropFirst().first?.accessLevel == .public)
                #expect(result.issues.isEmpty)
            }
        }
    }
}
