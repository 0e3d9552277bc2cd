import Foundation
import PackageLoading
import TestSupport
import Testing

/// `bulkhead canary` as a process on the Voyage example: the must-show of issue 15's canary.
@Suite(.tags(.large)) struct CanaryEndToEndTests {
    static func rows(_ output: String) -> [String: String] {
        var rows: [String: String] = [:]
        for line in output.split(separator: "\n") {
            let columns = line.split(separator: " ", omittingEmptySubsequences: true)
            guard columns.count >= 3, columns[0].contains("-") else { continue }
            rows[String(columns[0])] = columns[2] == "did" ? "did not fire" : columns[2] == "no" ? "no place" : String(columns[2])
        }
        return rows
    }

    @Test func everyEnabledRuleFiresOnVoyageWithTheLayersPreset() throws {
        let run = try BulkheadBinary.run(["canary", "--preset", "layers", "--package-path", BulkheadBinary.repositoryRoot + "/Examples/Voyage"])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(Self.rows(run.standardOutput) == [
            "layer-dependency": "fired", "third-party-product": "fired", "undeclared-import": "fired",
            "unreachable-import": "fired", "unused-dependency": "fired",
            "dependency-cycle": "fired", "testing-import": "fired", "testing-in-product": "fired", "product-type": "fired",
            "unknown-module": "fired", "import-through-image": "fired", "duplicate-copy": "fired",
            "footprint-budget": "no place",
            // The layers preset forbids no import, keeps nothing internal to a package, requires
            // no setting and writes no source section.
            "forbidden-import": "no place", "package-internal": "no place", "required-settings": "no place",
            "forbidden-identifier": "no place", "declaration-shape": "no place", "unchecked-sendable": "no place", "public-imports": "no place",
        ])
        #expect(run.standardOutput.contains("0 did not fire"))
    }

    @Test func existingViolationsDoNotHideThePlantedOnes() throws {
        let package = try CheckEndToEndTests.voyageCopy()
        defer { try? FileManager.default.removeItem(atPath: (package as NSString).deletingLastPathComponent) }
        try CheckEndToEndTests.addTheSeedsViolations(to: package)
        let run = try BulkheadBinary.run(["canary", "--preset", "layers", "--package-path", package])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(Self.rows(run.standardOutput)["layer-dependency"] == "fired")
    }

    @Test func aTooBroadExcludeIsNamedAndFails() throws {
        let package = try CheckEndToEndTests.voyageCopy()
        defer { try? FileManager.default.removeItem(atPath: (package as NSString).deletingLastPathComponent) }
        // Meant to skip generated code, it hides every layer that may not use third-party code.
        try #"{ preset: "layers", exclude: ["Sources/Features", "Sources/Interfaces", "Sources/Kernel"] }"#
            .write(toFile: package + "/bulkhead.json", atomically: true, encoding: .utf8)
        let run = try BulkheadBinary.run(["canary", "--package-path", package])
        #expect(run.status == 1, "\(run.standardOutput)\(run.standardError)")
        let rows = Self.rows(run.standardOutput)
        #expect(rows["third-party-product"] == "did not fire")
        #expect(rows["layer-dependency"] == "fired")
        #expect(run.standardOutput.contains("why: its target BookingInterface is in Sources/Interfaces/BookingInterface, which exclude: [\"Sources/Interfaces\"] hides"),
                "\(run.standardOutput)")

        try #"{ preset: "layers", exclude: ["Sources"] }"#.write(toFile: package + "/bulkhead.json", atomically: true, encoding: .utf8)
        let everything = try BulkheadBinary.run(["canary", "--package-path", package, "--format", "json"])
        #expect(everything.status == 1)
        #expect(everything.standardOutput.contains(#""result" : "not-fired""#))
        #expect(everything.standardOutput.contains(#"which exclude: [\"Sources\"] hides"#))
    }
}
