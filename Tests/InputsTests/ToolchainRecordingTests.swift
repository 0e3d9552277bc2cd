import Foundation
import TestSupport
import Testing
@testable import PackageLoading
@testable import FileAccess
import ModuleGraph

/// The recordings of `swift package describe` and `dump-package` beside the fixtures, which the
/// graph tests load from instead of launching `swift`: (re)recorded with `RECORD_TOOLCHAIN=1`,
/// and checked against the real toolchain on every run so they cannot drift.
@Suite(.tags(.medium)) struct ToolchainRecordingTests {
    /// Every top-level fixture folder that holds a package.
    static let scenarios: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.root)) ?? []
        return names.filter { !$0.hasPrefix(".") && !PackageDiscovery.packageFolders(under: Fixtures.path($0)).isEmpty }.sorted()
    }()

    static var isRecording: Bool { ProcessInfo.processInfo.environment["RECORD_TOOLCHAIN"] == "1" }

    /// Loads the whole fixture through the real toolchain (recording its answers first when asked)
    /// and through the recordings: the same graph, warnings, dumps and number of calls, or the
    /// recordings are stale.
    @Test(arguments: scenarios)
    func theRecordingsAnswerAsTheToolchainDoes(_ scenario: String) throws {
        let root = Fixtures.path(scenario)
        let real: LoadedGraph
        if Self.isRecording {
            try? FileManager.default.removeItem(atPath: root + "/" + ToolchainRecording.folderName)
            real = try PackageGraphLoader(describer: RecordingPackageDescriber(root: root)).load(at: root)
        } else {
            real = try PackageGraphLoader().load(at: root)
        }
        let recorded = try PackageGraphLoader(describer: RecordedPackageDescriber(root: root)).load(at: root)
        #expect(recorded.graph.packages == real.graph.packages)
        #expect(recorded.graph.targets == real.graph.targets)
        #expect(recorded.graph.externalProducts == real.graph.externalProducts)
        #expect(recorded.warnings == real.warnings)
        #expect(recorded.unloadable == real.unloadable)
        #expect(Self.comparable(recorded.manifestDumps) == Self.comparable(real.manifestDumps))
        #expect(recorded.toolchainCalls == real.toolchainCalls)
    }

    /// The dumps as JSON with their unordered lists sorted: `dump-package` prints a package's
    /// traits (and the traits each enables, or each dependency asks for) in an order that
    /// changes from run to run.
    static func comparable(_ dumps: [String: Data]) -> [String: String] {
        func text(_ value: Any) -> String {
            guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]) else { return "" }
            return String(decoding: data, as: UTF8.self)
        }
        func sorted(_ value: Any, key: String?) -> Any {
            if let object = value as? [String: Any] {
                return object.reduce(into: [String: Any]()) { $0[$1.key] = sorted($1.value, key: $1.key) }
            }
            if let array = value as? [Any] {
                let items = array.map { sorted($0, key: nil) }
                guard key == "traits" || key == "enabledTraits" else { return items }
                return items.sorted { text($0) < text($1) }
            }
            return value
        }
        return dumps.mapValues { data in
            guard let json = try? JSONSerialization.jsonObject(with: data) else { return "not JSON" }
            return text(sorted(json, key: nil))
        }
    }

    @Test func theScenariosAreTheFixturesThatHoldPackages() {
        #expect(Self.scenarios == ["AffectedApp", "BuildPluginConsumer", "CompileFlags", "DynamicProducts", "FixableManifest", "InitPackageStack", "LinkedImages", "LinkedProjects", "LocalPackages", "ManifestRules", "MissingBinary", "PartlyLoadable", "PlatformConditions", "RedundantDependency", "RemoteCheckout", "RenamedBinaryModule", "RootPackage", "ScannerTraps", "TravelApp", "TravelAppProject", "XcodeCheckouts"])
    }

    @Test(arguments: scenarios)
    func recordingsHoldNoPathOfTheMachineTheyWereMadeOn(_ scenario: String) throws {
        let recordings = Fixtures.path(scenario) + "/" + ToolchainRecording.folderName
        let files = try FileManager.default.subpathsOfDirectory(atPath: recordings).filter { $0.hasSuffix(".json") }
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOfFile: recordings + "/" + file, encoding: .utf8)
            #expect(!text.contains(Fixtures.root), "\(file) holds an absolute path")
        }
    }
}

