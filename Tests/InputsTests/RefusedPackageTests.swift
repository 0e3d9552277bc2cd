import Foundation
import TestSupport
import Testing
@testable import PackageLoading
@testable import FileAccess

/// Packages SwiftPM refuses are failures, not warnings: a manifest that crashes when run, and a
/// package `describe` rejects for a reason other than a binary artifact built elsewhere.
@Suite(.tags(.medium)) struct RefusedPackageTests {
    static func package(_ manifest: String, files: [String: String] = [:]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-refused-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try ("// swift-tools-version: 5.9\nimport PackageDescription\n" + manifest).write(toFile: folder + "/Package.swift", atomically: true, encoding: .utf8)
        for (path, text) in files {
            try FileManager.default.createDirectory(atPath: (folder + "/" + path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: folder + "/" + path, atomically: true, encoding: .utf8)
        }
        return folder
    }

    func load(_ folder: String) -> Result<LoadedGraph, InputError> {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return Result { () throws(InputError) -> LoadedGraph in try PackageGraphLoader().load(at: folder) }
    }

    @Test func aDependencyCycleIsARefusedPackage() throws {
        let folder = try Self.package(
            #"let package = Package(name: "Cycle", targets: [.target(name: "A", dependencies: ["B"]), .target(name: "B", dependencies: ["A"])])"#,
            files: ["Sources/A/a.swift": "let a = 1\n", "Sources/B/b.swift": "let b = 1\n"])
        guard case .failure(.packageRefused(_, let reason)) = load(folder) else { Issue.record("expected a refusal"); return }
        #expect(reason.contains("cyclic dependency declaration found: A -> B -> A"))
    }

    @Test func aTargetOutsideThePackageIsARefusedPackage() throws {
        let folder = try Self.package(#"let package = Package(name: "Outside", targets: [.target(name: "A", path: "../elsewhere")])"#)
        guard case .failure(.packageRefused(_, let reason)) = load(folder) else { Issue.record("expected a refusal"); return }
        #expect(reason.contains("outside the package root"))
    }

    @Test func aManifestThatStopsWithAFatalErrorSaysSo() throws {
        let folder = try Self.package("fatalError(\"no manifest today\")\nlet package = Package(name: \"F\")\n")
        guard case .failure(let error) = load(folder), case .manifestStopped(_, let message) = error else {
            Issue.record("expected a stopped manifest"); return
        }
        #expect(message == "no manifest today")
        #expect(error.message.contains("stopped with a fatal error"))
    }
}
