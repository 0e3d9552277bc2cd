import Foundation
import PackageLoading
import Processes
import TestSupport
import Testing

/// The repository's `.pre-commit-hooks.yaml` run by the real pre-commit (`pip install pre-commit`):
/// its manifest validates, and `pre-commit try-repo` with the `bulkhead-system` hook (the tested
/// binary on PATH) blocks a commit holding a violation and lets the fixed one through. The
/// `bulkhead` hook differs only in `language: swift` (pre-commit builds Bulkhead in release first),
/// which the manifest validation covers; building Bulkhead again here would take minutes.
///
/// pre-commit is a consumer like Graphviz: skipped with the reason where it is missing, a failure
/// under BULKHEAD_REQUIRE_CONSUMERS=1 (CI installs it).
@Suite(.tags(.large), .enabled(Comment(rawValue: PreCommit.skipReason)) { try PreCommit.shouldRun() })
struct PreCommitEndToEndTests {
    /// A git repository holding a package whose App imports B without declaring it.
    struct Repository {
        let root: String
        let home: String

        init() throws {
            let base = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-precommit-\(UUID().uuidString)").path
            root = base + "/repository"
            home = base + "/pre-commit-home"
            for folder in ["Sources/App", "Sources/B"] {
                try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
            }
            try write("Package.swift", Self.manifest(appDependencies: ""))
            try write("Sources/App/A.swift", "import B\n")
            try write("Sources/B/B.swift", "public let b = 1\n")
            try write("bulkhead.json", "{}\n")
            _ = try run(["git", "init", "--quiet"])
            _ = try run(["git", "add", "--all"])
        }

        static func manifest(appDependencies: String) -> String {
            "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"App\"\(appDependencies)), .target(name: \"B\")])\n"
        }

        func write(_ relative: String, _ text: String) throws {
            try text.write(toFile: root + "/" + relative, atomically: false, encoding: .utf8)
        }

        func remove() { try? FileManager.default.removeItem(atPath: (root as NSString).deletingLastPathComponent) }

        /// `command` in the repository, with the tested bulkhead first on PATH and pre-commit's
        /// cache in this test's folder.
        func run(_ command: [String]) throws -> ProcessRunner.Output {
            var environment = TestCache.isolated(ProcessInfo.processInfo.environment)
            let binaryFolder = (try BulkheadBinary.path.get() as NSString).deletingLastPathComponent
            environment["PATH"] = binaryFolder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            environment["PRE_COMMIT_HOME"] = home
            environment["GIT_CONFIG_NOSYSTEM"] = "1"
            return try ProcessRunner.run(command, in: root, environment: environment, timeout: .seconds(300))
        }

        func tryHook() throws -> (status: Int32, said: String) {
            let output = try run(["pre-commit", "try-repo", BulkheadBinary.repositoryRoot, "bulkhead-system", "--all-files"])
            return (output.status, String(decoding: output.standardOutput, as: UTF8.self) + output.standardErrorText)
        }
    }

    @Test func theHookManifestValidates() throws {
        let repository = try Repository()
        defer { repository.remove() }
        let output = try repository.run(["pre-commit", "validate-manifest", BulkheadBinary.repositoryRoot + "/.pre-commit-hooks.yaml"])
        #expect(output.status == 0, "\(String(decoding: output.standardOutput, as: UTF8.self)) \(output.standardErrorText)")
    }

    @Test func theHookBlocksAViolationAndPassesTheFix() throws {
        let repository = try Repository()
        defer { repository.remove() }
        let blocked = try repository.tryHook()
        #expect(blocked.status == 1, "\(blocked.said)")
        #expect(blocked.said.contains("Sources/App/A.swift:1:8: error:"), "\(blocked.said)")

        try repository.write("Package.swift", Repository.manifest(appDependencies: ", dependencies: [\"B\"]"))
        _ = try repository.run(["git", "add", "--all"])
        let passed = try repository.tryHook()
        #expect(passed.status == 0, "\(passed.said)")
        #expect(passed.said.contains("Passed"), "\(passed.said)")
    }
}

/// Whether pre-commit is here, as `Consumer` answers for the other consumers.
enum PreCommit {
    static let skipReason = "needs pre-commit on PATH, missing here (install: python3 -m pip install pre-commit); \(Consumer.requiredVariable)=1 fails instead"

    struct Missing: Error, CustomStringConvertible {
        var description: String { "\(Consumer.requiredVariable)=1 but pre-commit is missing; python3 -m pip install pre-commit" }
    }

    static func shouldRun() throws -> Bool {
        if Consumer.executable(named: "pre-commit") != nil { return true }
        if Consumer.areRequired { throw Missing() }
        return false
    }
}