/// The recorded describer's own behaviour.
@Suite(.tags(.medium)) struct RecordedPackageDescriberTests {
    @Test func aCopyOfAFixtureLoadsFromTheOriginalsRecordingsWithItsOwnPaths() throws {
        let copy = try Fixtures.copy("LocalPackages")
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        let describer = RecordedPackageDescriber(root: copy, recordings: Fixtures.path("LocalPackages/" + ToolchainRecording.folderName))
        // The neighbours are outside App's folder: read because workspace.include would name them.
        let loaded = try PackageGraphLoader(describer: describer)
            .load(root: copy + "/App", narrowedTo: nil, rules: DiscoveryRules(includedOutside: { fromRoot, _ in fromRoot.hasPrefix("../") }))
        #expect(loaded.root == copy + "/App")
        #expect(loaded.graph.packages.map(\.localPath) == [".", "../Core", "../Features"])
        let description = try describer.describe(packageAt: copy + "/Core")
        #expect(String(decoding: description, as: UTF8.self).contains("\"path\" : \"\(copy)/Core\""))
    }

    @Test func aMissingRecordingNamesTheFileAndHowToRecordIt() throws {
        let root = Fixtures.path("LocalPackages")
        let describer = RecordedPackageDescriber(root: root)
        let expected = InputError.missingRecording(file: root + "/.toolchain/Nowhere/describe.json", howToRecord: ToolchainRecording.howToRecord)
        #expect(throws: expected) { try describer.describe(packageAt: root + "/Nowhere") }
        #expect(expected.message.hasPrefix("no recorded toolchain answer at '\(root)/.toolchain/Nowhere/describe.json'; record it with `RECORD_TOOLCHAIN=1 swift test --filter ToolchainRecordingTests`"))
    }

    @Test func aRecordedFailureIsThrownAsTheToolWouldThrowIt() throws {
        let root = Fixtures.path("MissingBinary")
        #expect(throws: InputError.commandFailed(
            command: ["swift", "package", "--package-path", root, "describe", "--type", "json"], status: 1,
            standardError: "error: \(root)/Binaries/PaymentSDK.xcframework does not contain binary artifact\n")) {
            try RecordedPackageDescriber(root: root).describe(packageAt: root)
        }
    }

    @Test func recordingWritesWhatTheReaderReadsBack() throws {
        let folder = try ProcessGroupTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let root = folder + "/Fixture \"quoted\""
        let answer = Data("{\"path\" : \"\(ToolchainRecording.jsonEscaped(root))/Pkg\"}".utf8)
        let recorder = RecordingPackageDescriber(recording: StubDescriber(answer: answer, failure: .manifestDoesNotCompile(manifest: root + "/Pkg/Package.swift", compilerOutput: ["\(root)/Pkg/Package.swift:3:1: error: nope"])), root: root)
        #expect(try recorder.describe(packageAt: root + "/Pkg") == answer)
        #expect(throws: InputError.self) { try recorder.dumpPackage(packageAt: root + "/Pkg") }
        let stored = try String(contentsOfFile: root + "/.toolchain/Pkg/describe.json", encoding: .utf8)
        #expect(stored == "{\"path\" : \"<fixture-root>/Pkg\"}")

        let moved = folder + "/Elsewhere"
        let reader = RecordedPackageDescriber(root: moved, recordings: root + "/.toolchain")
        #expect(try reader.describe(packageAt: moved + "/Pkg") == Data("{\"path\" : \"\(moved)/Pkg\"}".utf8))
        #expect(throws: InputError.manifestDoesNotCompile(manifest: moved + "/Pkg/Package.swift", compilerOutput: ["\(moved)/Pkg/Package.swift:3:1: error: nope"])) {
            try reader.dumpPackage(packageAt: moved + "/Pkg")
        }
    }
}

/// Answers `describe` with fixed bytes and fails `dump-package` with a fixed error.
private struct StubDescriber: PackageDescriber {
    var answer: Data
    var failure: InputError

    func describe(packageAt folder: String) throws(InputError) -> Data { answer }
    func dumpPackage(packageAt folder: String) throws(InputError) -> Data { throw failure }
}
