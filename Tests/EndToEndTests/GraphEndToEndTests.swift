import Foundation
import Processes
import TestSupport
import Testing

/// `bulkhead graph` and `bulkhead why` as processes on the fixture packages.
@Suite(.tags(.large)) struct GraphEndToEndTests {
    struct Document: Decodable {
        struct Target: Decodable {
            struct Dependency: Decodable {
                var target: String?
                var product: String?
                var package: String
                var guess: Bool?
            }
            var name: String
            var module: String
            var kind: String
            var package: String
            var dependencies: [Dependency]
        }
        var version: Int
        var targets: [Target]
    }

    func graph(_ arguments: [String], at fixture: String) throws -> (BulkheadBinary.Run, Document?) {
        let run = try BulkheadBinary.run(["graph", "--package-path", BulkheadBinary.fixture(fixture)] + arguments)
        let document = try? JSONDecoder().decode(Document.self, from: Data(run.standardOutput.utf8))
        return (run, document)
    }

    @Test func jsonListsEveryTargetWithModuleKindPackageAndDependencies() throws {
        let (run, document) = try graph(["--format", "json"], at: "TravelApp/Modules")
        #expect(run.status == 0)
        let targets = try #require(document?.targets)
        #expect(document?.version == 1)
        #expect(targets.count == 32)
        let imageLoading = try #require(targets.first { $0.name == "ImageLoading" })
        #expect(imageLoading.module == "ImageLoading" && imageLoading.kind == "library" && imageLoading.package == "modules")
        #expect(imageLoading.dependencies.compactMap(\.product) == ["Kingfisher"])
        #expect(imageLoading.dependencies.first { $0.product == "Kingfisher" }?.guess == true)
    }

    @Test func focusDepthAndExcludeTestsSelectTheNeighbourhood() throws {
        let (_, focused) = try graph(["--format", "json", "--focus", "PaymentInterface", "--depth", "1", "--exclude-tests"], at: "TravelApp/Modules")
        #expect(focused?.targets.map(\.name).sorted() == ["Booking", "FoundationKit", "Payment", "PaymentInterface", "PaymentTesting"])
        let (_, everything) = try graph(["--format", "json", "--focus", "PaymentInterface"], at: "TravelApp/Modules")
        // Booking uses the interface (HotelDetail only uses Booking's interface, so it stays out).
        #expect(everything?.targets.map(\.name).sorted() == [
            "Booking", "BookingTests", "FoundationKit", "Payment", "PaymentInterface", "PaymentTesting", "PaymentTests",
        ])
    }

    @Test func dotOfARepositoryDrawsOneClusterPerPackage() throws {
        let (run, _) = try graph([], at: "LocalPackages")
        #expect(run.status == 0)
        #expect(run.standardOutput.components(separatedBy: "subgraph \"cluster_").count - 1 == 3)
        #expect(run.standardOutput.contains("\"features/Search\" -> \"core/Networking\";"))
    }

    @Test(.requires(.graphviz)) func dotOfARepositoryRendersWithGraphviz() throws {
        let (run, _) = try graph([], at: "LocalPackages")
        #expect(run.status == 0)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-\(UUID().uuidString).dot").path
        try run.standardOutput.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let rendered = try ProcessRunnerShim.run(["dot", "-Tsvg", file])
        #expect(rendered.status == 0)
    }

    @Test func configuredLayersBecomeClustersInTheirOrder() throws {
        let run = try BulkheadBinary.run(["graph", "--format", "mermaid", "--preset", "layers", "--package-path", BulkheadBinary.repositoryRoot + "/Examples/Voyage"])
        #expect(run.status == 0)
        let clusters = run.standardOutput.split(separator: "\n").filter { $0.contains("subgraph") }.map { $0.split(separator: "\"")[1] }
        #expect(clusters == ["Kernel", "Interfaces", "Infrastructure", "Features", "App"])
        #expect(run.standardOutput.contains("subgraph c3[\"Features\"]\n    n3[\"CheckoutFeature\"]\n    n8[\"SearchFeature\"]\n  end"))
    }

    @Test func mermaidIsPrinted() throws {
        let (run, _) = try graph(["--format", "mermaid", "--focus", "Search", "--depth", "1"], at: "LocalPackages")
        #expect(run.status == 0)
        #expect(run.standardOutput.hasPrefix("flowchart LR\n"))
        #expect(run.standardOutput.contains("subgraph"))
    }

    @Test func theMissingBinaryPackageLoadsWithAWarning() throws {
        let (run, document) = try graph(["--format", "json"], at: "MissingBinary")
        #expect(run.status == 0)
        #expect(run.standardError.hasPrefix("warning: "), "\(run.standardError)")
        #expect(run.standardError.contains("MissingBinary/Package.swift: describe-fallback: `swift package describe` failed ("), "\(run.standardError)")
        #expect(document?.targets.count == 5)
    }

    @Test func usageMistakesAreNamed() throws {
        let unknown = try BulkheadBinary.run(["graph", "--package-path", BulkheadBinary.fixture("TravelApp/Modules"), "--focus", "Serach"])
        #expect(unknown.status == 64)
        #expect(unknown.standardError.contains("no target named 'Serach'; did you mean 'Search'?"))
        let depth = try BulkheadBinary.run(["graph", "--depth", "2"])
        #expect(depth.status == 64)
        #expect(depth.standardError.contains("--depth limits the steps around --focus"))
    }

    @Test func whyPrintsPathsShortestFirst() throws {
        let run = try BulkheadBinary.run(["why", "Booking", "FoundationKit", "--limit", "3", "--package-path", BulkheadBinary.fixture("TravelApp/Modules")])
        #expect(run.status == 0)
        #expect(run.standardOutput == """
        Booking → FoundationKit
        Booking → BookingInterface → FoundationKit
        Booking → DesignSystem → FoundationKit
        … and 6 more paths; --limit 9 shows them

        """)
        let all = try BulkheadBinary.run(["why", "Booking", "FoundationKit", "--limit", "9", "--package-path", BulkheadBinary.fixture("TravelApp/Modules")])
        #expect(all.standardOutput.split(separator: "\n").count == 9)
    }

    @Test func whyFollowsImportsAndMarksTheUndeclaredOnes() throws {
        let run = try BulkheadBinary.run(["why", "Feature", "Storage", "--package-path", BulkheadBinary.fixture("ScannerTraps")])
        #expect(run.status == 0)
        #expect(run.standardOutput == "Feature ⇢ Storage\n\n⇢ an import in the sources that the manifest does not declare\n")
        let manifestOnly = try BulkheadBinary.run(["why", "Feature", "Storage", "--manifest-only", "--package-path", BulkheadBinary.fixture("ScannerTraps")])
        #expect(manifestOnly.status == 1)
        #expect(manifestOnly.standardOutput == "Feature does not depend on Storage\n")
    }

    @Test func whyAcrossPackagesNamesAmbiguousTargets() throws {
        let run = try BulkheadBinary.run(["why", "AppMain", "Models", "--format", "json", "--limit", "1", "--package-path", BulkheadBinary.fixture("LocalPackages")])
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("\"hops\" : [\n        \"manifest\"\n      ]"))
    }
}

import PackageLoading

/// Runs a helper program for a test (Graphviz here) through the product's own runner.
enum ProcessRunnerShim {
    static func run(_ command: [String]) throws -> ProcessRunner.Output { try ProcessRunner.run(command) }
}

/// Which `swift` Bulkhead asks, and what it says when there is none.
@Suite(.tags(.large)) struct ToolchainChoiceEndToEndTests {
    @Test func swiftExecutableOptionAndVariableAreObeyed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-swift-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let swift = try #require(ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
            .map { "\($0)/swift" }.first { FileManager.default.isExecutableFile(atPath: $0) })
        let wrapper = folder + "/my-swift"
        try "#!/bin/sh\ntouch '\(folder)/called'\nexec \"\(swift)\" \"$@\"\n".write(toFile: wrapper, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper)

        let byOption = try BulkheadBinary.run(["graph", "--no-cache", "--swift-executable", wrapper, "--package-path", BulkheadBinary.fixture("LocalPackages/Core")])
        #expect(byOption.status == 0)
        #expect(FileManager.default.fileExists(atPath: folder + "/called"))
        try FileManager.default.removeItem(atPath: folder + "/called")

        let byVariable = try BulkheadBinary.run(["graph", "--no-cache", "--package-path", BulkheadBinary.fixture("LocalPackages/Core")], environment: ["BULKHEAD_SWIFT_EXEC": wrapper])
        #expect(byVariable.status == 0)
        #expect(FileManager.default.fileExists(atPath: folder + "/called"))
    }

    @Test func noSwiftOnPathIsAClearFailure() throws {
        let run = try BulkheadBinary.run(["graph", "--package-path", BulkheadBinary.fixture("LocalPackages/Core")], environment: ["PATH": "/nonexistent"])
        #expect(run.status == 2)
        #expect(run.standardError == "error: could not find 'swift' on PATH (/nonexistent); install the Swift toolchain, or name the swift executable with --swift-executable or BULKHEAD_SWIFT_EXEC\n")
    }
}
