import Foundation
import PackageLoading
import Processes
import TestSupport
import Testing

/// `check --fix` on a real package with the real toolchain: the diff, `--dry-run` changing
/// nothing, `check` clean afterwards, and `swift package describe` still reading the manifest.
@Suite(.tags(.large)) struct FixEndToEndTests {
    @Test func fixMakesCheckCleanAndTheManifestStillDescribes() throws {
        let package = try Fixtures.copy("FixableManifest")
        defer { try? FileManager.default.removeItem(atPath: (package as NSString).deletingLastPathComponent) }
        let manifest = package + "/Package.swift"
        let original = try String(contentsOfFile: manifest, encoding: .utf8)
        #expect(try BulkheadBinary.run(["check"], in: package).status == 1)

        let dryRun = try BulkheadBinary.run(["check", "--fix", "--dry-run"], in: package)
        #expect(dryRun.status == 0, "\(dryRun.standardError)")
        #expect(dryRun.standardOutput.hasPrefix("--- a/Package.swift\n+++ b/Package.swift\n@@ "))
        #expect(dryRun.standardOutput.contains("\n-                \"Legacy\",\n"))
        #expect(dryRun.standardOutput.contains("\n+                \"Storage\",\n"))
        #expect(dryRun.standardOutput.contains("\n+        .target(name: \"Search\", dependencies: [\"Networking\", \"Models\"]),\n"))
        #expect(dryRun.standardOutput.contains("\n+        .target(name: \"Networking\", dependencies: [\"Models\"]),\n"))
        #expect(dryRun.standardError.contains("would fix 5 findings in 1 manifest; 0 left"))
        #expect(try String(contentsOfFile: manifest, encoding: .utf8) == original, "--dry-run changes nothing")

        let fixed = try BulkheadBinary.run(["check", "--fix"], in: package)
        #expect(fixed.status == 0, "\(fixed.standardError)")
        #expect(fixed.standardOutput == dryRun.standardOutput)
        let after = try BulkheadBinary.run(["check"], in: package)
        #expect(after.status == 0, "\(after.standardOutput)")
        let described = try ProcessRunner.run(["swift", "package", "describe", "--type", "json"], in: package)
        #expect(described.status == 0)
    }
}

