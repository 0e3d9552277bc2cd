import Foundation
import PackageLoading
import Processes
import TestSupport
import Testing

/// The release path a user takes: `Scripts/release` bundles the binary these tests run into
/// `bulkhead.artifactbundle`, a consumer package (Tests/Fixtures/BuildPluginConsumer) uses it
/// through `.binaryTarget(path:)` with the repository's build-tool plugin, and `swift build` of
/// that package passes while the architecture is clean and fails on a violation. SwiftPM itself
/// validates the bundle (info.json, the variant for this triple) when it builds the consumer.
///
/// The same consumer with `bulkhead` as an executable target of its own (a stand-in that runs the
/// tested binary) takes the plugin's other path, a build command for a tool built from source.
///
/// Each test builds a package three times, so these are the slowest tests here (about a minute
/// each); they need only the toolchain, which every run of `swift test` has, so they never skip.
@Suite(.tags(.large)) struct BuildPluginEndToEndTests {
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

        /// Replaces the binary target with an executable target `bulkhead` that runs the tested
        /// binary with its arguments, as if Bulkhead were built from source in the package.
        func useToolBuiltFromSource() throws {
            try edit("Package.swift", replacing: #".binaryTarget(name: "BulkheadBinary", path: "bulkhead.artifactbundle")"#,
                     with: #".executableTarget(name: "bulkhead")"#)
            try edit("Package.swift", replacing: #"dependencies: ["BulkheadBinary"]"#, with: #"dependencies: ["bulkhead"]"#)
            try edit("bulkhead.json", replacing: #""BulkheadBinary""#, with: #""bulkhead""#)
            try FileManager.default.createDirectory(atPath: root + "/Sources/bulkhead", withIntermediateDirectories: true)
            let binary = try BulkheadBinary.path.get()
            let standIn = """
                import Foundation
                let process = Process()
                process.executableURL = URL(fileURLWithPath: \(String(reflecting: binary)))
                process.arguments = Array(CommandLine.arguments.dropFirst())
                try process.run()
                process.waitUntilExit()
                exit(process.terminationStatus)

                """
            try standIn.write(toFile: root + "/Sources/bulkhead/main.swift", atomically: true, encoding: .utf8)
        }

        /// Builds clean, with Feature taking infrastructure (declared and imported, so it
        /// compiles and only Bulkhead stands in the way), and clean again.
        func buildCleanViolatingAndFixed() throws {
            let clean = try build()
            #expect(clean.status == 0, "a clean consumer failed to build: \(clean.said)")

            try edit("Package.swift", replacing: #".target(name: "Feature", dependencies: ["Kernel"]"#,
                     with: #".target(name: "Feature", dependencies: ["Kernel", "Networking"]"#)
            try edit("Sources/Feature/Screen.swift", replacing: "import Kernel\n", with: "import Kernel\nimport Networking\n")
            let violating = try build()
            #expect(violating.status != 0, "the build passed with a violation: \(violating.said)")
            #expect(violating.said.contains("[layer-dependency]"), "\(violating.said)")
            #expect(violating.said.contains("Feature (Features) depends on Networking (Infrastructure)"), "\(violating.said)")

            // Putting it back makes the build pass again: the check runs again after the change.
            try edit("Package.swift", replacing: #"dependencies: ["Kernel", "Networking"]"#, with: #"dependencies: ["Kernel"]"#)
            try edit("Sources/Feature/Screen.swift", replacing: "import Networking\n", with: "")
            let fixed = try build()
            #expect(fixed.status == 0, "\(fixed.said)")
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

        func build() throws -> (status: Int32, said: String) {
            let output = try ProcessRunner.run(["swift", "build", "--package-path", root, "--scratch-path", scratch],
                                               environment: TestCache.isolated(ProcessInfo.processInfo.environment), timeout: .seconds(600))
            return (output.status, String(decoding: output.standardOutput, as: UTF8.self) + output.standardErrorText)
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

    @Test func withTheBundlesBinaryAPrebuildCommandFailsTheBuildOnAViolation() throws {
        let consumer = try Consumer()
        defer { consumer.remove() }
        #expect(try Self.bundle(into: consumer.root).status == 0)
        try consumer.buildCleanViolatingAndFixed()
    }

    @Test func builtFromSourceABuildCommandFailsTheBuildOnAViolation() throws {
        let consumer = try Consumer()
        defer { consumer.remove() }
        try consumer.useToolBuiltFromSource()
        try consumer.buildCleanViolatingAndFixed()
    }
}
