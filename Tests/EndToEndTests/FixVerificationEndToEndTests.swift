import Foundation
import PackageLoading
import Processes
import Testing

/// Issue 49: `--fix` checks its result as the build sees it before writing. A fix SwiftPM would
/// not see is withheld with the reason; a removal a dependant still needs is withheld naming it;
/// equal elements go in one run, so a second run changes nothing.
@Suite(.tags(.large)) struct FixVerificationEndToEndTests {
    /// A package in a temporary folder: `Package.swift` as given, a source per target.
    struct Package {
        let folder: String
        var manifest: String { folder + "/Package.swift" }

        init(manifest: String, sources: [String: String]) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-fix-check-\(UUID().uuidString)").path
            for (target, text) in sources {
                try FileManager.default.createDirectory(atPath: folder + "/Sources/" + target, withIntermediateDirectories: true)
                try text.write(toFile: folder + "/Sources/\(target)/\(target).swift", atomically: false, encoding: .utf8)
            }
            try manifest.write(toFile: self.manifest, atomically: false, encoding: .utf8)
            try "{\"rules\": {\"redundant-dependency\": \"warning\"}}\n".write(toFile: folder + "/bulkhead.json", atomically: false, encoding: .utf8)
        }

        func text() throws -> String { try String(contentsOfFile: manifest, encoding: .utf8) }
        func remove() { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// The targets list assigned again below the literal one: the literal's edit is dead.
    @Test func aFixTheManifestUndoesIsWithheld() throws {
        let package = try Package(manifest: """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Reassigned", targets: [
                .target(name: "A", dependencies: ["B", "C"]),
                .target(name: "B"),
                .target(name: "C"),
            ])
            package.targets[0].dependencies = ["B", "C"]

            """, sources: ["A": "import B\n", "B": "public let b = 1\n", "C": "public let c = 1\n"])
        defer { package.remove() }
        let before = try package.text()
        let run = try BulkheadBinary.run(["check", "--fix", "--no-cache"], in: package.folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("fixed 0 findings in 0 manifests; 1 left"), "\(run.standardError)")
        #expect(run.standardError.contains("SwiftPM would not see the fix as meant: SwiftPM sees no change to its dependencies"))
        #expect(try package.text() == before)
    }

    /// App imports Models through Kit; `--fix --target Kit` must not take Models from Kit.
    @Test func aRemovalADependantNeedsIsWithheld() throws {
        let package = try Package(manifest: """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Chain", targets: [
                .target(name: "App", dependencies: ["Kit"]),
                .target(name: "Kit", dependencies: ["Models"]),
                .target(name: "Models"),
            ])

            """, sources: ["App": "import Kit\nimport Models\n", "Kit": "public let k = 1\n", "Models": "public let m = 1\n"])
        defer { package.remove() }
        let before = try package.text()
        let narrowed = try BulkheadBinary.run(["check", "--fix", "--no-cache", "--target", "Kit"], in: package.folder)
        #expect(narrowed.standardError.contains(
            "Kit declares Models but none of its sources imports Models [unused-dependency]: App still needs it: without it, App imports Models, which it does not declare [unreachable-import]"),
            "\(narrowed.standardError)")
        #expect(try package.text() == before)
        // The whole run adds Models to App with the removal, and a second run changes nothing.
        let whole = try BulkheadBinary.run(["check", "--fix", "--no-cache"], in: package.folder)
        #expect(whole.status == 0, "\(whole.standardError)")
        #expect(whole.standardError.contains("fixed 2 findings in 1 manifest; 0 left"), "\(whole.standardError)")
        let fixed = try package.text()
        let again = try BulkheadBinary.run(["check", "--fix", "--no-cache"], in: package.folder)
        #expect(again.standardError.contains("fixed 0 findings in 0 manifests; 0 left"), "\(again.standardError)")
        #expect(try package.text() == fixed)
        #expect(try ProcessRunner.run(["swift", "package", "dump-package"], in: package.folder).status == 0)
    }

    /// Three equal elements took three runs, each saying "0 left".
    @Test func equalElementsGoInOneRun() throws {
        let package = try Package(manifest: """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Equal", targets: [
                .target(name: "A", dependencies: ["B", "B", "B"]),
                .target(name: "B"),
            ])

            """, sources: ["A": "import B\n", "B": "public let b = 1\n"])
        defer { package.remove() }
        let run = try BulkheadBinary.run(["check", "--fix", "--no-cache"], in: package.folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try package.text().contains(#".target(name: "A", dependencies: ["B"]),"#))
        let again = try BulkheadBinary.run(["check", "--no-cache"], in: package.folder)
        #expect(again.status == 0 && again.standardOutput.contains("0 errors and 0 warnings"), "\(again.standardOutput)")
    }
}
