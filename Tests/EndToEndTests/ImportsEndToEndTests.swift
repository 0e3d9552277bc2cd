import Foundation
import TestSupport
import Testing

/// `bulkhead imports` run as a process on real packages, described by the real toolchain.
@Suite(.tags(.large)) struct ImportsEndToEndTests {
    struct Listed: Decodable, Equatable {
        var target: String?
        var file: String
        var line: Int
        var column: Int
        var module: String
        var canBeActive: Bool
    }

    struct Document: Decodable {
        var version: Int
        var package: String?
        var imports: [Listed]
        var diagnostics: [Problem]
    }

    struct Problem: Decodable {
        var file: String?
        var line: Int?
        var code: String
        var severity: String
    }

    @Test func scannerTrapsYieldExactlyTheRealImports() throws {
        let run = try BulkheadBinary.run(["imports", "--package-path", BulkheadBinary.fixture("ScannerTraps"), "--target", "Feature", "--format", "json"])
        #expect(run.status == 0, "\(run.standardError)")
        let document = try JSONDecoder().decode(Document.self, from: Data(run.standardOutput.utf8))
        #expect(document.version == 3)
        #expect(document.package == "ScannerTraps")
        let feature = "Sources/Features/Feature/"
        #expect(document.imports.map { "\($0.file.replacingOccurrences(of: feature, with: "")):\($0.line):\($0.column) \($0.module)\($0.canBeActive ? "" : " never")" } == [
            "Attributes.swift:3:8 Legacy_Bridge",
            "ByteOrderMark.swift:1:11 Networking",
            "ByteOrderMark.swift:2:8 Core",
            "Comments.swift:1:8 Core",
            "Conditions.swift:1:8 Core",
            "Conditions.swift:4:8 Networking never",
            "Scoped.swift:1:15 Core",
            "Semicolons.swift:1:8 Core",
            "Semicolons.swift:1:21 Storage",
            "Strings.swift:1:8 Core",
        ])
        #expect(document.imports.allSatisfy { $0.target == "Feature" })
        #expect(document.diagnostics.isEmpty)
    }

    @Test func theVoyageExampleScansCleanly() throws {
        let run = try BulkheadBinary.run(["imports", "--package-path", BulkheadBinary.repositoryRoot + "/Examples/Voyage"])
        #expect(run.status == 0)
        #expect(run.standardOutput.split(separator: "\n").count == 24)
        #expect(run.standardError == "bulkhead: 24 imports in 10 files in 10 targets; no problems\n")
    }

    @Test func outputIsDeterministicAcrossRuns() throws {
        let arguments = ["imports", "--package-path", BulkheadBinary.fixture("ScannerTraps"), "--format", "json"]
        let first = try BulkheadBinary.run(arguments)
        let second = try BulkheadBinary.run(arguments)
        #expect(first.standardOutput == second.standardOutput)
    }

    @Test func exitCodesSayWhatHappened() throws {
        #expect(try BulkheadBinary.run(["imports", "--no-such-flag"]).status == 64)
        #expect(try BulkheadBinary.run(["frobnicate"]).status == 64)
        #expect(try BulkheadBinary.run(["imports", "--package-path", "/nonexistent/package"]).status == 2)
        #expect(try BulkheadBinary.run(["--version"]).status == 0)
    }

    @Test func aManifestThatDoesNotCompileNamesTheCommandAndTheCompilerError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-e2e-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"Broken\", targets: [.target(name: 42)])\n"
            .write(toFile: folder + "/Package.swift", atomically: true, encoding: .utf8)
        let run = try BulkheadBinary.run(["imports", "--package-path", folder])
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("error: the manifest \(folder)/Package.swift does not compile; fix it and run again:\n"))
        #expect(run.standardError.contains("\(folder)/Package.swift:3:63: error: cannot convert value of type 'Int' to expected argument type 'String'"))
        #expect(!run.standardError.contains("compiled with"))
        #expect(run.standardOutput.isEmpty)
    }
}
