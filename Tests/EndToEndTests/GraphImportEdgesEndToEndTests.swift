import Foundation
import Inputs
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

/// `check --group module` as a process: the grouped SARIF of the Voyage copy with its two
/// violations (one import made twice) is valid against the OASIS schema.
@Suite(.tags(.large)) struct GroupedFindingsEndToEndTests {
    @Test(.requires(.jsonschema)) func groupedSARIFValidatesAgainstTheOASISSchema() throws {
        let package = try CheckEndToEndTests.voyageCopy()
        defer { try? FileManager.default.removeItem(atPath: (package as NSString).deletingLastPathComponent) }
        try CheckEndToEndTests.addTheSeedsViolations(to: package)
        try "import Networking\n\nlet peersSecond = 1\n".write(toFile: package + "/Sources/Features/SearchFeature/PeersSecond.swift", atomically: true, encoding: .utf8)
        let run = try BulkheadBinary.run(["check", "--preset", "layers", "--format", "sarif", "--group", "module", "--output", "report.sarif"], in: package)
        #expect(run.status == 1, "\(run.standardError)")
        let report = try String(contentsOfFile: package + "/report.sarif", encoding: .utf8)
        #expect(report.contains("\"relatedLocations\""))
        #expect(report.components(separatedBy: "\"ruleId\"").count - 1 == 2)
        let schema = Fixtures.path("Schemas/sarif-schema-2.1.0.json")
        let validation = try ProcessRunner.run(["python3", "-c", "import json, sys, jsonschema\njsonschema.validate(json.load(open(sys.argv[1])), json.load(open(sys.argv[2])))\nprint('valid')",
                                                package + "/report.sarif", schema])
        #expect(validation.status == 0, "\(validation.standardErrorText)")
    }
}
