import Diagnostics
import Formats
import Foundation
import TestSupport
import Testing
@testable import Reporting

/// The JSON documents' one encoder: stable bytes, and a thrown error instead of empty output.
/// The reporters' own documents hold only strings, integers and booleans; a floating-point
/// value is refused by name rather than written in a guessed format.
@Suite(.tags(.small)) struct SortedJSONTests {
    struct Sample: Encodable {
        var zebra = 1
        var apple = "a/b"
        var empty: [String] = []
    }

    @Test func keysAreSortedSlashesKeptAndALineEnds() throws {
        #expect(try SortedJSON.text(of: Sample(), document: "sample")
            == "{\n  \"apple\" : \"a/b\",\n  \"empty\" : [\n\n  ],\n  \"zebra\" : 1\n}\n")
    }

    struct Measured: Encodable {
        var name = "x"
        var ratio: Double
    }

    @Test(arguments: [0.5, Double.nan, .infinity])
    func aFloatingPointValueIsAnErrorNamingItsKeyNotEmptyOutput(ratio: Double) {
        #expect {
            try SortedJSON.text(of: Measured(ratio: ratio), document: "sample")
        } throws: { error in
            guard case .unencodable(let document, let reason)? = error as? ReportError else { return false }
            return document == "sample" && reason.contains("'ratio'")
        }
    }

    @Test func theMessageSaysNothingWasWritten() {
        let message = ReportError.unencodable(document: "sarif", reason: "x").message
        #expect(message.contains("sarif report"))
        #expect(message.contains("nothing was written"))
    }
}

