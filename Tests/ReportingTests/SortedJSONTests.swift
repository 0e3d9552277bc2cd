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
