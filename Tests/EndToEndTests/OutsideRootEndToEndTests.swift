import FileAccess
import Foundation
import PackageLoading
import TestSupport
import Testing

/// Issue 24 through the built binary: a project whose synchronized folder is an absolute path
/// outside the repository. Before, `baseline` copied the outside file's line — an API key —
/// into bulkhead-baseline.json, and `imports`, `check` and `report` scanned it.
@Suite(.tags(.large)) struct OutsideRootEndToEndTests {
    static let secretLine = #"let apiKey = "sk-live-0000""#

    /// A temporary root (bulkhead.json forbidding `apiKey`, one project) beside a temporary
    /// outside folder the project's synchronized folder names by its absolute path.
    struct Scene {
        let base = FileSystem.realPath(FileManager.default.temporaryDirectory.path) + "/bulkhead-outside-e2e-\(UUID().uuidString)"
        var root: String { base + "/root" }
        var outside: String { base + "/outside" }

        init(include: [String] = []) throws {
            try write("outside/Secret.swift", "import Leaked\n\(OutsideRootEndToEndTests.secretLine)\n")
            let includes = include.map { "\"\($0)\"" }.joined(separator: ", ")
            try write("root/bulkhead.json", """
                { "source": { "forbiddenIdentifiers": [{ "identifiers": ["apiKey"], "message": "keys belong in the keychain" }] },
                  "workspace": { "include": [\(includes)] } }
                """)
            try write("root/App/Main.swift", "import Foundation\n")
            try write("root/App.xcodeproj/project.pbxproj", """
                // !$*UTF8*$!
                { archiveVersion = 1; objectVersion = 77; objects = {
                  P = { isa = PBXProject; mainGroup = M; targets = (T); };
                  M = { isa = PBXGroup; children = (A, O); sourceTree = "<group>"; };
                  A = { isa = PBXFileSystemSynchronizedRootGroup; path = App; sourceTree = "<group>"; };
                  O = { isa = PBXFileSystemSynchronizedRootGroup; path = \(outside); sourceTree = "<absolute>"; };
                  S = { isa = PBXSourcesBuildPhase; files = (); };
                  T = { isa = PBXNativeTarget; name = App; buildPhases = (S); fileSystemSynchronizedGroups = (A, O); productType = "com.apple.product-type.application"; };
                }; rootObject = P; }
                """)
        }

        func write(_ path: String, _ text: String) throws {
            let full = base + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }

        func remove() { try? FileManager.default.removeItem(atPath: base) }
    }

    @Test func baselineCheckImportsAndReportDoNotReadTheOutsideFolder() throws {
        let scene = try Scene()
        defer { scene.remove() }
        let warning = "App.xcodeproj/project.pbxproj: outside-root: synchronized folder 'outside' (path = \(scene.outside), sourceTree = <absolute>) is \(scene.outside), outside the root; it is not read (name '../outside' in workspace.include in bulkhead.json to read it on purpose)"

        let baseline = try BulkheadBinary.run(["baseline"], in: scene.root)
        #expect(baseline.status == 0, "\(baseline.standardError)")
        #expect(baseline.standardError.contains(warning), "\(baseline.standardError)")
        let written = try String(contentsOfFile: scene.root + "/bulkhead-baseline.json", encoding: .utf8)
        #expect(!written.contains("sk-live"), "\(written)")

        let check = try BulkheadBinary.run(["check", "--format", "json"], in: scene.root)
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        #expect(!check.standardOutput.contains("apiKey") && !check.standardOutput.contains("Secret.swift"), "\(check.standardOutput)")

        let imports = try BulkheadBinary.run(["imports"], in: scene.root)
        #expect(imports.status == 0, "\(imports.standardError)")
        #expect(!imports.standardOutput.contains("Leaked"), "\(imports.standardOutput)")
        #expect(imports.standardOutput.contains("Foundation"), "\(imports.standardOutput)")

        let report = try BulkheadBinary.run(["report"], in: scene.root)
        #expect(report.status == 0, "\(report.standardError)")
        #expect(!report.standardOutput.contains("sk-live") && !report.standardOutput.contains("Secret.swift"))
    }

    /// Named in workspace.include, the folder is read on purpose, and its line is found.
    @Test func workspaceIncludeReadsTheOutsideFolder() throws {
        let scene = try Scene(include: ["../outside"])
        defer { scene.remove() }
        let check = try BulkheadBinary.run(["check"], in: scene.root)
        #expect(check.status == 1, "\(check.standardOutput)\(check.standardError)")
        #expect(check.standardOutput.contains("../outside/Secret.swift:2"), "\(check.standardOutput)")
        #expect(!check.standardError.contains("outside-root"), "\(check.standardError)")
    }
}