/// `SortedJSONEncoder` writes the bytes Foundation's `JSONEncoder` writes on Linux with
/// `.prettyPrinted`, `.sortedKeys` and `.withoutEscapingSlashes` (which is why the reports did
/// not change when it replaced Foundation's): compared here on every shape the documents use
/// and on the findings and SARIF documents of a report with hostile text. Foundation on other
/// platforms has sorted and spaced differently in some versions; the writer does not vary.
@Suite(.tags(.small)) struct SortedJSONEncoderTests {
    enum Kind: String, Encodable { case first, second = "Second kind" }

    struct Nested: Encodable {
        var kind: Kind
        var values: [Int]
        var maybe: String?
    }

    struct Everything: Encodable {
        var text: String
        var flag: Bool
        var small: Int8 = .min
        var wide: UInt64 = .max
        var negative: Int = .min
        var unsigned: UInt32 = .max
        var present: Int? = 3
        var absent: Int?
        var emptyList: [Int] = []
        var emptyMap: [String: Int] = [:]
        var listOfEmpty: [[String]] = [[], ["a"], []]
        var byUserNames: [String: Nested]
        var byNumbers: [Int: String] = [10: "ten", 2: "two", -1: "minus one"]
        var optionals: [Int?] = [nil, 1, nil]
        var deep: [[String: [Nested]]]
    }

    /// Every control character, quotes, backslashes, slashes, DEL, the line separators,
    /// a byte-order mark, combining marks and a character beyond the first plane.
    static var hostileText: String {
        var text = ""
        for scalar in 0..<0x20 { text.unicodeScalars.append(Unicode.Scalar(UInt8(scalar))) }
        return text + "\"\\/'<>&\u{7F}\u{80}\u{2028}\u{2029}\u{FEFF}e\u{301}🙂 ok"
    }

    static func foundation(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func agree(_ value: some Encodable) throws {
        #if os(Linux)
        #expect(try SortedJSONEncoder.encode(value) == foundation(value))
        #else
        _ = try SortedJSONEncoder.encode(value)
        #endif
    }

    @Test func everyShapeIsWrittenAsFoundationWritesIt() throws {
        let nested = Nested(kind: .second, values: [1, -2, 3], maybe: Self.hostileText)
        let names = ["Module10", "Module2", "module2", "B", "b", "a01", "a1", "ä", "Ä", "$schema", "", Self.hostileText, "z z"]
        let value = Everything(
            text: Self.hostileText, flag: true,
            byUserNames: Dictionary(uniqueKeysWithValues: names.map { ($0, nested) }),
            deep: [[:], ["k": []], ["k": [nested, Nested(kind: .first, values: [], maybe: nil)]]])
        try Self.agree(value)
        try Self.agree([value, value])
        try Self.agree([String]())
        try Self.agree(["only"])
        try Self.agree(Self.hostileText)
        try Self.agree(42)
        try Self.agree([Int?.none])
    }

    @Test func theFindingsAndSARIFDocumentsAreWrittenAsFoundationWritesThem() throws {
        let hostile = Self.hostileText
        var grouped = Diagnostic(severity: .error, code: "undeclared-import", message: "App imports \(hostile)",
                                 location: SourceLocation(path: "Sources/Å/\(hostile).swift", line: 3, column: 8),
                                 target: "App\(hostile)", notes: ["one", hostile])
        grouped.relatedLocations = [SourceLocation(path: "B.swift", line: 9, column: 1)]
        let diagnostics = [grouped, Diagnostic(severity: .warning, code: "dependency-cycle", message: "A → B → A")]
        let codes = [DiagnosticCode(id: "undeclared-import", family: .rule, summary: "S \(hostile)", explanation: hostile, defaultSeverity: .error)]
        let report = Report(diagnostics: diagnostics, summary: CheckSummary(targets: 2, files: 3, diagnostics: diagnostics), codes: codes,
                            enabledRules: ["undeclared-import"], checkedTargets: ["App"], strict: false, colored: false, toolVersion: "1.0",
                            paths: ReportPaths(root: "/repo", workingFolder: "/repo", workspace: nil))
        try Self.agree(JSONReporter().document(of: report))
        try Self.agree(SARIFReporter().log(of: report))
        #expect(try JSONReporter().render(report) == SortedJSONEncoder.encode(JSONReporter().document(of: report)) + "\n")
    }
}

/// The writer's own rules, beyond what the reporters' documents exercise: a key given twice, the
/// path a refusal names, every escape, empty containers, paths a value reads, deep nesting.
@Suite(.tags(.small)) struct SortedJSONEncoderRulesTests {
    struct NamedKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// A hand-written `encode(to:)` that gives keys in the order listed, repeats included.
    struct Repeating: Encodable {
        enum Write { case number(String, Int), text(String, String), object(String), list(String) }
        var writes: [Write]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: NamedKey.self)
            for write in writes {
                switch write {
                case .number(let key, let number): try container.encode(number, forKey: NamedKey(key))
                case .text(let key, let text): try container.encode([text], forKey: NamedKey(key))
                case .object(let key):
                    var nested = container.nestedContainer(keyedBy: NamedKey.self, forKey: NamedKey(key))
                    try nested.encode(true, forKey: NamedKey("inner"))
                case .list(let key):
                    var nested = container.nestedUnkeyedContainer(forKey: NamedKey(key))
                    try nested.encodeNil()
                }
            }
        }
    }

    @Test(arguments: [
        ([.number("b", 1), .number("a", 2), .number("b", 3)], "{\n  \"a\" : 2,\n  \"b\" : 3\n}"),
        ([.number("k", 1), .number("k", 2), .number("k", 3), .number("j", 0)], "{\n  \"j\" : 0,\n  \"k\" : 3\n}"),
        ([.object("k"), .number("k", 1)], "{\n  \"k\" : 1\n}"),
        ([.number("k", 1), .object("k")], "{\n  \"k\" : {\n    \"inner\" : true\n  }\n}"),
        ([.list("k"), .text("k", "x"), .number("a", 0)], "{\n  \"a\" : 0,\n  \"k\" : [\n    \"x\"\n  ]\n}"),
        ([.text("k", "x"), .list("k")], "{\n  \"k\" : [\n    null\n  ]\n}"),
        // Keys equal as Strings (canonically equivalent) but spelled apart: one member, spelled
        // as first given, with the value given last, as a dictionary keeps them.
        ([.number("\u{E9}", 1), .number("f", 2), .number("e\u{301}", 3)], "{\n  \"f\" : 2,\n  \"\u{E9}\" : 3\n}"),
        ([.number("e\u{301}", 1), .number("\u{E9}", 3)], "{\n  \"e\u{301}\" : 3\n}"),
        ([.number("\u{212A}", 1), .number("A", 0), .number("K", 2)], "{\n  \"A\" : 0,\n  \"\u{212A}\" : 2\n}"),
    ] as [([Repeating.Write], String)])
    func aKeyGivenTwiceIsWrittenOnceWithItsLastValue(writes: [Repeating.Write], expected: String) throws {
        #expect(try SortedJSONEncoder.encode(Repeating(writes: writes)) == expected)
        #expect(try SortedJSONEncoder.encode([Repeating(writes: writes)]) == "[\n" + Self.indented(expected) + "\n]")
    }

    static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
    }

    struct Inner: Encodable { var b: Double? }
    struct Outer: Encodable { var a: [Inner] }
    struct Wrapper<Value: Encodable & Sendable>: Encodable, Sendable {
        var value: Value
        func encode(to encoder: any Encoder) throws {
            var single = encoder.singleValueContainer()
            try single.encode(value)
        }
    }
    /// A fraction written straight into nested containers, past other values.
    struct Direct: Encodable {
        var viaList: Bool
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: NamedKey.self)
            try container.encode("x", forKey: NamedKey("first"))
            var object = container.nestedContainer(keyedBy: NamedKey.self, forKey: NamedKey("object"))
            var list = object.nestedUnkeyedContainer(forKey: NamedKey("list"))
            try list.encode(1)
            try list.encode("two")
            if viaList {
                var inner = list.nestedContainer(keyedBy: NamedKey.self)
                try inner.encode(Float(1), forKey: NamedKey("f"))
            } else {
                try list.encode(0.5)
            }
        }
    }
    struct Super: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: NamedKey.self)
            try 0.5.encode(to: container.superEncoder())
        }
    }

    static let refusals: [(any Encodable & Sendable, String)] = [
        (Outer(a: [Inner(), Inner(), Inner(b: 0.5)]), "a.Index 2.b"),
        (["x": [1.5]], "x.Index 0"),
        ([[Double]]([[], [1, 2]]), "Index 1.Index 0"),
        (2.5, ""),
        (["w": Wrapper(value: Inner(b: 1))], "w.b"),
        ([Wrapper(value: Wrapper(value: [0.25]))], "Index 0.Index 0"),
        (Direct(viaList: false), "object.list.Index 2"),
        ([Direct(viaList: true)], "Index 0.object.list.Index 2.f"),
        (Super(), "super"),
    ]

    @Test(arguments: 0..<refusals.count)
    func aFloatingPointValueIsRefusedNamingItsWholePath(index: Int) {
        let (value, path) = Self.refusals[index]
        #expect {
            try SortedJSONEncoder.encode(value)
        } throws: { error in
            (error as? SortedJSONEncoder.Failure)?.description == "a floating-point value at '\(path)': this writer writes integers only"
        }
    }

    @Test(arguments: 0..<0x20)
    func everyControlByteIsEscapedAsFoundationEscapesIt(byte: Int) throws {
        let escapes: [Int: String] = [0x08: "\\b", 0x09: "\\t", 0x0A: "\\n", 0x0C: "\\f", 0x0D: "\\r"]
        let hex = Array("0123456789abcdef")
        let escaped = escapes[byte] ?? "\\u00\(hex[byte >> 4])\(hex[byte & 0xF])"
        let character = String(Unicode.Scalar(UInt8(byte)))
        #expect(try SortedJSONEncoder.encode(character) == "\"\(escaped)\"")
        #expect(try SortedJSONEncoder.encode("a\(character)\(character)b\(character)") == "\"a\(escaped)\(escaped)b\(escaped)\"")
        try SortedJSONEncoderTests.agree(["\(character)key\(character)": "\(character)"])
    }

    /// The escapes a byte at a time, as plainly as they can be written.
    static func reference(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\u{08}": escaped += "\\b"
            case "\t": escaped += "\\t"
            case "\n": escaped += "\\n"
            case "\u{0C}": escaped += "\\f"
            case "\r": escaped += "\\r"
            case _ where scalar.value < 0x20: escaped += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }

    /// The writer tests eight bytes at a time: an escape at every place in and across those
    /// words, and bytes that differ from an escaped one only in a bit (inside multi-byte
    /// characters too) left alone.
    @Test(arguments: ["\u{0}", "\u{1F}", "\n", "\"", "\\", " ", "!", "#", "[", "]", "\u{7F}", "\u{A2}", "\u{DC}", "\u{710}", "\u{2028}", "🙂"])
    func anEscapeIsFoundAtEveryPlace(character: String) throws {
        for length in 0..<26 {
            for place in 0...length {
                let text = String(repeating: "a", count: place) + character + String(repeating: "b", count: length - place)
                #expect(try SortedJSONEncoder.encode(text) == Self.reference(text), "\(length) \(place)")
                let twice = text + text.reversed()
                #expect(try SortedJSONEncoder.encode(twice) == Self.reference(twice), "\(length) \(place)")
            }
        }
    }

    @Test func quotesAndBackslashesAreEscapedAndEverythingElseKept() throws {
        #expect(try SortedJSONEncoder.encode("\"\\/\u{7F}\u{2028}é🙂") == "\"\\\"\\\\/\u{7F}\u{2028}é🙂\"")
        #expect(try SortedJSONEncoder.encode(["\"": "\\"]) == "{\n  \"\\\"\" : \"\\\\\"\n}")
        #expect(try SortedJSONEncoder.encode(["", "plain", String(repeating: "long text without escapes ", count: 40)])
            == "[\n  \"\",\n  \"plain\",\n  \"\(String(repeating: "long text without escapes ", count: 40))\"\n]")
    }

    struct Empty: Encodable {}
    struct Absent: Encodable { var a: Int?; var b: [String]? }
    struct Silent: Encodable { func encode(to encoder: any Encoder) throws {} }
    struct Containers: Encodable {
        var empty = Empty()
        var absent = Absent()
        var silent = Silent()
        var list: [Int] = []
        var map: [String: Int] = [:]
        var lists: [[String]] = [[], []]
        var maps: [[String: Empty]] = [[:], ["k": Empty()]]
        var silents = [Silent(), Silent()]
    }

    @Test func emptyContainersAreABlankLineBetweenTheirBrackets() throws {
        #expect(try SortedJSONEncoder.encode(Empty()) == "{\n\n}")
        // Foundation refuses a top-level value that encodes nothing; nested, it is an empty object.
        #expect(try SortedJSONEncoder.encode(Silent()) == "{\n\n}")
        #expect(try SortedJSONEncoder.encode([Int]()) == "[\n\n]")
        #expect(try SortedJSONEncoder.encode([[Int]()]) == "[\n  [\n\n  ]\n]")
        try SortedJSONEncoderTests.agree(Empty())
        try SortedJSONEncoderTests.agree(Absent())
        try SortedJSONEncoderTests.agree(Containers())
        try SortedJSONEncoderTests.agree([Containers(), Containers()])
        try SortedJSONEncoderTests.agree([String: [Int]]())
    }

    /// Writes the path it was encoded at, as a value that reads `codingPath` does.
    struct WhereAmI: Encodable {
        func encode(to encoder: any Encoder) throws {
            var single = encoder.singleValueContainer()
            try single.encode(encoder.codingPath.map { "\($0.stringValue)#\($0.intValue.map(String.init) ?? "-")" }.joined(separator: "/"))
        }
    }
    struct Places: Encodable {
        var here = WhereAmI()
        var list = [WhereAmI(), WhereAmI(), WhereAmI()]
        var map = ["k": [WhereAmI()], "j": []]
        var optional: WhereAmI? = WhereAmI()
        var wrapped = Wrapper(value: WhereAmI())
        var wrappedList = Wrapper(value: [WhereAmI(), WhereAmI()])
        var nested = [[WhereAmI()], [WhereAmI(), WhereAmI()]]
    }

    @Test func aValueReadsTheSamePathFoundationGivesIt() throws {
        try SortedJSONEncoderTests.agree(Places())
        try SortedJSONEncoderTests.agree([Places(), Places()])
        try SortedJSONEncoderTests.agree(["top": [Places()]])
        #expect(try SortedJSONEncoder.encode([[WhereAmI()], [WhereAmI(), WhereAmI()]])
            == "[\n  [\n    \"Index 0#0/Index 0#0\"\n  ],\n  [\n    \"Index 1#1/Index 0#0\",\n    \"Index 1#1/Index 1#1\"\n  ]\n]")
    }

    /// Paths through nested containers and super encoders, as they read today (Foundation
    /// names a super encoder's place differently on some versions, so this one is spelled out).
    struct NestedPlaces: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: NamedKey.self)
            var object = container.nestedContainer(keyedBy: NamedKey.self, forKey: NamedKey("object"))
            try object.encode(WhereAmI(), forKey: NamedKey("here"))
            var list = container.nestedUnkeyedContainer(forKey: NamedKey("list"))
            try list.encode(WhereAmI())
            var inner = list.nestedContainer(keyedBy: NamedKey.self)
            try inner.encode(WhereAmI(), forKey: NamedKey("here"))
            var innerList = list.nestedUnkeyedContainer()
            try innerList.encode(WhereAmI())
            try WhereAmI().encode(to: list.superEncoder())
            try WhereAmI().encode(to: container.superEncoder(forKey: NamedKey("parent")))
        }
    }

    @Test func nestedContainersAndSuperEncodersExtendThePath() throws {
        #expect(try SortedJSONEncoder.encode(["top": NestedPlaces()]) == """
            {
              "top" : {
                "list" : [
                  "top#-/list#-/Index 0#0",
                  {
                    "here" : "top#-/list#-/Index 1#1/here#-"
                  },
                  [
                    "top#-/list#-/Index 2#2/Index 0#0"
                  ],
                  "top#-/list#-/Index 3#3"
                ],
                "object" : {
                  "here" : "top#-/object#-/here#-"
                },
                "parent" : "top#-/parent#-"
              }
            }
            """)
    }

    /// Nested deeper than the indentation the writer keeps ready, in the document's own shapes.
    indirect enum Deep: Encodable {
        case leaf(JSONReporter.Site)
        case list([Deep])
        case map([String: Deep])

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .leaf(let site): try site.encode(to: encoder)
            case .list(let items): try items.encode(to: encoder)
            case .map(let map): try map.encode(to: encoder)
            }
        }
    }

    @Test func deepNestingIsIndentedAsFoundationIndentsIt() throws {
        var value = Deep.leaf(JSONReporter.Site(file: "Sources/A/a.swift", line: 3, column: nil))
        for depth in 0..<40 {
            value = depth.isMultiple(of: 2) ? .list([value, .list([]), .leaf(JSONReporter.Site(file: "b", line: depth, column: -depth))]) : .map(["k\(depth)": value, "a": .map([:])])
        }
        try SortedJSONEncoderTests.agree(value)
    }

    @Test func integersOfEveryWidthAndSign() throws {
        try SortedJSONEncoderTests.agree([0, -1, 1, 9, 10, -10, 99, 100, 1_000_000_007, Int.max, Int.min])
        try SortedJSONEncoderTests.agree([UInt64.max, 0, 10])
        try SortedJSONEncoderTests.agree([Int16.min, Int16.max])
        try SortedJSONEncoderTests.agree([UInt8.max])
        #expect(try SortedJSONEncoder.encode([Int64.min, -7, 0]) == "[\n  -9223372036854775808,\n  -7,\n  0\n]")
    }

    @Test func manyKeysAreSortedByTheirBytes() throws {
        var map: [String: Int] = [:]
        for index in 0..<500 { map["k\((index * 7919) % 1000)"] = index }
        map["K"] = 1; map["_"] = 2; map["k"] = 3; map["k 1"] = 4; map["\u{E9}"] = 5; map["z\u{301}"] = 6
        try SortedJSONEncoderTests.agree(map)
        try SortedJSONEncoderTests.agree(map.filter { $0.key.utf8.allSatisfy { $0 < 0x80 } })
    }
}
