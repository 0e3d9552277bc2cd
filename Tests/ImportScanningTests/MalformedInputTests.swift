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
        // Deep conditions: a per-file issue, the clause undecided (so its import may be active).
        Case("condition nested 50,000 deep", "#if " + String(repeating: "(", count: 50_000) + "A" + String(repeating: ")", count: 50_000) + "\nimport X\n#endif\nimport Y\n",
             issues: ["condition-too-deep@1:1"], modules: ["X", "Y"]),
        Case("80,000 negations", "#if " + String(repeating: "!", count: 80_000) + "A\nimport X\n#endif\nimport Y\n",
             issues: ["condition-too-deep@1:1"], modules: ["X", "Y"]),
        Case("condition nested 257 deep", "#if false || " + String(repeating: "(", count: 257) + "A" + String(repeating: ")", count: 257) + "\nimport X\n#endif\n",
             issues: ["condition-too-deep@1:1"], modules: ["X"]),
        Case("condition nested 256 deep", "#if false && " + String(repeating: "(", count: 256) + "A" + String(repeating: ")", count: 256) + "\nimport X\n#endif\n",
             issues: [], modules: ["X"]),
        Case("a chain of 90,000 conjunctions", "#if " + Array(repeating: "A", count: 90_000).joined(separator: " && ") + " && false\nimport X\n#endif\nimport Y\n",
             issues: [], modules: ["X", "Y"]),
        // The compiler does not parse a clause a false version check turns off, nor the clauses
        // after one a true check turns on: their text reaches nothing after them.
        Case("an unbalanced brace in a clause the compiler skips", "#if compiler(>=99)\nfunc f() {\n#endif\nimport A\n",
             issues: [], modules: ["A"]),
        Case("line-long literals in a clause the compiler skips", "#if swift(>=99)\nlet s = \"abc\nlet t = \"\\(f(\nlet r = #/abc\n#endif\nimport A\n",
             issues: [], modules: ["A"]),
        Case("a multi-line string in a clause the compiler skips", "#if swift(>=99)\nlet s = \"\"\"\n#endif\nimport A\n",
             issues: ["unterminated-conditional@1:1", "unterminated-string@2:9"], modules: []),
        Case("the clauses after a true version check", "#if compiler(>=1) || os(Windows)\nimport A\n#else\nstruct S {\nlet s = \"open\n#endif\nimport B\n",
             issues: [], modules: ["A", "B"]),
        Case("closing braces in a skipped clause in a body", "func f() {\n#if swift(<1)\n}}\n#endif\nimport X\n}\nimport A\n",
             issues: ["import-not-at-file-scope@5:8"], modules: ["A"]),
        Case("an import in a body in a skipped clause", "#if compiler(>=99)\nfunc f() {\nimport X\n}\nimport\n#endif\n",
             issues: [], modules: []),
        Case("an unbalanced brace in a clause the compiler parses", "#if os(Windows)\nfunc f() {\n#endif\nimport A\n",
             issues: [], modules: ["A"]),
        Case("a rejected condition nested in a skipped clause", "#if compiler(>=99)\n#if DEBUG == true\nimport A\n#endif\n#endif\nimport B\n",
             issues: [], modules: ["A", "B"]),
        Case("the elseif of a chain that may be skipped", "#if compiler(>=99)\n#elseif DEBUG == true\n#endif\n",
             issues: ["rejected-condition@2:1"], modules: []),
        Case("a condition continued on the next line", "#if os(Linux)\n&& DEBUG\nimport A\n#endif\n",
             issues: ["rejected-condition@2:1"], modules: ["A"]),
        Case("a condition continued after a comment and a blank line", "#if os(Linux) // c\n\n  || DEBUG\nimport A\n#endif\n",
             issues: ["rejected-condition@3:3"], modules: ["A"]),
        Case("a prefix operator on the line after a condition", "#if os(Linux)\n&&DEBUG\nimport A\n#endif\n",
             issues: [], modules: ["A"]),
        Case("a continued condition in a skipped clause", "#if compiler(>=99)\n&& DEBUG\n#endif\n",
             issues: [], modules: []),
        Case("a deep elseif after a decided if", "#if true\nimport X\n#elseif " + String(repeating: "!(", count: 40_000) + "A" + String(repeating: ")", count: 40_000) + "\nimport Z\n#endif\n",
             issues: ["condition-too-deep@3:1"], modules: ["X", "Z"]),
    ]

    /// Forms the compiler rejects with an error of its own; each is reported at its directive and
    /// its clause stays undecided. `CompilerAgreementTests.theCompilerRejectsTheSameConditions`
    /// checks that swiftc rejects each, with the message quoted.
    static let rejectedConditions: [(condition: String, message: String)] = [
        ("!!A", "expected unary '!' expression"),
        ("! A", "unary operator cannot be separated from its operand"),
        ("B || !\tA", "unary operator cannot be separated from its operand"),
        ("swift(>= 5)", "unary operator cannot be separated from its operand"),
        ("compiler(>= 6.0)", "unary operator cannot be separated from its operand"),
        ("hasFeature(A.B)", "'hasFeature' requires a single unlabeled argument for the feature"),
        ("hasFeature(a: B)", "'hasFeature' requires a single unlabeled argument for the feature"),
        ("os(Linux) && hasAttribute(A.B)", "'hasAttribute' requires a single unlabeled argument for the attribute"),
        ("compiler(>5)", "'compiler' version check does not support operator '>'"),
        ("swift(<=5)", "'swift' version check does not support operator '<='"),
        ("swift(5)", "'swift' requires a single unlabeled argument for the version comparison (>= or <= a version)"),
        ("compiler(>=5.x)", "'compiler' version check has invalid version '5.x'"),
        ("DEBUG == true", "expected '&&' or '||' expression"),
        ("DEBUG = true", "invalid conditional compilation expression"),
        ("DEBUG &&X", "extra tokens following conditional compilation directive"),
        ("os(Linux) os(iOS)", "extra tokens following conditional compilation directive"),
        ("DEBUG.x", "invalid conditional compilation expression"),
        ("-DEBUG", "expected unary '!' expression"),
        ("1", "'1' is not a valid conditional compilation expression, use 'true'"),
        ("_pointerBitWidth(64)", "'_pointerBitWidth' requires a single unlabeled argument for the bit width ('_' followed by an integer)"),
        ("_runtime(ObjC)", "unexpected argument for the '_runtime' condition; expected '_Native' or '_ObjC'"),
        ("os()", "'os' requires a single unlabeled argument for the operating system"),
        ("unknownFunction(A)", "invalid conditional compilation expression"),
        ("canImport(A, 1)", "second parameter of 'canImport' should be labeled as _version or _underlyingVersion"),
        ("canImport(A, _version: x)", "'canImport' version check has invalid version 'x'"),
        ("_compiler_version(\"5.*.1.2.3.4\")", "compiler version must not have more than five components"),
    ]

    /// Near misses the compiler accepts: nothing is reported for them.
    static let acceptedConditions = [
        "!A", "!(A)", "!(!A)", "swift(>=5)", "swift( >=5)", "compiler(<6.0)", "hasFeature(A)",
        "canImport(A.B)", "canImport(A, _version: 2)", "os(Linux) || !canImport(A)",
        "os(Linux,)", "os(`Linux`)", "`DEBUG`", "DEBUG&&A", "os (Linux)", "swift(>=5,)", "canImport(A,)", "$A",
        "_pointerBitWidth(_64)", "_runtime(_ObjC)", "_runtime(_Native)", "_endian(little)", "targetEnvironment(simulator)",
        "hasAttribute(retroactive)", "_compiler_version(\"5.*.1\")",
    ]

    @Test(arguments: rejectedConditions.map(\.condition))
    func aConditionTheCompilerRejectsIsReportedAndLeftUndecided(_ condition: String) throws {
        let result = ImportScanner.scan("import W\n#if \(condition)\nimport X\n#elseif false\nimport Y\n#endif\n")
        let expected = try #require(Self.rejectedConditions.first { $0.condition == condition }?.message)
        #expect(result.issues.map { "\($0.code.rawValue)@\($0.position.line):\($0.position.column)" } == ["rejected-condition@2:1"])
        #expect(result.issues.first?.message.contains("\"\(expected)\"") == true)
        #expect(result.imports.map { $0.isActive(in: .unknown) } == [true, nil, false])
        #expect(ConditionExpression.compilerRejection(of: condition) == expected)
    }

    @Test(arguments: acceptedConditions)
    func aConditionTheCompilerAcceptsIsNotReported(_ condition: String) {
        #expect(ImportScanner.scan("#if \(condition)\nimport X\n#endif\n").issues.isEmpty)
        #expect(ConditionExpression.compilerRejection(of: condition) == nil)
    }

    @Test(arguments: cases)
    func reportsTheProblemAndKeepsScanning(_ example: Case) {
        let result = ImportScanner.scan(example.bytes)
        #expect(result.issues.map { "\($0.code.rawValue)@\($0.position.line):\($0.position.column)" } == example.issues)
        #expect(result.imports.map(\.module) == example.modules)
    }

    @Test func deepConditionsEvaluateWithoutRecursion() {
        let environment = BuildEnvironment(definedFlags: ["A"])
        // 128 × `!(` is 256 levels: the deepest the compiler accepts.
        let nested = String(repeating: "!(", count: 128) + "A" + String(repeating: ")", count: 128)
        #expect(environment.evaluate(nested) == true)
        #expect(environment.evaluate("!" + nested) == nil)
        #expect(environment.evaluate(String(repeating: "!(", count: 127) + "A" + String(repeating: ")", count: 127)) == false)
        let chain = Array(repeating: "A", count: 90_000).joined(separator: " && ")
        #expect(environment.evaluate(chain) == true)
        #expect(environment.evaluate(chain + " && B") == false)
        #expect(environment.evaluate(Array(repeating: "B", count: 90_000).joined(separator: " || ") + " || A") == true)
        #expect(environment.evaluate(String(repeating: "(", count: 300) + "A" + String(repeating: ")", count: 300)) == nil)
        #expect(ConditionExpression(parsing: String(repeating: "!", count: 257) + "A").form == .tooDeep)
        // Within the limit, `!!` is still a form the compiler rejects (`!` sticks to one operand).
        #expect(ConditionExpression(parsing: String(repeating: "!", count: 256) + "A").form == .unparsable)
        #expect(ConditionExpression(parsing: String(repeating: "!(", count: 128) + "A" + String(repeating: ")", count: 128)).form == .parsed)
        #expect(environment.evaluate("A && (B || !C) && !(B)") == true)
        #expect(environment.evaluate("(A") == nil)
        #expect(environment.evaluate("A)") == nil)
    }

    /// Whether a build takes a clause is decided after the scan; a too-deep clause stays undecided
    /// while decided ones around it keep their answers.
    @Test func tooDeepClausesStayUndecided() {
        let deep = String(repeating: "(", count: 300) + "false" + String(repeating: ")", count: 300)
        let shallow = String(repeating: "(", count: 256) + "false" + String(repeating: ")", count: 256)
        let result = ImportScanner.scan("#if \(deep)\nimport X\n#endif\n#if \(shallow)\nimport Y\n#endif\n#if true\nimport Z\n#endif\n")
        #expect(result.imports.map { $0.isActive(in: .unknown) } == [nil, false, true])
        #expect(result.issues.map(\.code) == [.conditionTooDeep])
        #expect(result.issues.first?.message.contains("nested deeper than 256") == true)
    }

    @Test func emptyInputHasNothing() {
        #expect(ImportScanner.scan([UInt8]()) == ScanResult())
    }
}
