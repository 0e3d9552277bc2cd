import Foundation
import PackageLoading
import Processes
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

    /// The same graph as a page, opened in headless Chromium: each import edge's site is its
    /// title; the screenshot goes to the CI artifacts.
    @Test(.requires(.chromium)) func voyagesImportGraphOpensInChromium() throws {
        let run = try BulkheadBinary.run(["graph", "--edges", "imports", "--format", "html", "--quiet", "--package-path", Self.voyage])
        #expect(run.status == 0, "\(run.standardError)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("voyage-imports.html")
        try run.standardOutput.write(to: page, atomically: true, encoding: .utf8)
        let common = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(folder.path)/profile",
                      "--host-resolver-rules=MAP * ~NOTFOUND", "--virtual-time-budget=5000", "--window-size=1400,900"]
        let opened = try ProcessRunner.run(["chromium"] + common + ["--dump-dom", page.absoluteString])
        #expect(opened.status == 0, "\(opened.standardErrorText)")
        let dom = String(decoding: opened.standardOutput, as: UTF8.self)
        #expect(dom.contains("<title>CheckoutFeature → PaymentInterface (CheckoutViewModel.swift:3)"))
        #expect(!dom.contains(">CheckoutViewModel.swift:3</text>"))
        #expect(!dom.contains("data-errors="))
        if let artifacts = ProcessInfo.processInfo.environment["BULKHEAD_ARTIFACTS"] {
            try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
            _ = try ProcessRunner.run(["chromium"] + common + ["--screenshot=\(artifacts)/voyage-import-graph.png", page.absoluteString])
        }
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