/// Issue 24: `--fix` edits the manifest the toolchain reads, never a file outside the
/// repository, and reports what it leaves with check's exit status.
@Suite(.tags(.large)) struct FixRightFileEndToEndTests {
    /// A repository folder (`repo`, with `bulkhead.json`) beside a folder outside it.
    struct Layout {
        let container: String
        var repo: String { container + "/repo" }
        var outside: String { container + "/outside" }

        init() throws {
            container = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-fix-\(UUID().uuidString)").path
            for folder in ["repo/Sources/App", "repo/Sources/B", "repo/Sources/C", "outside/Sources/O", "outside/Sources/P"] {
                try FileManager.default.createDirectory(atPath: container + "/" + folder, withIntermediateDirectories: true)
            }
            try write("repo/Sources/App/A.swift", "import B\n")
            try write("repo/Sources/B/B.swift", "public let b = 1\n")
            try write("repo/Sources/C/C.swift", "public let c = 1\n")
            try write("repo/bulkhead.json", "{}\n")
        }

        func write(_ relative: String, _ text: String) throws {
            try text.write(toFile: container + "/" + relative, atomically: false, encoding: .utf8)
        }

        func read(_ relative: String) -> String? {
            FileManager.default.contents(atPath: container + "/" + relative).map { String(decoding: $0, as: UTF8.self) }
        }

        func remove() { try? FileManager.default.removeItem(atPath: container) }

        func run(_ arguments: [String]) throws -> BulkheadBinary.Run {
            try BulkheadBinary.run(arguments, in: repo)
        }
    }

    static func manifest(tools: String, app dependencies: String, extra: String = "") -> String {
        """
        // swift-tools-version: \(tools)
        import PackageDescription
        let package = Package(name: "P", \(extra)targets: [
            .target(name: "App", dependencies: [\(dependencies)]),
            .target(name: "B"),
            .target(name: "C"),
        ])

        """
    }

    /// SwiftPM 6.x reads `Package@swift-6.0.swift` over a 5.9 `Package.swift`: the unused
    /// dependency is found there, the fix edits it, and a second check is clean.
    @Test func theVersionSpecificManifestIsTheOneFoundAndFixed() throws {
        let layout = try Layout()
        defer { layout.remove() }
        try layout.write("repo/Package.swift", Self.manifest(tools: "5.9", app: "\"B\""))
        try layout.write("repo/Package@swift-6.0.swift", Self.manifest(tools: "6.0", app: "\"B\", \"C\""))
        let regular = layout.read("repo/Package.swift")

        let before = try layout.run(["check", "--strict", "--format", "xcode"])
        #expect(before.status == 1)
        #expect(before.standardOutput.contains("Package@swift-6.0.swift:4:"), "\(before.standardOutput)")
        #expect(!before.standardOutput.contains("Package.swift:"), "\(before.standardOutput)")

        let fixed = try layout.run(["check", "--strict", "--fix"])
        #expect(fixed.status == 0, "\(fixed.standardOutput)\(fixed.standardError)")
        #expect(fixed.standardOutput.hasPrefix("--- a/Package@swift-6.0.swift\n+++ b/Package@swift-6.0.swift\n"), "\(fixed.standardOutput)")
        #expect(fixed.standardError.contains("fixed 1 finding in 1 manifest; 0 left"))
        #expect(layout.read("repo/Package.swift") == regular, "the manifest SwiftPM ignores is not edited")
        #expect(layout.read("repo/Package@swift-6.0.swift")?.contains("dependencies: [\"B\"]") == true)
        #expect(try layout.run(["check", "--strict"]).status == 0)
    }

    /// A `.package(path:)` leaving the repository: unless `workspace.include` names it, it is not
    /// read at all; when it is, its manifest is still not edited, the finding is left with the
    /// reference named, and the exit status says errors remain.
    @Test func aPackageOutsideTheRepositoryIsNeverEdited() throws {
        let layout = try Layout()
        defer { layout.remove() }
        try layout.write("repo/Package.swift", Self.manifest(tools: "6.0", app: "\"B\"", extra: "dependencies: [.package(path: \"../outside\")], "))
        let outsideManifest = """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "Outside", products: [.library(name: "O", targets: ["O"])], targets: [
                .target(name: "O"),
                .target(name: "P"),
            ])

            """
        try layout.write("outside/Package.swift", outsideManifest)
        try layout.write("outside/Sources/O/O.swift", "import P\n")
        try layout.write("outside/Sources/P/P.swift", "public let p = 1\n")

        let unread = try layout.run(["check", "--fix"])
        #expect(unread.status == 0, "\(unread.standardError)")
        #expect(unread.standardError.contains("outside-root: .package(path: \"../outside\")"), "\(unread.standardError)")

        try layout.write("repo/bulkhead.json", #"{ "workspace": { "include": ["../outside"] } }"#)
        for arguments in [["check", "--fix", "--dry-run"], ["check", "--fix"]] {
            let run = try layout.run(arguments)
            #expect(run.status == 1, "\(run.standardError)")
            #expect(run.standardError.contains("../outside/Package.swift is outside the repository (reached through .package(path:) in the manifest of package 'P')"),
                    "\(run.standardError)")
            #expect(!run.standardOutput.contains("--- a/"), "no diff: \(run.standardOutput)")
            #expect(run.standardOutput.contains("unreachable-import"), "the finding is reported as left: \(run.standardOutput)")
        }
        #expect(layout.read("outside/Package.swift") == outsideManifest)
    }

    /// A manifest that is a symbolic link to a file outside the repository is not written through.
    @Test func aManifestLinkedOutsideTheRepositoryIsNeverEdited() throws {
        let layout = try Layout()
        defer { layout.remove() }
        let manifest = Self.manifest(tools: "6.0", app: "")
        try layout.write("outside/Package.swift", manifest)
        try FileManager.default.createSymbolicLink(atPath: layout.repo + "/Package.swift", withDestinationPath: "../outside/Package.swift")
        let run = try layout.run(["check", "--fix"])
        #expect(run.status == 1)
        #expect(run.standardError.contains("Package.swift is outside the repository (reached through a symbolic link)"), "\(run.standardError)")
        #expect(layout.read("outside/Package.swift") == manifest)
    }

    /// A layer violation has no mechanical fix: `--fix` removes the unused dependency, then
    /// reports the violation as check does, in the chosen format, and exits 1; the diff stays
    /// off the JSON.
    @Test func errorsLeftAreReportedAndFailTheRun() throws {
        let layout = try Layout()
        defer { layout.remove() }
        try FileManager.default.createDirectory(atPath: layout.repo + "/Sources/D", withIntermediateDirectories: true)
        try layout.write("repo/Sources/D/D.swift", "public let d = 1\n")
        try layout.write("repo/Sources/App/A.swift", "import B\nimport C\n")
        try layout.write("repo/Package.swift", """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "P", targets: [
                .target(name: "App", dependencies: ["B", "C", "D"]),
                .target(name: "B"),
                .target(name: "C"),
                .target(name: "D"),
            ])

            """)
        try layout.write("repo/bulkhead.json", """
            { "layers": [
                { "name": "Features", "targets": ["App"], "mayUse": ["Kernel"] },
                { "name": "Kernel", "targets": ["B", "D"], "mayUse": [] },
                { "name": "Infrastructure", "targets": ["C"], "mayUse": [] },
            ] }

            """)
        let dryRun = try layout.run(["check", "--fix", "--dry-run", "--format", "json"])
        #expect(dryRun.status == 1)
        let report = try JSONSerialization.jsonObject(with: Data(dryRun.standardOutput.utf8)) as? [String: Any]
        let rules = (report?["findings"] as? [[String: Any]])?.compactMap { $0["rule"] as? String }
        #expect(rules?.contains("layer-dependency") == true, "the layer violation stays: \(dryRun.standardOutput)")
        #expect(rules?.contains("unused-dependency") == false, "the unused D is removed by the fix: \(dryRun.standardOutput)")
        #expect(dryRun.standardError.contains("--- a/Package.swift"), "the diff goes to standard error beside JSON")

        let fixed = try layout.run(["check", "--fix"])
        #expect(fixed.status == 1)
        #expect(fixed.standardOutput.contains("layer-dependency"), "\(fixed.standardOutput)")
        let after = try layout.run(["check", "--format", "json"])
        #expect(after.status == 1)
        #expect(after.standardOutput == dryRun.standardOutput, "what --dry-run said would be left is what check finds after the fix")
    }
}

