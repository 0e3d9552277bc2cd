import Foundation
import Inputs
import TestSupport
import Testing

/// The release path a user takes: `Scripts/release` bundles the binary these tests run into
/// `bulkhead.artifactbundle`, a consumer package (Tests/Fixtures/BuildPluginConsumer) uses it
/// through `.binaryTarget(path:)` with the repository's build-tool plugin, and `swift build` of
/// that package passes while the architecture is clean and fails on a violation. SwiftPM itself
/// validates the bundle (info.json, the variant for this triple) when it builds the consumer.
///
/// It builds a package twice, so it is the slowest test here (about a minute); it needs only the
/// toolchain, which every run of `swift test` has, so it never skips.
@Suite(.tags(.large), .serialized) struct BuildPluginEndToEndTests {
    /// A copy of the consumer with the bundle and the plugin's source put in.
    struct Consumer {
        let root: String
        let scratch: String

        init() throws {
            root = try Fixtures.copy("BuildPluginConsumer")
            scratch = root + "-build"
            let plugin = root + "/Plugins/BulkheadBuildPlugin"
            try FileManager.default.createDirectory(atPath: plugin, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: RepositoryRoot.path("Plugins/BulkheadBuildPlugin/BulkheadBuildPlugin.swift"),
                                             toPath: plugin + "/BulkheadBuildPlugin.swift")
        }

        func remove() {
            try? FileManager.default.removeItem(atPath: (root as NSString).deletingLastPathComponent)
        }

        func edit(_ relative: String, replacing old: String, with new: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let path = root + "/" + relative
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.contains(old), "\(relative) no longer holds \(old)", sourceLocation: sourceLocation)
            try text.replacingOccurrences(of: old, with: new).write(toFile: path, atomically: true, encoding: .utf8)
        }

        func build() throws -> ProcessRunner.Output {
            try ProcessRunner.run(["swift", "build", "--package-path", root, "--scratch-path", scratch],
                                  environment: TestCache.isolated(ProcessInfo.processInfo.environment), timeout: .seconds(600))
        }
    }

    /// Runs `Scripts/release --executable <the tested binary>` into `folder`.
    static func bundle(into folder: String) throws -> ProcessRunner.Output {
        try ProcessRunner.run([RepositoryRoot.path("Scripts/release"), "--output", folder, "--executable", try BulkheadBinary.path.get()],
                              timeout: .seconds(120))
    }

    @Test func theReleaseScriptWritesABundleOfSchemaOneWithTheVersionAndTheHostVariant() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-bundle-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = try Self.bundle(into: folder)
        #expect(output.status == 0, "\(output.standardErrorText)")

        let info = try #require(FileManager.default.contents(atPath: folder + "/bulkhead.artifactbundle/info.json"))
        let document = try #require(try JSONSerialization.jsonObject(with: info) as? [String: Any])
        #expect(document["schemaVersion"] as? String == "1.0")
        let artifact = try #require((document["artifacts"] as? [String: Any])?["bulkhead"] as? [String: Any])
        #expect(artifact["type"] as? String == "executable")
        let version = try BulkheadBinary.run(["--version"]).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(artifact["version"] as? String == version)
        let variants = try #require(artifact["variants"] as? [[String: Any]])
        #expect(variants.count == 1)
        let path = try #require(variants.first?["path"] as? String)
        let copied = folder + "/bulkhead.artifactbundle/" + path
        #expect(FileManager.default.isExecutableFile(atPath: copied))
        let triples = variants.first?["supportedTriples"] as? [String] ?? []
        #expect(triples.count == 1 && triples.allSatisfy { $0.contains("-") }, "\(triples)")

        // The bundled binary is the tested one: it runs and answers.
        let answer = try ProcessRunner.run([copied, "--version"])
        #expect(String(decoding: answer.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == version)
        if FileManager.default.fileExists(atPath: folder + "/bulkhead.artifactbundle.zip") {
            let checksum = try String(contentsOfFile: folder + "/bulkhead.artifactbundle.zip.sha256", encoding: .utf8)
            #expect(checksum.trimmingCharacters(in: .whitespacesAndNewlines).count == 64)
        }
    }

    @Test func swiftBuildOfAConsumerPassesWhenCleanAndFailsOnAViolation() throws {
        let consumer = try Consumer()
        defer { consumer.remove() }
        #expect(try Self.bundle(into: consumer.root).status == 0)

        let clean = try consumer.build()
        #expect(clean.status == 0, "a clean consumer failed to build: \(String(decoding: clean.standardOutput, as: UTF8.self)) \(clean.standardErrorText)")

        // Feature (a feature) takes infrastructure: declared and imported, so it compiles, and
        // only Bulkhead stands in the way.
        try consumer.edit("Package.swift", replacing: #".target(name: "Feature", dependencies: ["Kernel"]"#,
                          with: #".target(name: "Feature", dependencies: ["Kernel", "Networking"]"#)
        try consumer.edit("Sources/Feature/Screen.swift", replacing: "import Kernel\n", with: "import Kernel\nimport Networking\n")
        let violating = try consumer.build()
        let said = String(decoding: violating.standardOutput, as: UTF8.self) + violating.standardErrorText
        #expect(violating.status != 0, "the build passed with a violation: \(said)")
        #expect(said.contains("[layer-dependency]"), "\(said)")
        #expect(said.contains("Feature (Features) depends on Networking (Infrastructure)"), "\(said)")

        // Putting it back makes the build pass again: the check runs on every build.
        try consumer.edit("Package.swift", replacing: #"dependencies: ["Kernel", "Networking"]"#, with: #"dependencies: ["Kernel"]"#)
        try consumer.edit("Sources/Feature/Screen.swift", replacing: "import Networking\n", with: "")
        let fixed = try consumer.build()
        #expect(fixed.status == 0, "\(String(decoding: fixed.standardOutput, as: UTF8.self)) \(fixed.standardErrorText)")
    }
}
