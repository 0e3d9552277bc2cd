import Foundation
import PackageLoading
import TestSupport
import Testing

/// `bulkhead check` as a process on real packages.
@Suite(.tags(.large)) struct CheckEndToEndTests {
    /// A copy of the Voyage example in a temporary folder.
    static func voyageCopy() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-voyage-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: BulkheadBinary.repositoryRoot + "/Examples/Voyage", toPath: folder + "/Voyage")
        // A package as a new user has it: no configuration yet (the example's own says it is a root).
        try FileManager.default.removeItem(atPath: folder + "/Voyage/bulkhead.json")
        return folder + "/Voyage"
    }

    /// The seed's two deliberate violations: CheckoutFeature lists SearchFeature in the manifest,
    /// and a SearchFeature source imports Networking.
    static func addTheSeedsViolations(to package: String) throws {
        let manifest = package + "/Package.swift"
        var text = try String(contentsOfFile: manifest, encoding: .utf8)
        text = text.replacingOccurrences(
            of: "featureTarget(\"CheckoutFeature\", consuming: [\"BookingInterface\", \"PaymentInterface\"])",
            with: "featureTarget(\"CheckoutFeature\", consuming: [\"BookingInterface\", \"PaymentInterface\", \"SearchFeature\"])")
        try text.write(toFile: manifest, atomically: true, encoding: .utf8)
        let source = package + "/Sources/Features/SearchFeature/SearchViewModel.swift"
        let original = try String(contentsOfFile: source, encoding: .utf8)
        try original.replacingOccurrences(of: "import DesignSystem\n", with: "import DesignSystem\nimport Networking\n")
            .write(toFile: source, atomically: true, encoding: .utf8)
    }

    @Test func theVoyageExampleIsClean() throws {
        let run = try BulkheadBinary.run(["check", "--preset", "layers", "--package-path", BulkheadBinary.repositoryRoot + "/Examples/Voyage"])
        #expect(run.status == 0)
        #expect(run.standardOutput == "✓ 0 errors and 0 warnings in 10 targets (10 files)\n")
    }

    @Test func theSeedsTwoViolationsAndNothingElseInXcodeFormat() throws {
        let package = try Self.voyageCopy()
        defer { try? FileManager.default.removeItem(atPath: (package as NSString).deletingLastPathComponent) }
        try Self.addTheSeedsViolations(to: package)
        let run = try BulkheadBinary.run(["check", "--preset", "layers", "--format", "xcode"], in: package)
        #expect(run.status == 1)
        #expect(run.standardOutput == """
        Package.swift:64:94: error: CheckoutFeature (Features) depends on SearchFeature (Features); Features may use only Kernel, Interfaces [layer-dependency]
        Sources/Features/SearchFeature/SearchViewModel.swift:3:8: error: SearchFeature (Features) imports Networking (Infrastructure), which it does not declare; Features may use only Kernel, Interfaces [layer-dependency]

        """)
        // Benchmarks/compare_with_peers.py shows the seed's script reports the same two.
    }

    @Test func xcodePathsAreRelativeToTheWorkingFolder() throws {
        let package = try Self.voyageCopy()
        let parent = (package as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: parent) }
        try Self.addTheSeedsViolations(to: package)
        let run = try BulkheadBinary.run(["check", "--preset", "layers", "--format", "xcode", "--package-path", "Voyage"], in: parent)
        #expect(run.standardOutput.hasPrefix("Voyage/Package.swift:64:94: error: "))
        #expect(run.standardOutput.contains("\nVoyage/Sources/Features/SearchFeature/SearchViewModel.swift:3:8: error: "))
    }

    @Test func scannerTrapsDoNotFoolBulkhead() throws {
        let package = BulkheadBinary.fixture("ScannerTraps")
        let run = try BulkheadBinary.run(["check", "--format", "xcode", "--package-path", package], in: package)
        #expect(run.status == 1)
        let found = run.standardOutput.split(separator: "\n").filter { $0.contains(": error: ") }.map { line in
            String(line.prefix { $0 != " " })
        }
        #expect(found == [
            "Sources/Features/Feature/Attributes.swift:3:8:",
            "Sources/Features/Feature/ByteOrderMark.swift:1:11:",
            "Sources/Features/Feature/Semicolons.swift:1:21:",
        ])
        #expect(run.standardOutput.contains("Feature imports Legacy_Bridge, which it does not declare [unreachable-import]"))
        #expect(run.standardOutput.contains("Feature imports Storage, which it does not declare [unreachable-import]"))
        #expect(run.standardOutput.contains("Feature imports Networking, which it does not declare [unreachable-import]"))
        // Benchmarks/compare_with_peers.py shows the seed's line-based scan wrong both ways here.
    }

    @Test func noFalsePositivesOnTheRepositoryAndTheFixturesThatAreClean() throws {
        for (package, arguments) in [
            (BulkheadBinary.repositoryRoot, [String]()),
            (BulkheadBinary.repositoryRoot + "/Examples/Voyage", ["--preset", "layers"]),
            (BulkheadBinary.fixture("TravelApp/Modules"), []),
            (BulkheadBinary.fixture("LocalPackages"), []),
            (BulkheadBinary.fixture("MissingBinary"), ["--quiet"]),
        ] {
            let run = try BulkheadBinary.run(["check", "--format", "xcode", "--package-path", package] + arguments)
            #expect(run.status == 0, "\(package): \(run.standardOutput)")
            #expect(run.standardOutput.isEmpty, "\(package): \(run.standardOutput)")
        }
    }

    @Test func aConfigurationWithFiveMistakesGetsFiveMessagesAndExit2() throws {
        let package = try Self.voyageCopy()
        defer { try? FileManager.default.removeItem(atPath: (package as NSString).deletingLastPathComponent) }
        try """
        {
          preset: "layer",
          layers: [
            { name: "Features", paths: ["Sources/Features/*"], mayuse: ["Kernel"] },
            { name: "Kernel", paths: ["Sources/Kernel/*"], mayUse: ["Featurs"], thirdParty: "yes" },
          ],
          rules: { "unused-dependncy": "warning" },
        }
        """.write(toFile: package + "/bulkhead.json", atomically: true, encoding: .utf8)
        let run = try BulkheadBinary.run(["check"], in: package)
        #expect(run.status == 2)
        #expect(run.standardError == """
        error: bulkhead.json has 5 problems:
          preset: unknown preset 'layer'; did you mean 'layers'?
          layers[0].mayuse: unknown key 'mayuse'; did you mean 'mayUse'?
          layers[1].thirdParty: expected true or false, found a string
          layers[1].mayUse[0]: no layer named 'Featurs'; did you mean 'Features'?
          rules.unused-dependncy: unknown rule 'unused-dependncy'; did you mean 'unused-dependency'?

        """)
        #expect(run.standardOutput.isEmpty)
    }

    @Test func aLayerNamingAMissingTargetIsReportedAfterLoading() throws {
        let package = try Self.voyageCopy()
        defer { try? FileManager.default.removeItem(atPath: (package as NSString).deletingLastPathComponent) }
        try "{ layers: [{ name: \"App\", targets: [\"AppCompositon\"], mayUse: [\"*\"] }] }"
            .write(toFile: package + "/bulkhead.json", atomically: true, encoding: .utf8)
        let run = try BulkheadBinary.run(["check"], in: package)
        #expect(run.status == 2)
        #expect(run.standardError.contains("layers[0].targets[0]: no target named 'AppCompositon' in the package; did you mean 'AppComposition'?"))
    }

    @Test func initWritesAConfigurationThatCheckAccepts() throws {
        let package = try Self.voyageCopy()
        defer { try? FileManager.default.removeItem(atPath: (package as NSString).deletingLastPathComponent) }
        let written = try BulkheadBinary.run(["init"], in: package)
        #expect(written.status == 0)
        #expect(written.standardOutput == "wrote bulkhead.json: preset layers (10 of 10 targets by folder)\n")
        let text = try String(contentsOfFile: package + "/bulkhead.json", encoding: .utf8)
        #expect(text.contains("\"preset\": \"layers\","))
        #expect(try BulkheadBinary.run(["check"], in: package).status == 0)
        let again = try BulkheadBinary.run(["init"], in: package)
        #expect(again.status == 2)
        #expect(again.standardError.contains("bulkhead.json already exists; pass --force"))
    }

    @Test func jsonReportIsVersionedAndComplete() throws {
        let run = try BulkheadBinary.run(["check", "--format", "json", "--package-path", BulkheadBinary.fixture("ScannerTraps")])
        struct Report: Decodable {
            struct Summary: Decodable { var errors: Int; var warnings: Int; var targets: Int; var files: Int }
            struct Finding: Decodable { var rule: String; var severity: String; var target: String?; var file: String?; var line: Int?; var notes: [String] }
            var version: Int
            var summary: Summary
            var findings: [Finding]
        }
        let report = try JSONDecoder().decode(Report.self, from: Data(run.standardOutput.utf8))
        #expect(report.version == 1)
        #expect(report.summary.errors == 3 && report.summary.files == 11)
        #expect(report.findings.map(\.rule) == ["unreachable-import", "unreachable-import", "unreachable-import"])
        #expect(report.findings.allSatisfy { $0.target == "Feature" && !$0.notes.isEmpty })
    }

    @Test func rulesAndExplainDescribeTheRules() throws {
        let rules = try BulkheadBinary.run(["rules"])
        #expect(rules.standardOutput.split(separator: "\n").map { String($0.prefix { $0 != " " }) } == [
            "layer-dependency", "package-internal", "forbidden-import", "dependency-cycle", "undeclared-import", "unreachable-import", "import-through-image",
            "duplicate-copy", "footprint-budget", "one-product-per-process", "testing-import", "third-party-product", "third-party-wrapper", "testing-in-product", "unused-dependency", "redundant-dependency", "product-type", "feature-shape",
            "required-settings", "pinned-dependency", "forbidden-identifier", "declaration-shape", "unchecked-sendable", "public-imports",
            "unknown-module",
        ])
        let explained = try BulkheadBinary.run(["explain", "unused-dependency"])
        #expect(explained.standardOutput.contains("Triggers:"))
        #expect(explained.standardOutput.contains("@_exported import Models"))
        let unknown = try BulkheadBinary.run(["explain", "unused-dependencies"])
        #expect(unknown.status == 64)
        #expect(unknown.standardError.contains("did you mean 'unused-dependency'?"))
    }
}
