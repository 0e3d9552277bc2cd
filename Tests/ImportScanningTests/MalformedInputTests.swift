import TestSupport
import Testing
@testable import ImportScanning

/// Malformed input yields issues at the right place, never a crash, a hang or a lost import
/// elsewhere in the file.
@Suite(.tags(.small)) struct MalformedInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var issues: [String]
        var modules: [String]
        var testDescription: String { name }

        init(_ name: String, _ text: String, issues: [String], modules: [String]) {
            self.init(name, Array(text.utf8), issues: issues, modules: modules)
        }

        init(_ name: String, _ bytes: [UInt8], issues: [String], modules: [String]) {
            self.name = name
            self.bytes = bytes
            self.issues = issues
            self.modules = modules
        }
    }

    static let cases: [Case] = [
        Case("unterminated string", "import A\nlet s = \"abc\nimport B\n",
             issues: ["unterminated-string@2:9"], modules: ["A", "B"]),
        Case("unterminated multi-line string", "import A\nlet s = \"\"\"\nimport B\n",
             issues: ["unterminated-string@2:9"], modules: ["A"]),
        Case("unterminated raw string", "import A\nlet s = #\"abc\"\nimport B\n",
             issues: ["unterminated-string@2:9"], modules: ["A", "B"]),
        Case("unterminated interpolation", "let s = \"\\(f(\nimport B\n",
             issues: ["unterminated-string@1:9"], modules: ["B"]),
        Case("unterminated block comment", "import A\n/* /* */\nimport B\n",
             issues: ["unterminated-comment@2:1"], modules: ["A"]),
        Case("unterminated extended regex", "let r = #/abc\nimport B\n",
             issues: ["unterminated-regex@1:9"], modules: ["B"]),
        Case("if without endif", "#if DEBUG\nimport A\n",
             issues: ["unterminated-conditional@1:1"], modules: ["A"]),
        Case("endif without if", "#endif\nimport A\n",
             issues: ["unbalanced-directive@1:1"], modules: ["A"]),
        Case("else without if", "#else\nimport A\n",
             issues: ["unbalanced-directive@1:1"], modules: ["A"]),
        Case("import without module", "import\n",
             issues: ["malformed-import@1:1"], modules: []),
        Case("import kind at the end of the file", "import struct",
             issues: ["malformed-import@1:1"], modules: []),
        Case("import of a number", "import 42\nimport A\n",
             issues: ["malformed-import@1:1"], modules: ["A"]),
        Case("invalid UTF-8", [0x69, 0x6D, 0x70, 0x6F, 0x72, 0x74, 0x20, 0x41, 0x0A, 0x2F, 0x2F, 0xC3, 0x28, 0x0A] + Array("import B\n".utf8),
             issues: ["invalid-utf8@2:3"], modules: ["A", "B"]),
        Case("overlong UTF-8", Array("import A\n// ".utf8) + [0xC0, 0xAF] + Array("\nimport B\n".utf8),
             issues: ["invalid-utf8@2:4"], modules: ["A", "B"]),
        Case("NUL byte late in a file", Array("import A\n".utf8) + Array(repeating: 0x20, count: 9000) + [0] + Array("\nimport B\n".utf8),
             issues: ["nul-byte@2:9001"], modules: ["A", "B"]),
        Case("binary file", [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x00, 0x00] + Array("import A\n".utf8),
             issues: ["binary-file@1:7"], modules: []),
        Case("import in a body", "func f() {\n  import A\n}\nimport B\n",
             issues: ["import-not-at-file-scope@2:10"], modules: ["B"]),
        Case("stray closing braces", "}}}\nimport A\n",
             issues: [], modules: ["A"]),
    ]

    @Test(arguments: cases)
    func reportsTheProblemAndKeepsScanning(_ example: Case) {
        let result = ImportScanner.scan(example.bytes)
        #expect(result.issues.map { "\($0.code.rawValue)@\($0.position.line):\($0.position.column)" } == example.issues)
        #expect(result.imports.map(\.module) == example.modules)
    }

    @Test func emptyInputHasNothing() {
        #expect(ImportScanner.scan([UInt8]()) == ScanResult())
    }
}
