import Foundation
import TestSupport
import Testing
@testable import PackageLoading
@testable import Processes

/// SwiftPM's rule for which manifest a toolchain reads (`ManifestLoader.findManifest`), case by
/// case, for a 6.3 toolchain unless a case says otherwise.
@Suite(.tags(.small)) struct ManifestChoiceTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var names: [String]
        var declared: [String: [Int]]
        var toolchain: [Int] = [6, 3, 0]
        var expected: String
        var testDescription: String { "\(names) → \(expected)" }
    }

    @Test(arguments: [
        // The report's case: a 6.0 manifest newer than the regular one is read by 6.3.
        Case(names: ["Package.swift", "Package@swift-6.0.swift"], declared: ["Package.swift": [5, 9], "Package@swift-6.0.swift": [6, 0]], expected: "Package@swift-6.0.swift"),
        // Not newer than the regular manifest: the regular one.
        Case(names: ["Package.swift", "Package@swift-6.0.swift"], declared: ["Package.swift": [6, 0], "Package@swift-6.0.swift": [6, 0]], expected: "Package.swift"),
        // An exact key wins whatever the tools versions: patch, then minor, then major.
        Case(names: ["Package.swift", "Package@swift-6.3.swift", "Package@swift-6.swift", "Package@swift-6.3.0.swift"], declared: ["Package.swift": [6, 3]], expected: "Package@swift-6.3.0.swift"),
        Case(names: ["Package.swift", "Package@swift-6.3.swift", "Package@swift-6.swift"], declared: ["Package.swift": [6, 3]], expected: "Package@swift-6.3.swift"),
        Case(names: ["Package.swift", "Package@swift-6.swift"], declared: ["Package.swift": [6, 3]], expected: "Package@swift-6.swift"),
        // Newer than the toolchain: not a candidate; the newest at most the toolchain is.
        Case(names: ["Package.swift", "Package@swift-6.4.swift", "Package@swift-5.10.swift", "Package@swift-5.9.swift"],
             declared: ["Package.swift": [5, 8], "Package@swift-6.4.swift": [6, 4], "Package@swift-5.10.swift": [5, 10], "Package@swift-5.9.swift": [5, 9]],
             expected: "Package@swift-5.10.swift"),
        // A regular manifest newer than the toolchain falls back to the candidate.
        Case(names: ["Package.swift", "Package@swift-5.9.swift"], declared: ["Package.swift": [6, 4], "Package@swift-5.9.swift": [5, 9]], expected: "Package@swift-5.9.swift"),
        // No tools-version line: 3.1.0, older than any candidate's.
        Case(names: ["Package.swift", "Package@swift-5.swift"], declared: ["Package@swift-5.swift": [5, 0]], toolchain: [6, 2, 0], expected: "Package@swift-5.swift"),
        // Names that are not version-specific manifests are ignored.
        Case(names: ["Package.swift", "Package@swift-x.swift", "Package@swift-6.0.swift.orig", "Package@swift-.swift"], declared: ["Package.swift": [5, 9]], expected: "Package.swift"),
        Case(names: ["Package.swift"], declared: ["Package.swift": [6, 0]], expected: "Package.swift"),
    ])
    func theManifestSwiftPMReads(_ example: Case) {
        let chosen = ManifestChoice.fileName(among: example.names, toolsVersion: example.toolchain) { example.declared[$0] }
        #expect(chosen == example.expected)
    }

    @Test(arguments: [
        ("// swift-tools-version:6.0\n", [6, 0] as [Int]?),
        ("// swift-tools-version: 5.9.2\nimport PackageDescription\n", [5, 9, 2]),
        ("//swift-tools-version:5.7;(experimentalFeatures)\n", [5, 7]),
        ("\u{FEFF}// Swift-Tools-Version: 6.1\r\n", [6, 1]),
        ("import PackageDescription\n", nil),
        ("// swift-tools-version 6.0\n", nil),
    ])
    func theToolsVersionLine(text: String, expected: [Int]?) {
        #expect(ManifestChoice.declaredToolsVersion(Array(text.utf8)) == expected)
    }

    /// When the toolchain that ran says it read another tools version than the rule's choice
    /// declares (Bulkhead built with another compiler), the one manifest declaring it wins.
    @Test func theToolchainsOwnAnswerSettlesADisagreement() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-manifest-choice-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "// swift-tools-version: 5.9\n".write(toFile: folder + "/Package.swift", atomically: true, encoding: .utf8)
        try "// swift-tools-version: 6.0\n".write(toFile: folder + "/Package@swift-6.0.swift", atomically: true, encoding: .utf8)
        #expect(ManifestChoice.fileName(inPackageAt: folder, readToolsVersion: "6.0.0") == "Package@swift-6.0.swift")
        #expect(ManifestChoice.fileName(inPackageAt: folder, readToolsVersion: "5.9.0") == "Package.swift")
        #expect(ManifestChoice.fileName(inPackageAt: folder, readToolsVersion: nil, toolsVersion: { [5, 10, 0] }) == "Package.swift")
    }
}

/// The manifest the loader names against the one the real toolchain reads, on a folder whose
/// version-specific manifests differ in the patch number: each declares its own package name and
/// all the same tools version, so only the file chosen tells them apart.
@Suite(.tags(.medium)) struct ManifestChoiceToolchainTests {
    @Test func theLoaderNamesTheManifestTheToolchainReadsPatchVersionsIncluded() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-manifest-patch-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/Sources/A", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "public let a = 1\n".write(toFile: folder + "/Sources/A/A.swift", atomically: true, encoding: .utf8)
        let packageNameByFile = ["Package.swift": "Regular", "Package@swift-6.3.1.swift": "Patch631",
                                 "Package@swift-6.3.swift": "Minor63", "Package@swift-6.4.swift": "Minor64"]
        for (file, name) in packageNameByFile {
            let manifest = "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"\(name)\", targets: [.target(name: \"A\")])\n"
            try manifest.write(toFile: folder + "/" + file, atomically: true, encoding: .utf8)
        }
        let dumped = try ProcessRunner.run(["swift", "package", "dump-package"], in: folder)
        try #require(dumped.status == 0, "\(dumped.standardErrorText)")
        let readName = try #require((try JSONSerialization.jsonObject(with: dumped.standardOutput) as? [String: Any])?["name"] as? String)
        let readFile = try #require(packageNameByFile.first { $0.value == readName }?.key)

        let loaded = try PackageGraphLoader().load(at: folder)
        #expect(loaded.graph.packages.map(\.manifestFileName) == [readFile])
    }
}
