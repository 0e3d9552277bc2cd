import Foundation
import TestSupport
import Testing
@testable import Selection

/// `affected --format json` is read by scripts that compare runs, so its bytes are the ones
/// Foundation's `JSONEncoder` writes with pretty printing, sorted keys and unescaped slashes:
/// held to them here over reports of odd text and numbers in every field.
@Suite(.tags(.small)) struct AffectedReportBytesTests {
    static func foundationText(_ report: AffectedReport) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
    }

    static func texts(using generator: inout SeededGenerator) -> [String] {
        (0..<Int.random(in: 0...4, using: &generator)).map { _ in OddText.make(using: &generator) }
    }

    @Test(arguments: 0..<40)
    func generatedReportsAreWrittenInFoundationsBytes(run: UInt64) throws {
        var generator = SeededGenerator(seed: 0xAFEC_7ED0 + run)
        let graph = SelectionFixture.graph
        let changes = [FileChange(.modified, path: "Kit/Sources/Core/Core.swift")]
        let analysis = ChangeAnalysis(changes: changes, placed: SelectionFixture.classify(changes), manifests: [:], lockfiles: [:], graph: graph)
        var report = AffectedReport(selection: AffectedSelection.select(in: graph, analysis: analysis), analysis: analysis, graph: graph, base: nil)
        report.version = OddText.integer(using: &generator)
        report.tool = OddText.make(using: &generator)
        report.command = OddText.make(using: &generator)
        report.base = Bool.random(using: &generator) ? OddText.make(using: &generator) : nil
        report.runEverything = Bool.random(using: &generator)
        report.everythingReasons = Self.texts(using: &generator)
        report.changedFiles = Self.texts(using: &generator)
        report.ignoredFiles = Self.texts(using: &generator)
        report.notes = Self.texts(using: &generator)
        report.affectedTargets = Self.texts(using: &generator)
        report.tests = (0..<Int.random(in: 0...3, using: &generator)).map { _ in
            AffectedReport.Selected(target: OddText.make(using: &generator),
                                    file: Bool.random(using: &generator) ? OddText.make(using: &generator) : nil,
                                    reason: Bool.random(using: &generator) ? OddText.make(using: &generator) : nil,
                                    path: Self.texts(using: &generator))
        }
        let ours = try report.json()
        #if os(Linux)
        #expect(try ours == Self.foundationText(report), "run \(run)")
        #endif
        #expect(ours.hasSuffix("}\n"))
    }
}
