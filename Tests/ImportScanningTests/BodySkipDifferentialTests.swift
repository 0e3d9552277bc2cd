import Foundation
import TestSupport
import Testing
@testable import ImportScanning

/// The import scan runs through declaration bodies sixteen bytes a turn and reads back the state
/// it needs at each stop; these compare it with the token-by-token reading of the same bytes on
/// inputs built to disagree: strings holding braces, regex literals holding quotes and braces,
/// division that looks like a regex, nested comments, interpolations holding closures and
/// strings, plain interpolations passed over whole, `#if` inside bodies, `import` where it is a
/// label, a member or a misplaced declaration, unterminated everything, NUL bytes and invalid
/// UTF-8.
@Suite(.tags(.small)) struct BodySkipDifferentialTests {
    /// Pieces whose order decides what the bytes after them are.
    static let pieces: [[UInt8]] = [
        "{", "{", "{", "}", "}", "}", "func f() {", "var x: Int { ", "{ a in ", "}\n",
        "\"", "\"{\"", "\"}\"", "\"\"\"\n", "\n\"\"\"", "#\"", "\"#", "##\"", "\"##", "\\(", "\\(x)", "\\({ $0 }(\"}\"))", "\\#(",
        "/", "/ ", " / ", "a / b", "x/2", "/a{/", "/\"/", "/}/", "#/", "/#", "#/{\"/#", "#/\n", "\n/#", "(/", "/)", "/=", "+/", "!/", "*/", "/*", "/* /* */", "//", "// {\n",
        "// bulkhead:ignore x - y\n", "#if A\n", "#if A && (B\n|| C)\n", "#elseif B\n", "#else\n", "#endif\n", "#endif", "#if os(Linux) // c\n", "#available(iOS 1, *)", "#selector(f)",
        "import ", "import A", "import A.B\n", "import A\n", "@_spi(X) public import B\n", "import struct A.b\n", ".import", "(import", "(import x: Int)", ", import", "f(import: 1)", "import\n", "import 1",
        "reimport", "importer", "imports", "im", "i", "m", "mport", "`import`", "`", "`a`", "`a", "@", "@attr", "@attr(", "@available(*, deprecated) ", "@escaping ",
        "return ", "return", "func ", "func /", "operator /", "case ", "in ", "if ", "where ", "guard ", "throw ", "try ", "let ", "x", "y1", "1", "1.5", ".e5", "$0", "_",
        " ", "  ", "\t", "\n", "\n", "\r\n", "\r", "    ", "+", "-", "!", "?", "=", "==", "<", ">", "&", "|", "^", "~", "%", "*", ",", ";", ":", "(", ")", "[", "]", ".", "..", "\\", "'",
        "p!/2", "f()/2", "a[0]/b", "x /= y", "a /b/ c", "= /a+/", "(/a/)", "{ /re/ }", "return /x/",
        // Interpolations the skip passes over whole, and ones that stop it part of the way.
        "\"\\(a)\"", "\"x \\(a + 1) y \\(b.c)\"", "\"\\(case)\"", "\"\\(1)\"", "\"\\()\"", "\"\\(public)\"", "\"\\(a, b: 1)\"",
        "\"\\(a)", "\\(a", "\\(a)\"", "#\"\\#(a) \\(b)\"#", "\"\"\"\n\\(a)\n\"\"\"", "\"\\(a\n)\"", "\"\\(import)\"", "\"\\(imports)\"",
        "\"\\(f(x))\"", "\"\\(a \"b\")\"", "\"\\(a /b/)\"", "\"\\(a // c\n)\"", "\"\\(x.y[0] + `z`)\"", "\"\\(@x)\"", "\"\\({ a })\"", "\"\\(#if)\"",
    ].map { Array($0.utf8) } + [[0], [0xFF], [0xC2, 0xA0], [0xE2, 0x82], [0xC3], [0x80], [0xEF, 0xBB, 0xBF]]

    @Test(arguments: 0..<400)
    func generatedBodiesReadAsTokenByToken(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed) &* 7_919 &+ 17)
        var bytes: [UInt8] = Array("import First\n".utf8)
        for _ in 0..<Int.random(in: 1...300, using: &random) {
            bytes += Self.pieces.randomElement(using: &random)!
            if Int.random(in: 0..<40, using: &random) == 0 { bytes += Array("\nimport Middle\n".utf8) }
        }
        bytes += Array("\n}}}\nimport Last\n".utf8)
        expectSameReading(bytes, "seed \(seed)")
    }

    @Test(arguments: 0..<200)
    func byteSoupReadsAsTokenByToken(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed) &+ 90_000)
        let alphabet = Array("{}{}()[]\"\"#/\\@`im import .,;:+!=*\n\r\t xa1".utf8) + [0, 0x80, 0xFF, 0xC2, 0xA0]
        let bytes = (0..<Int.random(in: 0...3000, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
        expectSameReading(bytes, "seed \(seed)")
    }

    /// Bulkhead's own sources and fixtures, whole and cut at every few bytes: real bodies.
    @Test func realSourcesReadAsTokenByToken() {
        var random = SeededGenerator(seed: 42)
        for file in ScannerPropertyTests.corpus {
            expectSameReading(file, "a corpus file of \(file.count) bytes")
            for _ in 0..<3 where !file.isEmpty {
                let cut = Int.random(in: 0..<file.count, using: &random)
                expectSameReading(Array(file[..<cut]), "a corpus file cut at \(cut)")
            }
        }
    }

    /// Each case reads differently unless the state at a stop is read back right: a `/}/` taken
    /// for a regex keeps `import B` in the body, taken for division it closes the body first.
    @Test(arguments: [
        // A regex after `return`, division after a name.
        ("func f() { let a = b / 2; return /}/ \n import B }\nimport A\n", ["A"]),
        ("func f() { return x; /}/ \n import B }\nimport A\n", ["A"]),
        // `+/` after a name is one operator: division.
        ("func f() { a = b +/}/ \n import B }\nimport A\n", ["B", "A"]),
        // An attribute leaves the last name as it was: after `case` a regex, after `y` division.
        ("func f() { case ; @x /}/ \n import B }\nimport A\n", ["A"]),
        ("func f() { y ; @x /}/ \n import B }\nimport A\n", ["B", "A"]),
        // A line comment keeps the token before it.
        ("func f() { return // c\n /}/ \n import B }\nimport A\n", ["A"]),
        // `import` as a member and as a label in a body is no import and no warning.
        ("func f() { a.import; f(import: 1); g(a, import: 2) }\nimport A\n", ["A"]),
        // `#else` in a body starts its clause at the depth of its `#if`.
        ("func f() {\n#if X\n{\n#else\nimport B\n#endif\n}\nimport A\n", ["A"]),
        ("struct S {\n    func f() { import Foundation }\n}\nimport A\n", ["A"]),
        // More stretches without a name than the cursor keeps pending: the name before them counts.
        ("func f() { case " + String(repeating: "; \"s\" ", count: 80) + "; @x /}/ \n import B }\nimport A\n", ["A"]),
        ("func f() { y " + String(repeating: "; \"s\" ", count: 80) + "; @x /}/ \n import B }\nimport A\n", ["B", "A"]),
        // Comments between the name and the operator keep the name as the token before it.
        ("func f() { return /* a */ // b\n /* c */ /}/ \n import B }\nimport A\n", ["A"]),
        // An interpolation passed over whole keeps its last name for an attribute after the
        // string: after `case` a regex, after `y` division; one without a name keeps the name before.
        ("func f() { y \"s \\(case) t\" ; @x /}/ \n import B }\nimport A\n", ["A"]),
        ("func f() { case \"s \\(y) t\" ; @x /}/ \n import B }\nimport A\n", ["B", "A"]),
        ("func f() { case \"\\(1 + 2)\" ; @x /}/ \n import B }\nimport A\n", ["A"]),
        ("func f() { y \"\\(1 + 2)\\(3)\" ; @x /}/ \n import B }\nimport A\n", ["B", "A"]),
        ("func f() { y #\"\\#(a.case)\"# ; @x /}/ \n import B }\nimport A\n", ["A"]),
        // A string at file scope too, its last name read in the body after it.
        ("let s = \"\\(y) \\(case)\" ; { @x /}/ \n import B }\nimport A\n", ["A"]),
        ("let s = \"\\(case) \\(y)\" ; { @x /}/ \n import B }\nimport A\n", ["B", "A"]),
        ("func f() { y " + String(repeating: "\"\\(1)\" ", count: 80) + "; @x /}/ \n import B }\nimport A\n", ["B", "A"]),
        ("func f() { case " + String(repeating: "\"\\(1)\" ", count: 80) + "; @x /}/ \n import B }\nimport A\n", ["A"]),
        // An `import` in an interpolation is read as the full reading reads it: a misplaced one.
        ("func f() { \"\\(import B)\" }\nimport A\n", ["A"]),
    ])
    func statesReadBackAtStops(source: String, imports: [String]) {
        let bytes = Array(source.utf8)
        let fast = bytes.withUnsafeBufferPointer { ImportScanner.scan($0, skippingBodies: true) }
        let full = bytes.withUnsafeBufferPointer { ImportScanner.scan($0, skippingBodies: false) }
        #expect(fast == full, "\(source)")
        #expect(fast.imports.map(\.module) == imports, "\(source)")
    }

    /// Every case again, starting at each of the first sixteen offsets of a wide vector, so each
    /// stop falls at every place in a sixteen-byte load and in the byte-at-a-time tail.
    @Test func everyAlignmentOfTheStops() {
        let body = "func f() { let a = b / 2; return /\"/; x.import; (import: 1); case ; @x /}/; \"}\"; #if A\n}\n#endif\n \"\\(a + b.c) \\(d(e))\"; y \"\\(case)\"; @x /}/; import B }\nimport A\n"
        for padding in 0..<40 {
            let bytes = Array((String(repeating: " ", count: padding) + body).utf8)
            expectSameReading(bytes, "padding \(padding)")
            for cut in stride(from: bytes.count, to: max(0, bytes.count - 40), by: -1) {
                expectSameReading(Array(bytes[..<cut]), "padding \(padding), cut at \(cut)")
            }
        }
    }

    private func expectSameReading(_ bytes: [UInt8], _ comment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let fast = bytes.withUnsafeBufferPointer { ImportScanner.scan($0, skippingBodies: true) }
        let full = bytes.withUnsafeBufferPointer { ImportScanner.scan($0, skippingBodies: false) }
        if fast != full {
            Issue.record("\(comment): the skipping scan read \(fast.imports.map(\.module)) \(fast.issues.map { "\($0.code)@\($0.position.offset)" }), token by token \(full.imports.map(\.module)) \(full.issues.map { "\($0.code)@\($0.position.offset)" }) in \(String(decoding: bytes, as: UTF8.self).debugDescription)", sourceLocation: sourceLocation)
        }
    }
}
