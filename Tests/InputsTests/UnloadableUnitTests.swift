import Foundation
import ModuleGraph
import Synchronization
import TestSupport
import Testing
@testable import PackageLoading
@testable import Caches
@testable import FileAccess

/// Counts the questions another describer answers, so a test sees which the cache spared.
final class CountingDescriber: PackageDescriber, @unchecked Sendable {
    let answering: any PackageDescriber
    private let asked = Mutex<[String]>([])

    init(_ answering: any PackageDescriber) { self.answering = answering }

    /// `dump-package Future`, … in the order asked, folders by their last component.
    var questions: [String] { asked.withLock { $0 } }

    func describe(packageAt folder: String) throws(InputError) -> Data {
        asked.withLock { $0.append("describe \((folder as NSString).lastPathComponent)") }
        return try answering.describe(packageAt: folder)
    }

    func dumpPackage(packageAt folder: String) throws(InputError) -> Data {
        asked.withLock { $0.append("dump-package \((folder as NSString).lastPathComponent)") }
        return try answering.dumpPackage(packageAt: folder)
    }

    func toolchainIdentity() -> String { "counted \(answering.toolchainIdentity())" }
}

/// A package below the root that cannot load (`Tests/Fixtures/PartlyLoadable`: Future declares
/// tools version 999.0, Broken's manifest does not compile, App loads and depends on Broken) is
/// an `UnloadableUnit`, and the rest of the repository loads.
@Suite(.tags(.medium)) struct UnloadableUnitTests {
    static let fixture = Fixtures.path("PartlyLoadable")

    static func recorded(root: String = fixture) -> RecordedPackageDescriber {
        RecordedPackageDescriber(root: root, recordings: fixture + "/" + ToolchainRecording.folderName)
    }

    @Test func aPackageThatCannotLoadIsReportedAndTheRestLoads() throws {
        let loaded = try PackageGraphLoader(describer: Self.recorded()).load(at: Self.fixture)
        #expect(loaded.graph.packages.filter(\.isLocal).map(\.localPath) == ["App"])
        #expect(loaded.graph.targets.map(\.name) == ["AppCore", "AppFeature"])
        #expect(loaded.unloadable.map(\.declarationPath) == ["Broken/Package.swift", "Future/Package.swift"])
        let broken = try #require(loaded.unloadable.first)
        #expect(broken.folder == "Broken")
        #expect(broken.reason.hasPrefix("the manifest does not compile: Broken/Package.swift:11:50: cannot convert value of type 'Int'"))
        // App depends on it: excluding the folder would not stop it loading, so that is not offered.
        #expect(broken.remedy == "fix the manifest; until it loads, the products other packages use from it stay unresolved")
        let future = try #require(loaded.unloadable.last)
        #expect(future.reason.hasPrefix("package 'future' is using Swift tools version 999.0.0 but the installed version is "))
        #expect(future.remedy.hasPrefix("it needs Swift tools version 999.0.0 and this toolchain is "))
        #expect(future.remedy.hasSuffix(": run Bulkhead with a newer toolchain (--swift-executable), lower its swift-tools-version, or leave it out with workspace.exclude: [\"Future\"] in bulkhead.json"))
        // The dependency on the package that did not load is left unresolved, not dropped.
        let feature = try #require(loaded.graph.targets.first { $0.name == "AppFeature" })
        let edges = loaded.graph.dependencies(of: feature.id)
        #expect(edges.map(\.node) == [.external(package: "broken", product: "BrokenKit")])
        #expect(edges.allSatisfy { $0.isGuess })
    }

    @Test func thePackageTheRunIsPointedAtStillEndsTheRun() {
        #expect(throws: InputError.self) {
            try PackageGraphLoader(describer: Self.recorded()).load(root: Self.fixture, narrowedTo: Self.fixture + "/Future", rules: .defaults)
        }
        // App named, Broken its dependency: App loads, Broken is a finding.
        let app = Result { () throws(InputError) in
            try PackageGraphLoader(describer: Self.recorded()).load(root: Self.fixture, narrowedTo: Self.fixture + "/App", rules: .defaults)
        }
        #expect((try? app.get())?.unloadable.map(\.folder) == ["Broken"])
    }

    @Test func anUnchangedBrokenPackageCostsNoToolchainCallOnTheNextRun() throws {
        let copy = try Fixtures.copy("PartlyLoadable")
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        let cache = GraphCache(cacheFolder: (copy as NSString).deletingLastPathComponent + "/cache", environment: [:])
        let describer = CountingDescriber(Self.recorded(root: copy))
        let loader = PackageGraphLoader(describer: describer, width: 2, cache: cache)

        let cold = try loader.load(at: copy)
        #expect(describer.questions.sorted() == ["dump-package App", "dump-package Broken", "dump-package Future"])
        let warm = try loader.load(at: copy)
        #expect(describer.questions.count == 3, "asked again: \(describer.questions.dropFirst(3))")
        #expect(warm.toolchainCalls == 0 && warm.toolchainCallsSkipped == 3)
        #expect(warm.unloadable == cold.unloadable)

        // A changed manifest is asked again; the others still are not.
        let manifest = copy + "/Future/Package.swift"
        try (String(contentsOfFile: manifest, encoding: .utf8) + "// changed\n").write(toFile: manifest, atomically: true, encoding: .utf8)
        _ = try loader.load(at: copy)
        #expect(Array(describer.questions.dropFirst(3)) == ["dump-package Future"])

        // Pointed at the broken package, the run ends with the toolchain's whole error, not the
        // cached line: asked again.
        #expect(throws: InputError.self) { try loader.load(root: copy, narrowedTo: copy + "/Broken", rules: .defaults) }
        #expect(describer.questions.last == "dump-package Broken")
        do {
            _ = try loader.load(root: copy, narrowedTo: copy + "/Broken", rules: .defaults)
        } catch {
            guard case .manifestDoesNotCompile = error else { Issue.record("expected the compiler's error, got \(error)"); return }
        }
    }

    /// `dump-package` answers for both packages; `describe` (asked because Cyclic's target folder
    /// is missing) refuses Cyclic as SwiftPM refuses a dependency cycle.
    struct DescribeRefusing: PackageDescriber {
        func dumpPackage(packageAt folder: String) throws(InputError) -> Data {
            let name = (folder as NSString).lastPathComponent
            return Data(#"{"name": "\#(name)", "products": [], "dependencies": [], "targets": [{"name": "\#(name)Kit", "type": "regular", "path": "Sources/\#(name)Kit"}]}"#.utf8)
        }

        func describe(packageAt folder: String) throws(InputError) -> Data {
            throw .commandFailed(command: ["swift", "package", "describe"], status: 1,
                                 standardError: "warning: unrelated\nerror: cyclic dependency declaration found: A -> B -> A\n")
        }
    }

    @Test func aPackageDescribeRefusesBelowTheRootIsAFindingAndEndsTheRunWhenNamed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-describe-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for package in ["Cyclic", "Good"] {
            try FileManager.default.createDirectory(atPath: "\(folder)/\(package)", withIntermediateDirectories: true)
            try "// swift-tools-version: 5.9\n".write(toFile: "\(folder)/\(package)/Package.swift", atomically: true, encoding: .utf8)
        }
        try FileManager.default.createDirectory(atPath: folder + "/Good/Sources/GoodKit", withIntermediateDirectories: true)
        try "let x = 1\n".write(toFile: folder + "/Good/Sources/GoodKit/X.swift", atomically: true, encoding: .utf8)

        let loaded = try PackageGraphLoader(describer: DescribeRefusing()).load(at: folder)
        #expect(loaded.graph.targets.map(\.name) == ["GoodKit"])
        #expect(loaded.unloadable == [UnloadableUnit(
            declarationPath: "Cyclic/Package.swift", folder: "Cyclic", reason: "cyclic dependency declaration found: A -> B -> A",
            remedy: "fix the package so that SwiftPM accepts it, or leave it out with workspace.exclude: [\"Cyclic\"] in bulkhead.json")])
        #expect(throws: InputError.self) {
            try PackageGraphLoader(describer: DescribeRefusing()).load(root: folder, narrowedTo: folder + "/Cyclic", rules: .defaults)
        }
    }

    @Test func aProjectFileThatDoesNotReadIsAFindingNotTheEndOfTheLoad() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-unloadable-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/Broken.xcodeproj", withIntermediateDirectories: true)
        try "{ this is not a property list".write(toFile: folder + "/Broken.xcodeproj/project.pbxproj", atomically: true, encoding: .utf8)
        let loaded = try PackageGraphLoader(describer: Self.recorded()).load(at: folder)
        #expect(loaded.graph.targets.isEmpty)
        let unit = try #require(loaded.unloadable.first)
        #expect(loaded.unloadable.count == 1)
        #expect(unit.declarationPath == "Broken.xcodeproj/project.pbxproj")
        #expect(unit.remedy.hasSuffix("or leave it out with workspace.exclude: [\"Broken.xcodeproj\"] in bulkhead.json"))
    }

    @Test(arguments: [
        ("error: 'future': package 'future' is using Swift tools version 999.0.0 but the installed version is 6.3.1\nerror: invalid manifests at [<AbsolutePath:\"/r/Future\">]\n",
         "package 'future' is using Swift tools version 999.0.0 but the installed version is 6.3.1"),
        ("warning: something first\nerror: 'b': unknown package 'X' in dependencies of target 'T'\n", "unknown package 'X' in dependencies of target 'T'"),
    ])
    func aRefusalIsTheToolchainsErrorInOneLine(_ standardError: String, _ reason: String) {
        #expect(PackageRefusal.reason(of: .commandFailed(command: ["swift"], status: 1, standardError: standardError)) == reason)
    }

    @Test func theToolsFailuresAreNotRefusals() {
        #expect(PackageRefusal.reason(of: .timedOut(command: ["swift"], seconds: 1)) == nil)
        #expect(PackageRefusal.reason(of: .commandKilled(command: ["swift"], signal: 9, standardError: "")) == nil)
        #expect(PackageRefusal.reason(of: .executableNotFound(name: "swift", searchPath: "")) == nil)
        let compiled = PackageRefusal.reason(of: .manifestDoesNotCompile(manifest: "/r/P/Package.swift", compilerOutput: [
            "/r/P/Package.swift:3:5: error: one", " 3 | x", "   |  `- error: one", "/r/P/Package.swift:4:5: error: two",
        ]))
        #expect(compiled == "the manifest does not compile: /r/P/Package.swift:3:5: one (and 1 more error)")
    }

    @Test func aRefusalIsStoredAndReadBackAsOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-refusal-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/P", withIntermediateDirectories: true)
        try "// swift-tools-version: 999.0\nimport PackageDescription\n".write(toFile: folder + "/P/Package.swift", atomically: true, encoding: .utf8)
        let cache = GraphCache(cacheFolder: folder + "/cache", environment: [:])
        let key = try #require(cache.key("dump-package", packageAt: folder + "/P", toolchain: "t"))
        cache.storeRefusal("too new", for: key)
        #expect(cache.answer(for: key) == .refusal("too new"))
        cache.store(Data("{}".utf8), for: key)
        #expect(cache.answer(for: key) == .answer(Data("{}".utf8)))
    }
}