/// Issue 49: a dependency declared `.package(name: "Named", path: "../folder-name")` is known to
/// SwiftPM only as "Named" in `.product(package:)`; the product `--fix` adds must say so, or the
/// manifest it leaves no longer loads.
@Suite(.tags(.large)) struct FixNamedPackageEndToEndTests {
    @Test func theAddedProductNamesThePackageAsItsDeclarationDoes() throws {
        let repo = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-fix-named-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: repo) }
        let files = [
            "bulkhead.json": "{}\n",
            "app/Package.swift": """
                // swift-tools-version: 5.9
                import PackageDescription
                let package = Package(name: "App", dependencies: [.package(name: "Named", path: "../folder-name")], targets: [
                    .target(name: "App"),
                ])

                """,
            "app/Sources/App/A.swift": "import Lib\n",
            "folder-name/Package.swift": """
                // swift-tools-version: 5.9
                import PackageDescription
                let package = Package(name: "Named", products: [.library(name: "LibProduct", targets: ["Lib"])], targets: [.target(name: "Lib")])

                """,
            "folder-name/Sources/Lib/L.swift": "public let l = 1\n",
        ]
        for (path, text) in files {
            let full = repo + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        #expect(try BulkheadBinary.run(["check"], in: repo).status == 1)

        let fixed = try BulkheadBinary.run(["check", "--fix"], in: repo)
        #expect(fixed.status == 0, "\(fixed.standardOutput)\(fixed.standardError)")
        #expect(fixed.standardOutput.contains(".product(name: \"LibProduct\", package: \"Named\")"), "\(fixed.standardOutput)")
        let dumped = try ProcessRunner.run(["swift", "package", "dump-package"], in: repo + "/app")
        #expect(dumped.status == 0, "the fixed manifest loads: \(dumped.standardErrorText)")
        let after = try BulkheadBinary.run(["check"], in: repo)
        #expect(after.status == 0, "\(after.standardOutput)\(after.standardError)")
    }
}
