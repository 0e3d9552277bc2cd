import Diagnostics
import Formats
import Testing
@testable import Reporting

/// The JSON report is written as it goes (`SortedJSONStream`); these hold it to the document the
/// generic encoder writes for the same report, byte for byte, over findings with every optional
/// field present and absent, grouped sites, empty and long notes, and hostile text.
@Suite(.tags(.small)) struct JSONReportStreamTests {
    /// A small deterministic generator, so a failure names the seed that makes it.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 33
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
        mutating func chance() -> Bool { below(2) == 0 }
        mutating func text() -> String {
            let pieces = ["App", "/", "\"", "\\", "\n", "\t", "\u{01}", "\u{1F}", "é", "e\u{301}", "→", "🧱", " ", "Sources/A.swift", "", "\u{7F}"]
            return (0..<below(6)).map { _ in pieces[below(pieces.count)] }.joined()
        }
        mutating func location() -> Diagnostics.SourceLocation {
            Diagnostics.SourceLocation(path: text(), line: chance() ? below(10_000) : nil, column: chance() ? below(300) : nil)
        }
        mutating func diagnostic() -> Diagnostic {
            let severities: [Severity] = [.error, .warning, .note]
            var diagnostic = Diagnostic(severity: severities[below(severities.count)], code: text(), message: text(),
                                        location: chance() ? location() : nil, target: chance() ? text() : nil,
                                        notes: (0..<below(4)).map { _ in text() })
            if below(4) == 0 { diagnostic.relatedLocations = (0..<(1 + below(3))).map { _ in location() } }
            return diagnostic
        }
    }

    static func report(_ diagnostics: [Diagnostic], toolVersion: String = "0.1.0") -> Report {
        Report(diagnostics: diagnostics, summary: CheckSummary(targets: diagnostics.count, files: 3, diagnostics: diagnostics, baselined: 2, suppressed: 1),
               codes: [], enabledRules: [], checkedTargets: [], strict: false, colored: false, toolVersion: toolVersion,
               paths: ReportPaths(root: "/repo", workingFolder: "/repo", workspace: nil))
    }

    static func encoded(_ report: Report) throws -> String {
        try SortedJSONEncoder.encode(JSONReporter().document(of: report), endingLine: true)
    }

    @Test(arguments: 0..<200)
    func aStreamedReportIsTheEncodedDocument(seed: Int) throws {
        var generator = Generator(state: UInt64(seed) &+ 1)
        let report = Self.report((0..<generator.below(8)).map { _ in generator.diagnostic() }, toolVersion: generator.text())
        #expect(try JSONReporter().render(report) == Self.encoded(report), "seed \(seed)")
    }

    @Test func anEmptyReportAndEveryOptionalFieldAbsentOrPresent() throws {
        #expect(try JSONReporter().render(Self.report([])) == Self.encoded(Self.report([])))
        var bare = Diagnostic(severity: .note, code: "c", message: "m")
        var full = Diagnostic(severity: .error, code: "undeclared-import", message: "App imports Core",
                              location: Diagnostics.SourceLocation(path: "Sources/App/A.swift", line: 3, column: 8), target: "App", notes: ["a", "b"])
        full.relatedLocations = [Diagnostics.SourceLocation(path: "B.swift"), Diagnostics.SourceLocation(path: "C.swift", line: 1, column: 2)]
        bare.relatedLocations = [Diagnostics.SourceLocation(path: "only.swift", line: 4)]
        let report = Self.report([Diagnostic(severity: .warning, code: "x", message: "y"), bare, full])
        #expect(try JSONReporter().render(report) == Self.encoded(report))
    }
}

/// The stream's own containers against the encoder on the same shapes: empty and nested arrays
/// and objects, negative integers, a value written through the encoder at depth.
@Suite(.tags(.small)) struct SortedJSONStreamTests {
    struct Shape: Encodable {
        var a: [[String]]
        var b: [String: Int]
        var c: Int
        var d: [Int]
    }

    @Test func containersAndScalarsAreWrittenAsTheEncoderWritesThem() throws {
        let shape = Shape(a: [[], ["x"], []], b: [:], c: -42, d: [Int.min, 0, Int.max])
        var json = SortedJSONStream()
        json.openObject()
        json.key("a")
        json.openArray()
        json.strings([])
        json.strings(["x"])
        json.strings([])
        json.closeArray()
        json.key("b")
        json.openObject()
        json.closeObject()
        json.key("c")
        json.integer(-42)
        json.key("d")
        json.openArray()
        for number in [Int.min, 0, Int.max] { json.integer(number) }
        json.closeArray()
        json.closeObject()
        #expect(json.finished(endingLine: false) == (try SortedJSONEncoder.encode(shape)))

        var nested = SortedJSONStream()
        nested.openArray()
        nested.openObject()
        nested.key("shape")
        try nested.value(shape)
        nested.closeObject()
        nested.closeArray()
        #expect(nested.finished(endingLine: true) == (try SortedJSONEncoder.encode([["shape": shape]], endingLine: true)))
    }
}
