import Foundation
import TestSupport
import Testing

/// `graph --edges imports` as a process on the shipped example: the import-edge graph of Voyage
/// in DOT, rendered by Graphviz.
@Suite(.tags(.large)) struct GraphImportEdgesEndToEndTests {
    static let voyage = BulkheadBinary.repositoryRoot + "/Examples/Voyage"

    @Test(.requires(.graphviz)) func voyagesImportGraphRendersWithGraphviz() throws {
        let run = try BulkheadBinary.run(["graph", "--edges", "imports", "--quiet", "--package-path", Self.voyage])
        #expect(run.status == 0, "\(run.standardError)")
        // Every edge is an import, labelled with its file; the layers are the clusters.
        #expect(run.standardOutput.contains("\"voyage/CheckoutFeature\" -> \"voyage/PaymentInterface\" [label=\"CheckoutViewModel.swift:3\"];"))
        #expect(run.standardOutput.contains("label=\"Features\";"))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-\(UUID().uuidString).dot").path
        try run.standardOutput.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let rendered = try ProcessRunnerShim.run(["dot", "-Tsvg", file])
        #expect(rendered.status == 0)
        #expect(String(decoding: rendered.standardOutput, as: UTF8.self).contains("CheckoutViewModel.swift:3"))
    }
}
