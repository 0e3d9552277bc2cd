import Foundation
import PackageLoading
import Processes
import TestSupport
import Testing

/// Baselines and suppressions on the Voyage example with the seed's two violations.
@Suite(.tags(.large)) struct AdoptionEndToEndTests {
    let package: String

    init() throws {
        package = try CheckEndToEndTests.voyageCopy()
        try CheckEndToEndTests.addTheSeedsViolations(to: package)
    }

    func check(_ extra: [String] = []) throws -> BulkheadBinary.Run {
        try BulkheadBinary.run(["check", "--preset", "layers", "--format", "xcode"] + extra, in: package)
    }

    func edit(_ relative: String, _ change: (String) -> String) throws {
        let path = package + "/" + relative
        try change(try String(contentsOfFile: path, encoding: .utf8)).write(toFile: path, atomically: true, encoding: .utf8)
    }

    static let searchViewModel = "Sources/Features/SearchFeature/SearchViewModel.swift"
    static let checkoutViewModel = "Sources/Features/CheckoutFeature/CheckoutViewModel.swift"

    @Test func theBaselineOnlyShrinks() throws {
        defer { try? FileManager.default.removeItem(atPath: (package as NSString).deletingLastPathComponent) }
        let written = try BulkheadBinary.run(["baseline", "--preset", "layers"], in: package)
        #expect(written.status == 0)
        #expect(written.standardOutput == "wrote bulkhead-baseline.json: 2 entries for 2 findings\n")

        // Baselined: clean.
        let baselined = try check()
        #expect(baselined.status == 0)
        #expect(baselined.standardOutput.isEmpty)
        #expect(baselined.standardError == "bulkhead: 0 errors and 0 warnings in 10 targets (10 files); 2 baselined\n")

        // A new violation fails, and only it is named.
        try edit(Self.checkoutViewModel) { $0.replacingOccurrences(of: "import DesignSystem\n", with: "import DesignSystem\nimport PaymentData\n") }
        let new = try check()
        #expect(new.status == 1)
        #expect(new.standardOutput == "\(Self.checkoutViewModel):3:8: error: CheckoutFeature (Features) imports PaymentData (Infrastructure), which it does not declare; Features may use only Kernel, Interfaces [layer-dependency]\n")
        try edit(Self.checkoutViewModel) { $0.replacingOccurrences(of: "import PaymentData\n", with: "") }

        // Ten lines above a baselined import do not un-baseline it.
        try edit(Self.searchViewModel) { String(repeating: "// a comment that moves everything down\n", count: 10) + $0 }
        #expect(try check().status == 0)

        // Fixing a baselined violation fails until the entry leaves the baseline.
        try edit(Self.searchViewModel) { $0.replacingOccurrences(of: "import Networking\n", with: "") }
        let fixed = try check()
        #expect(fixed.status == 1)
        #expect(fixed.standardOutput == """
        \(Self.searchViewModel): error: fixed — remove from the baseline: layer-dependency in \(Self.searchViewModel): import Networking [stale-baseline]
        \(Self.searchViewModel): note: the entry is in bulkhead-baseline.json; `bulkhead baseline` rewrites the file without it

        """)
        // Rewriting the baseline shrinks it.
        #expect(try BulkheadBinary.run(["baseline", "--preset", "layers"], in: package).standardOutput == "wrote bulkhead-baseline.json: 1 entry for 1 finding\n")
        #expect(try check().status == 0)
    }

    @Test func aStaleEntryCanBeAWarning() throws {
        defer { try? FileManager.default.removeItem(atPath: (package as NSString).deletingLastPathComponent) }
        _ = try BulkheadBinary.run(["baseline", "--preset", "layers"], in: package)
        try edit(Self.searchViewModel) { $0.replacingOccurrences(of: "import Networking\n", with: "") }
        try "{ preset: \"layers\", rules: { \"stale-baseline\": \"warning\" } }".write(toFile: package + "/bulkhead.json", atomically: true, encoding: .utf8)
        let run = try BulkheadBinary.run(["check", "--format", "xcode"], in: package)
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("warning: fixed — remove from the baseline"))
    }

    @Test(arguments: [
        ("not json at all", "it is not valid JSON"),
        ("{\"entries\": []}", "it has no \"version\""),
        ("{\"version\": 2, \"tool\": \"bulkhead\", \"entries\": []}", "it is format version 2; this Bulkhead reads version 1"),
        ("{\"version\": 1, \"tool\": \"bulkhead\", \"entries\": [{\"rule\": \"layer-dependency\", \"target\": \"A\"}]}", "entries[0] must name either a target and a subject, or a file and a line"),
        ("{\"version\": 1, \"tool\": \"bulkhead\", \"entries\": [{\"rule\": \"layer-dependancy\", \"target\": \"A\", \"subject\": \"B\"}]}", "entries[0].rule 'layer-dependancy' is not a rule"),
        ("{\"version\": 1, \"tool\": \"bulkhead\", \"entries\": [{\"rule\": \"layer-dependency\", \"file\": \"a.swift\", \"line\": \"import A\", \"count\": 0}]}", "entries[0].count must be 1 or more"),
        ("{\"version\": 1, \"entries\": []}", "tool is missing"),
    ])
    func aCorruptOrHandEditedBaselineStopsTheRun(content: String, reason: String) throws {
        defer { try? FileManager.default.removeItem(atPath: (package as NSString).deletingLastPathComponent) }
        try content.write(toFile: package + "/bulkhead-baseline.json", atomically: true, encoding: .utf8)
        let run = try check()
        #expect(run.status == 2)
        #expect(run.standardError == "error: bulkhead-baseline.json is not a baseline Bulkhead can use: \(reason); fix it, or write a new one with `bulkhead baseline`\n")
        #expect(run.standardOutput.isEmpty)
    }

    @Test func aTrailingSuppressionSpeaksOnlyForItsOwnLine() throws {
        defer { try? FileManager.default.removeItem(atPath: (package as NSString).deletingLastPathComponent) }
        try edit(Self.searchViewModel) {
            $0.replacingOccurrences(of: "import Networking\n", with: "import BookingData // bulkhead:ignore layer-dependency - old bridge\nimport Networking\n")
        }
        let run = try check()
        #expect(run.standardOutput.contains("SearchViewModel.swift:4:8: error: SearchFeature (Features) imports Networking"))
        #expect(!run.standardOutput.contains("imports BookingData"))
    }

    @Test func aPartlyFixedCountedEntrySaysWhatToLowerItTo() throws {
        defer { try? FileManager.default.removeItem(atPath: (package as NSString).deletingLastPathComponent) }
        try edit(Self.searchViewModel) { $0.replacingOccurrences(of: "import Networking\n", with: "import Networking\n#if DEBUG\nimport Networking\n#endif\n") }
        _ = try BulkheadBinary.run(["baseline", "--preset", "layers"], in: package)
        let baseline = try String(contentsOfFile: package + "/bulkhead-baseline.json", encoding: .utf8)
        #expect(baseline.contains("\"count\" : 2"))
        try edit(Self.searchViewModel) { $0.replacingOccurrences(of: "#if DEBUG\nimport Networking\n#endif\n", with: "") }
        let run = try check()
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("error: fixed 1 of 2 — lower the count of this baseline entry to 1: layer-dependency in \(Self.searchViewModel): import Networking [stale-baseline]"))
    }

    @Test func strictRunsFailOnWarningsAndSaySo() throws {
        defer { try? FileManager.default.removeItem(atPath: (package as NSString).deletingLastPathComponent) }
        _ = try BulkheadBinary.run(["baseline", "--preset", "layers"], in: package)
        try edit(Self.checkoutViewModel) { $0.replacingOccurrences(of: "import DesignSystem\n", with: "import DesignSystem // bulkhead:ignore layer-dependency - nothing here\n") }
        let lenient = try BulkheadBinary.run(["check", "--preset", "layers"], in: package)
        #expect(lenient.status == 0 && lenient.standardOutput.contains("✓ 0 errors and 1 warning"))
        let strict = try BulkheadBinary.run(["check", "--preset", "layers", "--strict"], in: package)
        #expect(strict.status == 1 && strict.standardOutput.contains("✗ 0 errors and 1 warning"))
    }

    @Test func suppressionsNeedAReasonAndMustSuppressSomething() throws {
        defer { try? FileManager.default.removeItem(atPath: (package as NSString).deletingLastPathComponent) }
        try edit(Self.searchViewModel) {
            $0.replacingOccurrences(of: "import Networking\n", with: "// bulkhead:ignore layer-dependency - the filter ships Monday; tracked in VOY-12\nimport Networking\n")
        }
        try edit("Package.swift") {
            $0.replacingOccurrences(of: "        featureTarget(\"CheckoutFeature\"", with: "        // bulkhead:ignore layer-dependency - migrating checkout, VOY-13\n        featureTarget(\"CheckoutFeature\"")
        }
        try edit(Self.checkoutViewModel) {
            $0.replacingOccurrences(of: "import DesignSystem\n", with: "import DesignSystem // bulkhead:ignore undeclared-import - nothing here\n// bulkhead:ignore layer-dependency\n")
        }
        let run = try check()
        #expect(run.status == 1)
        #expect(run.standardOutput == """
        \(Self.checkoutViewModel):2:21: warning: this suppression of undeclared-import suppresses nothing on its line or the next; remove it [unused-suppression]
        \(Self.checkoutViewModel):3:1: error: a suppression needs a reason: // bulkhead:ignore <rule-id> - <why this is acceptable> [invalid-suppression]

        """)
        #expect(run.standardError == "bulkhead: 1 error and 1 warning in 10 targets (10 files); 2 suppressed\n")
    }
}

/// The CI formats, read by real consumers: a SARIF schema validator and sarif-tools, junitparser,
/// and the GitHub escaping rules.
@Suite(.tags(.large)) struct CIReportEndToEndTests {
    let package: String

    init() throws {
        package = try CheckEndToEndTests.voyageCopy()
        try CheckEndToEndTests.addTheSeedsViolations(to: package)
    }

    func python(_ script: String, _ arguments: [String]) throws -> ProcessRunner.Output {
        try ProcessRunner.run(["python3", "-c", script] + arguments)
    }

    /// The SARIF report of the Voyage copy with its two violations.
    func sarifReport() throws -> String {
        let run = try BulkheadBinary.run(["check", "--preset", "layers", "--format", "sarif", "--output", "report.sarif"], in: package)
        #expect(run.status == 1)
        return package + "/report.sarif"
    }

    @Test(.requires(.jsonschema)) func sarifValidatesAgainstTheOASISSchema() throws {
        defer { try? FileManager.default.removeItem(atPath: (package as NSString).deletingLastPathComponent) }
        let report = try sarifReport()
        let schema = Fixtures.path("Schemas/sarif-schema-2.1.0.json")
        let validation = try python("import json, sys, jsonschema\njsonschema.validate(json.load(open(sys.argv[1])), json.load(open(sys.argv[2])))\nprint('valid')", [report, schema])
        #expect(validation.status == 0, "\(validation.standardErrorText)")
        #expect(String(decoding: validation.standardOutput, as: UTF8.self) == "valid\n")
    }

    @Test(.requires(.sarifTools)) func sarifToolsReadsTheSARIF() throws {
        defer { try? FileManager.default.removeItem(atPath: (package as NSString).deletingLastPathComponent) }
        let report = try sarifReport()
        let csv = package + "/report.csv"
        let tools = try ProcessRunner.run(["sarif", "csv", report, "--output", csv], in: package)
        #expect(tools.status == 0, "\(tools.standardErrorText)")
        let rows = try String(contentsOfFile: csv, encoding: .utf8).split(whereSeparator: \.isNewline)
        #expect(rows.count == 3)
        #expect(rows.contains { $0.hasPrefix("Bulkhead,error,layer-dependency,") && $0.hasSuffix(",Package.swift,64") })
        #expect(rows.contains { $0.hasSuffix(",Sources/Features/SearchFeature/SearchViewModel.swift,3") })
    }

    @Test(.requires(.junitparser)) func junitIsReadByJunitparser() throws {
        defer { try? FileManager.default.removeItem(atPath: (package as NSString).deletingLastPathComponent) }
        _ = try BulkheadBinary.run(["check", "--preset", "layers", "--format", "junit", "--output", "report.xml"], in: package)
        let script = """
        import sys
        from junitparser import JUnitXml, Failure
        xml = JUnitXml.fromfile(sys.argv[1])
        cases = [(suite.name, case.name, [r.message for r in case.result if isinstance(r, Failure)]) for suite in xml for case in suite]
        print(len(cases))
        for suite, name, failures in cases:
            if failures:
                print(suite, name, failures[0][:40])
        """
        let parsed = try python(script, [package + "/report.xml"])
        #expect(parsed.status == 0, "\(parsed.standardErrorText)")
        #expect(String(decoding: parsed.standardOutput, as: UTF8.self) == """
        120
        layer-dependency CheckoutFeature CheckoutFeature (Features) depends on Se
        layer-dependency SearchFeature SearchFeature (Features) imports Network

        """)
    }

    @Test func outputIsWrittenAtomicallyAndOnlyThere() throws {
        defer { try? FileManager.default.removeItem(atPath: (package as NSString).deletingLastPathComponent) }
        let run = try BulkheadBinary.run(["check", "--preset", "layers", "--format", "json", "--output", "report.json"], in: package)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.hasSuffix("report written to report.json\n"))
        let contents = try #require(FileManager.default.contents(atPath: package + "/report.json"))
        #expect(try JSONSerialization.jsonObject(with: contents) is [String: Any])
        let folders = try FileManager.default.contentsOfDirectory(atPath: package).filter { $0.hasPrefix(".") && $0.contains("report") }
        #expect(folders.isEmpty, "no temporary file left behind")
        let unwritable = try BulkheadBinary.run(["check", "--preset", "layers", "--output", "/nonexistent/folder/report.txt"], in: package)
        #expect(unwritable.status == 2)
        #expect(unwritable.standardError == "error: cannot write the report to '/nonexistent/folder/report.txt': the folder '/nonexistent/folder' does not exist; create it first\n")
    }
}
