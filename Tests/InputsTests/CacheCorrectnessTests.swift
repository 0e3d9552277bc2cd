import Foundation
import ImportScanning
import ModuleGraph
import Synchronization
import TestSupport
import Testing
@testable import PackageLoading
@testable import Caches
@testable import FileAccess

/// A toolchain whose answer depends on exactly what the graph cache keys on — the manifest's
/// bytes, `Package.resolved`, the variable `FLAVOR`, its own version — and that counts the
/// questions it is asked, so a test sees both that an unchanged package is not asked and that a
/// changed one is answered anew.
final class FakeToolchain: PackageDescriber, @unchecked Sendable {
    private let state = Mutex<(version: String, environment: [String: String], calls: Int)>(("1.0", [:], 0))

    var version: String {
        get { state.withLock { $0.version } }
        set { state.withLock { $0.version = newValue } }
    }
    var environment: [String: String] {
        get { state.withLock { $0.environment } }
        set { state.withLock { $0.environment = newValue } }
    }
    var calls: Int { state.withLock { $0.calls } }

    func toolchainIdentity() -> String { "fake swift \(version)" }

    /// Target A as SwiftPM lists it: every file in `Sources/A`, sorted (what `describe` reads
    /// from the folder, and why its answer's key holds the folder's entries).
    func describe(packageAt folder: String) throws(InputError) -> Data {
        state.withLock { $0.calls += 1 }
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/Sources/A")) ?? []).sorted()
        let sources = files.map { "\"\($0)\"" }.joined(separator: ", ")
        let target = #"{"name": "A", "c99name": "A", "type": "library", "module_type": "SwiftTarget", "path": "Sources/A", "sources": [\#(sources)]}"#
        return Data(#"{"name": "P", "targets": [\#(target)], "products": []}"#.utf8)
    }

    /// One target named after the `// target: Name` lines of the manifest and the pins file's
    /// first line, the package named after FLAVOR and the toolchain's version.
    func dumpPackage(packageAt folder: String) throws(InputError) -> Data {
        let (version, environment) = state.withLock { state in
            state.calls += 1
            return (state.version, state.environment)
        }
        let manifest = (try? String(contentsOfFile: folder + "/Package.swift", encoding: .utf8)) ?? ""
        var targets = manifest.split(separator: "\n").filter { $0.hasPrefix("// target: ") }.map { String($0.dropFirst(11)) }
        if let pins = try? String(contentsOfFile: folder + "/Package.resolved", encoding: .utf8), let first = pins.split(separator: "\n").first {
            targets.append("Pinned\(first)")
        }
        let name = "P-\(environment["FLAVOR"] ?? "plain")-\(version)"
        // One target (one folder), named after everything that shaped it.
        let targetJSON = #"{"name": "\#(targets.joined(separator: "+"))", "type": "regular", "path": "Sources/A"}"#
        return Data(#"{"name": "\#(name)", "products": [], "dependencies": [], "targets": [\#(targetJSON)]}"#.utf8)
    }
}

@Suite(.tags(.medium)) struct CacheCorrectnessTests {
    /// A package folder and a cache folder, both temporary.
    struct Scenario {
        let folder: String
        let cache: String
        let toolchain = FakeToolchain()
        var environment = ["FLAVOR": "mild", "UNRELATED": "1"]

        init() throws {
            let base = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-cache-\(UUID().uuidString)").path
            folder = base + "/Package"
            cache = base + "/cache"
            try FileManager.default.createDirectory(atPath: folder + "/Sources/A", withIntermediateDirectories: true)
            try write("Package.swift", "// swift-tools-version: 6.0\n// target: A\nlet flavor = Context.environment[\"FLAVOR\"]\n")
            try write("Sources/A/a.swift", "import Foundation\n")
            toolchain.environment = environment
        }

        func write(_ path: String, _ text: String) throws {
            try text.write(toFile: folder + "/" + path, atomically: false, encoding: .utf8)
        }

        /// Loads with the cache; returns the package's name and targets, and the calls made.
        func load() throws -> (name: String, targets: [String], calls: Int, loaded: LoadedGraph) {
            let before = toolchain.calls
            let loader = PackageGraphLoader(describer: toolchain, width: 2, cache: GraphCache(cacheFolder: cache, environment: environment))
            let loaded = try loader.load(at: folder)
            return (loaded.graph.packages.first?.name ?? "", loaded.graph.targets.map(\.name).sorted(), toolchain.calls - before, loaded)
        }

        func cleanUp() { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }

        /// A scenario whose one source holds `text`, an hour old and settled (its change time a
        /// second old), loaded once; with the source's real path.
        static func settled(_ text: String) throws -> (scenario: Scenario, loaded: LoadedGraph, source: String) {
            let scenario = try Scenario()
            let source = scenario.folder + "/Sources/A/a.swift"
            try scenario.write("Sources/A/a.swift", text)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: source)
            let loaded = try scenario.load().loaded
            Thread.sleep(forTimeInterval: 1.1)
            return (scenario, loaded, FileSystem.realPath(source))
        }
    }

    @Test func everyKeyIngredientOfThePackageCacheChangesTheResult() throws {
        var scenario = try Scenario()
        defer { scenario.cleanUp() }
        let first = try scenario.load()
        #expect(first.calls == 1 && first.name == "P-mild-1.0" && first.targets == ["A"])
        let warm = try scenario.load()
        #expect(warm.calls == 0 && warm.loaded.toolchainCallsSkipped == 1 && warm.name == first.name && warm.targets == first.targets)

        // A manifest byte.
        try scenario.write("Package.swift", "// swift-tools-version: 6.0\n// target: B\nlet flavor = Context.environment[\"FLAVOR\"]\n")
        let manifest = try scenario.load()
        #expect(manifest.calls == 1 && manifest.targets == ["B"])

        // The resolved file.
        try scenario.write("Package.resolved", "1\n")
        let resolved = try scenario.load()
        #expect(resolved.calls == 1 && resolved.targets == ["B+Pinned1"])

        // A variable the manifest reads, and one it does not.
        scenario.environment["FLAVOR"] = "hot"
        scenario.toolchain.environment = scenario.environment
        let flavored = try scenario.load()
        #expect(flavored.calls == 1 && flavored.name == "P-hot-1.0")
        scenario.environment["UNRELATED"] = "2"
        #expect(try scenario.load().calls == 0)

        // The toolchain's version.
        scenario.toolchain.version = "2.0"
        let upgraded = try scenario.load()
        #expect(upgraded.calls == 1 && upgraded.name == "P-hot-2.0")
        #expect(try scenario.load().calls == 0)
    }

    @Test func aCorruptOrForeignEntryIsIgnoredAndRewritten() throws {
        let scenario = try Scenario()
        defer { scenario.cleanUp() }
        _ = try scenario.load()
        let entries = try FileManager.default.subpathsOfDirectory(atPath: scenario.cache + "/graph").filter { $0.hasPrefix("v\(GraphCache.formatVersion)/") }
        #expect(entries.count == 1)
        let whole = try String(decoding: Data(contentsOf: URL(fileURLWithPath: scenario.cache + "/graph/" + entries[0])), as: UTF8.self)
        // The graph stored from the answer would stand in for it (`LoadedGraphCacheTests`): gone,
        // so that the answer is read.
        func forgetStoredGraphs() throws {
            try? FileManager.default.removeItem(atPath: scenario.cache + "/graph/loaded-v\(LoadedGraphCache.formatVersion)")
        }
        for garbage in [#"{"format": "bulkhead-graph-cache", "version": 999}"#, "bulkhead-graph-cache\n\u{7F}", String(whole.dropLast(3))] {
            try garbage.write(toFile: scenario.cache + "/graph/" + entries[0], atomically: true, encoding: .utf8)
            try forgetStoredGraphs()
            let reloaded = try scenario.load()
            #expect(reloaded.calls == 1 && reloaded.name == "P-mild-1.0")
            #expect(try scenario.load().calls == 0)
        }
        // Damage inside an intact entry: the stored answer's first byte, its length unchanged.
        let entry = URL(fileURLWithPath: scenario.cache + "/graph/" + entries[0])
        var bytes = try Data(contentsOf: entry)
        let answer = try #require(bytes.firstRange(of: Data(#"{"name": "P-"#.utf8)))
        bytes[answer.lowerBound] = UInt8(ascii: "[")
        try bytes.write(to: entry)
        try forgetStoredGraphs()
        let reloaded = try scenario.load()
        #expect(reloaded.calls == 1 && reloaded.name == "P-mild-1.0")
        #expect(try scenario.load().calls == 0)
    }

    /// A layout the rules leave to `describe` (here a target mixing Swift and C) is described
    /// once, and again when a file is added, removed or renamed; a symbolic link out of the
    /// package makes it described on every run.
    @Test func describeIsCachedUnderTheFolderEntries() throws {
        let scenario = try Scenario()
        defer { scenario.cleanUp() }
        try scenario.write("Sources/A/b.c", "int b(void) { return 1; }\n")
        func sources(_ loaded: (name: String, targets: [String], calls: Int, loaded: LoadedGraph)) -> [String] {
            loaded.loaded.graph.targets.first?.sources.sorted() ?? []
        }
        let first = try scenario.load()
        #expect(first.calls == 2 && sources(first) == ["a.swift", "b.c"], "dump-package, then describe")
        #expect(try scenario.load().calls == 0)
        try scenario.write("Sources/A/c.swift", "\n")
        let added = try scenario.load()
        #expect(added.calls == 1 && sources(added) == ["a.swift", "b.c", "c.swift"], "describe only: the manifest did not change")
        #expect(try scenario.load().calls == 0)
        try FileManager.default.moveItem(atPath: scenario.folder + "/Sources/A/c.swift", toPath: scenario.folder + "/Sources/A/d.swift")
        let renamed = try scenario.load()
        #expect(renamed.calls == 1 && sources(renamed) == ["a.swift", "b.c", "d.swift"])
        // Contents are not what describe lists: an edit asks nothing.
        try scenario.write("Sources/A/d.swift", "import Foundation\n")
        #expect(try scenario.load().calls == 0)
        // A link inside the package is covered by the walk; one out of it is not.
        try FileManager.default.createSymbolicLink(atPath: scenario.folder + "/Sources/A/e.swift", withDestinationPath: "d.swift")
        #expect(try scenario.load().calls == 1)
        #expect(try scenario.load().calls == 0)
        try FileManager.default.createSymbolicLink(atPath: scenario.folder + "/Sources/A/f.swift", withDestinationPath: scenario.cache)
        #expect(try scenario.load().calls == 1)
        #expect(try scenario.load().calls == 1)
    }

    @Test func aManifestThatReadsFilesIsNeverCachedAndOneThatReadsTheEnvironmentOddlyKeysOnAllOfIt() throws {
        var scenario = try Scenario()
        defer { scenario.cleanUp() }
        try scenario.write("Package.swift", "// target: A\nlet environment = ProcessInfo.processInfo.environment\nlet x = environment[\"FLAVOR\"]\n")
        _ = try scenario.load()
        scenario.environment["UNRELATED"] = "2"
        #expect(try scenario.load().calls == 1)
        #expect(try scenario.load().calls == 0)

        try scenario.write("Package.swift", "// target: A\nlet files = try FileManager.default.contentsOfDirectory(atPath: \"Sources\")\n")
        #expect(try scenario.load().calls == 1)
        #expect(try scenario.load().calls == 1)
    }

    /// The reproduction of issue 24: a manifest that switches a dependency on a file's presence
    /// through an API no deny-list named was cached, and `touch lean.flag` went unseen.
    @Test func aManifestThatChecksForAFileThroughAnyUnlistedAPIIsNeverCached() throws {
        let scenario = try Scenario()
        defer { scenario.cleanUp() }
        try scenario.write("Package.swift", """
            // target: A
            import Foundation
            let lean = (try? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("lean.flag").checkResourceIsReachable()) ?? false
            """)
        #expect(try scenario.load().calls == 1)
        #expect(try scenario.load().calls == 1, "a manifest that reads a file must be asked every run")
    }

    @Test func aSourceRewrittenWithItsSizeAndModificationTimeRestoredIsReadAgain() throws {
        let scenario = try Scenario()
        defer { scenario.cleanUp() }
        let source = scenario.folder + "/Sources/A/a.swift"
        let past = Date(timeIntervalSinceNow: -3600)
        try scenario.write("Sources/A/a.swift", "import Alpha\n")
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: source)
        let loaded = try scenario.load().loaded
        let fileCache = FileImportCache(cacheFolder: scenario.cache, root: loaded.root)
        // Settled only once its change time is a second old, as git's racily clean rule wants.
        Thread.sleep(forTimeInterval: 1.1)
        let first = SourceScan.scan(loaded, cache: fileCache)
        #expect(first.filesRead == 1 && Self.modules(first) == ["Alpha"])
        let warm = SourceScan.scan(loaded, cache: fileCache)
        #expect(warm.filesRead == 0 && warm.filesSkipped == 1 && Self.modules(warm) == ["Alpha"])

        try scenario.write("Sources/A/a.swift", "import Gamma\n")
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: source)
        let rewritten = SourceScan.scan(loaded, cache: fileCache)
        #expect(rewritten.filesRead == 1 && Self.modules(rewritten) == ["Gamma"])
    }

    @Test func aFileChangedJustNowIsReadAgainNextRun() throws {
        let scenario = try Scenario()
        defer { scenario.cleanUp() }
        let loaded = try scenario.load().loaded
        let fileCache = FileImportCache(cacheFolder: scenario.cache, root: loaded.root)
        try scenario.write("Sources/A/a.swift", "import Beta\n")
        #expect(SourceScan.scan(loaded, cache: fileCache).filesRead == 1)
        // Its stamp is within the granularity of the first scan: not trusted yet.
        #expect(SourceScan.scan(loaded, cache: fileCache).filesRead == 1)
    }

    /// A run right after an edit leaves the table as it was (the edited file's old entry no
    /// longer matches its stamp), and reads the file again until it is settled, then stores it.
    @Test func aRunRightAfterAnEditRewritesNothing() throws {
        let (scenario, loaded, _) = try Scenario.settled("import Alpha\n")
        defer { scenario.cleanUp() }
        let fileCache = FileImportCache(cacheFolder: scenario.cache, root: loaded.root)
        #expect(SourceScan.scan(loaded, cache: fileCache).filesRead == 1)
        let table = try Data(contentsOf: URL(fileURLWithPath: fileCache.file))
        let written = try FileManager.default.attributesOfItem(atPath: fileCache.file)[.modificationDate] as? Date

        try scenario.write("Sources/A/a.swift", "import Gamma\n")
        let edited = SourceScan.scan(loaded, cache: fileCache)
        #expect(edited.filesRead == 1 && Self.modules(edited) == ["Gamma"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: fileCache.file)) == table)
        #expect(try FileManager.default.attributesOfItem(atPath: fileCache.file)[.modificationDate] as? Date == written)
        #expect(SourceScan.scan(loaded, cache: fileCache).filesRead == 1, "not settled yet: read again")

        Thread.sleep(forTimeInterval: 1.1)
        let settled = SourceScan.scan(loaded, cache: fileCache)
        #expect(settled.filesRead == 1 && Self.modules(settled) == ["Gamma"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: fileCache.file)) != table, "settled: stored")
        let warm = SourceScan.scan(loaded, cache: fileCache)
        #expect(warm.filesRead == 0 && Self.modules(warm) == ["Gamma"])
    }

    @Test func concurrentRunsNeverSeeHalfAnEntry() throws {
        let scenario = try Scenario()
        defer { scenario.cleanUp() }
        let loaded = try scenario.load().loaded
        let fileCache = FileImportCache(cacheFolder: scenario.cache, root: loaded.root)
        let failures = Mutex(0)
        // Eight runs at once, each writing both caches (the entries' stamps differ run to run).
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            do {
                _ = try scenario.load()
                let scan = SourceScan.scan(loaded, cache: fileCache)
                if Self.modules(scan) != ["Foundation"] { failures.withLock { $0 += 1 } }
            } catch {
                failures.withLock { $0 += 1 }
            }
        }
        #expect(failures.withLock { $0 } == 0)
        let leftovers = try FileManager.default.subpathsOfDirectory(atPath: scenario.cache).filter { !$0.hasSuffix(".json") && $0.contains(".") && $0 != "CACHEDIR.TAG" }
        #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
        #expect(try scenario.load().calls == 0)
    }

    static func modules(_ scan: SourceScan) -> [String] {
        scan.sources.values.flatMap { $0.flatMap { $0.imports.map(\.module) } }.sorted()
    }
}

/// Which environment variables a manifest reads, found in its tokens, and whether it names
/// anything beyond what is known to read only what the cache key covers.
@Suite(.tags(.small)) struct ManifestInputsTests {
    @Test(arguments: [
        (#"let a = Context.environment["A"]; let b = ProcessInfo.processInfo.environment["B"]"#, ["A", "B"], false, true),
        (#"// Context.environment and FileManager are mentioned in a comment only, and "environment" in a string"#, [], false, true),
        (#"let all = ProcessInfo.processInfo.environment"#, [], true, true),
        (#"let name = "A"; let a = Context.environment[name]"#, [], true, true),
        (#"let home = getenv("HOME")"#, [], false, false),
        (#"let list = try FileManager.default.contentsOfDirectory(atPath: ".")"#, [], false, false),
        (#"let text = try String(contentsOfFile: "targets.txt", encoding: .utf8)"#, [], false, false),
        (#"let list = try [String].init(contentsOf: url)"#, [], false, false),
        (#"let names: [String] = try .init(contentsOf: URL(fileURLWithPath: "list.plist"))"#, [], false, false),
        // Names no deny-list held: every one of them reads what the key does not cover.
        (#"let lean = (try? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("lean.flag").checkResourceIsReachable()) ?? false"#, [], false, false),
        (#"let commit = Context.gitInformation?.currentCommit"#, [], false, false),
        (#"let cores = ProcessInfo.processInfo.processorCount"#, [], false, false),
        (#"let url = URL(string: "https://example.com")"#, [], false, false),
        (#"let s = String(contentsOfFile: "a")"#, [], false, false),
        (#"func f(contentsOfFile: String) {}; let s = String(contentsOfFile: "a")"#, [], false, false),
        // Extending a collection reads nothing: large manifests write this (isowords, for one).
        (#"package.targets.append(contentsOf: [.target(name: "A", dependencies: [.product(name: "B", package: "b")])])"#, [], false, true),
        (#"var products: [Product] = []; products.insert(contentsOf: [], at: 0)"#, [], false, true),
        // The manifest's own names: helpers, their labels, closure parameters, the folder it is in.
        (#"func feature(_ name: String, deps extra: [String] = []) -> Target { .target(name: name, dependencies: extra.map { Target.Dependency(stringLiteral: $0) }) }; let t = feature("A", deps: ["B"])"#, [], false, true),
        (#"let names = ["A", "B"]; let targets = names.map { name in Target.target(name: name, path: "\(Context.packageDirectory)/\(name)") }"#, [], false, true),
        (#"#if os(Linux)\nlet extra: [Target] = []\n#else\nlet extra = [Target]()\n#endif"#, [], false, true),
        // The module's own name qualifies its types (swift-nio's manifest writes this); what
        // follows it is judged as ever.
        (#"let atomics: PackageDescription.Target.Dependency = .product(name: "Atomics", package: "swift-atomics")"#, [], false, true),
        (#"let mode = PackageDescription.Context.environment["MODE"]"#, ["MODE"], false, true),
    ])
    func aManifestIsCachedOnlyWhenEverythingItNamesIsKnown(_ manifest: String, _ variables: [String], _ whole: Bool, _ cacheable: Bool) {
        let inputs = ManifestInputs(manifest: Array(manifest.replacingOccurrences(of: "\\n", with: "\n").utf8))
        #expect(inputs.environmentVariables == Set(variables))
        #expect(inputs.readsWholeEnvironment == whole)
        #expect(inputs.isCacheable == cacheable, "first unlisted name: \(inputs.unlistedName ?? "none")")
    }

    /// A name the manifest declares allows a use only where the use resolves to that declaration:
    /// each of these declares the names of a file-system call somewhere the call does not reach
    /// (an enum's cases, a type's members, a parameter, a local or a conditional binding), and the
    /// call then reaches Foundation's `FileManager`.
    @Test(arguments: [
        // Issue 49's reproduction: enum cases are reached as `.FileManager` or `Names.FileManager`.
        #"enum Names { case FileManager; case fileExists; case atPath }\nlet lean = FileManager.default.fileExists(atPath: "lean.flag")"#,
        #"struct Paths { static let FileManager = 0; static let fileExists = 0; static let atPath = 0 }\nlet lean = FileManager.default.fileExists(atPath: "lean.flag")"#,
        #"struct Probe { func fileExists(atPath: String) -> Bool { false } }\nfunc flag(FileManager: Int) -> Int { FileManager }\nlet lean = FileManager.default.fileExists(atPath: "lean.flag")"#,
        #"enum Names { case fileExists; case atPath }\nfunc f() -> Int { let FileManager = 1; return FileManager }\nlet lean = FileManager.default.fileExists(atPath: "lean.flag")"#,
        #"enum Names { case fileExists; case atPath }\nfunc f() -> Int { if let FileManager = Optional(1) { return FileManager }; return FileManager.default.fileExists(atPath: "lean.flag") ? 1 : 0 }"#,
        #"enum Names { case fileExists; case atPath }\nfunc f(o: Int?) -> Int { guard let FileManager = o else { return FileManager.default.fileExists(atPath: "x") ? 1 : 0 }; return FileManager }"#,
        #"enum Names { case fileExists; case atPath }\nfor FileManager in [1] { _ = FileManager }\nlet lean = FileManager.default.fileExists(atPath: "lean.flag")"#,
        #"enum Names { case fileExists; case atPath }\nswitch 1 { case let FileManager: _ = FileManager }\nlet lean = FileManager.default.fileExists(atPath: "lean.flag")"#,
        #"enum Names { case fileExists; case atPath }\nlet flags = [1].map { FileManager in FileManager }\nlet lean = FileManager.default.fileExists(atPath: "lean.flag")"#,
        #"func f() { let URL = 1; let fileURLWithPath = 2; let checkResourceIsReachable = 3 }\nlet lean = try? URL(fileURLWithPath: #filePath).checkResourceIsReachable()"#,
        // A member of the manifest's own named like one Bulkhead leaves out because it reads the repository.
        #"enum Git { case gitInformation; case currentCommit }\nlet commit = Context.gitInformation?.currentCommit"#,
    ])
    func aDeclaredNameAllowsOnlyTheUsesThatResolveToIt(_ manifest: String) {
        let inputs = ManifestInputs(manifest: Array(manifest.replacingOccurrences(of: "\\n", with: "\n").utf8))
        #expect(!inputs.isCacheable, "a use that reaches another module's API passed as the manifest's own name")
    }

    /// Uses that do resolve to the manifest's own declarations stay cached.
    @Test(arguments: [
        // A top-level type shadows Foundation's of the same name in the whole file.
        #"struct FileManager { static let `default` = FileManager(); func fileExists(atPath: String) -> Bool { false } }\nlet lean = FileManager.default.fileExists(atPath: "lean.flag")"#,
        // Members: after a dot anywhere, bare inside their type.
        #"enum Deps { static let a: Target.Dependency = "A"; static let all = [a] }\nlet t = Target.target(name: "T", dependencies: Deps.all)"#,
        #"struct Module { let name: String; let deps: [String] }\nlet modules = [Module(name: "A", deps: [])]\nlet targets = modules.map { Target.target(name: $0.name, dependencies: $0.deps.map { Target.Dependency(stringLiteral: $0) }) }"#,
        #"enum Kind { case core; case ui }\nlet kind: Kind = .core\nlet names = kind == Kind.ui ? ["UI"] : ["Core"]"#,
        // Bindings inside their scopes.
        #"func f(o: [String]?) -> [String] { guard let names = o else { return [] }; if let first = names.first { return [first] }; for name in names { _ = name }; return names }"#,
        #"let all = ["A", "B"]\nfunc f() -> [String] { all.filter { name in name.hasPrefix("A") } }"#,
    ])
    func usesThatResolveToTheManifestsOwnNamesStayCached(_ manifest: String) {
        let inputs = ManifestInputs(manifest: Array(manifest.replacingOccurrences(of: "\\n", with: "\n").utf8))
        #expect(inputs.isCacheable, "first unlisted name: \(inputs.unlistedName ?? "none")")
    }

    /// The manifests the cache exists for stay cached: Bulkhead's own, the example and every fixture.
    @Test(arguments: ["Package.swift", "Examples/Voyage/Package.swift"] + Self.fixtureManifests)
    func theRepositorysManifestsAreCacheable(_ relative: String) throws {
        let inputs = ManifestInputs(manifest: Array(try Data(contentsOf: URL(fileURLWithPath: RepositoryRoot.path(relative)))))
        #expect(inputs.isCacheable, "\(relative) names \(inputs.unlistedName ?? "")")
    }

    static let fixtureManifests: [String] = {
        let fixtures = RepositoryRoot.path("Tests/Fixtures")
        let all = (FileManager.default.enumerator(atPath: fixtures)?.allObjects as? [String]) ?? []
        return all.filter { ($0 as NSString).lastPathComponent.hasPrefix("Package") && $0.hasSuffix(".swift") }.sorted().map { "Tests/Fixtures/" + $0 }
    }()
}

/// The file cache's bytes give back exactly the scan they were made from, answering which builds
/// compile each import as the fresh scan does.
@Suite(.tags(.small)) struct CachedScanTests {
    static let environments = [
        BuildEnvironment(platformConditions: ["os": ["iOS"], "canImport": ["UIKit"]], definedFlags: ["DEBUG"]),
        BuildEnvironment(platformConditions: ["os": ["macOS"], "canImport": ["AppKit"]], definedFlags: []),
        BuildEnvironment(definedFlags: ["A", "C"]),
        BuildEnvironment.unknown,
    ]

    @Test(arguments: Fixtures.swiftFiles(in: "ScannerCorpus") + Fixtures.swiftFiles(in: "ScannerTraps"))
    func aScanSurvivesTheCacheUnchanged(_ path: String) throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let scan = bytes.withUnsafeBufferPointer { ImportScanner.scan($0) }
        let lines = Dictionary(scan.imports.map { ($0.position.line, "line \($0.position.line)") }, uniquingKeysWith: { first, _ in first })
        let encoded = try #require(CachedScan.encode(scan, lineTexts: lines))
        var conditions = ConditionMemo()
        let decoded = try #require(CachedScan.decode(encoded, conditions: &conditions))
        #expect(decoded.scan == scan)
        #expect(decoded.lineTexts == lines)
        for environment in Self.environments {
            #expect(decoded.scan.imports.map { $0.isActive(in: environment) } == scan.imports.map { $0.isActive(in: environment) })
        }
        #expect(CachedScan.decode(Array(encoded.dropLast()), conditions: &conditions) == nil, "a truncated entry is no entry")
    }

    /// Stored bytes that describe an impossible table (a clause inside one that comes after it, a
    /// chain that is not there) are no entry, never a crash.
    @Test(arguments: [
        [ConditionalClauseTable.Node(branch: .if, chain: 0, position: 0, parent: 0)],
        [ConditionalClauseTable.Node(branch: .if, chain: 1, position: 0, parent: -1)],
        [ConditionalClauseTable.Node(branch: .elseif, chain: 0, position: 5, parent: -1)],
    ])
    func anImpossibleTableIsNoEntry(_ nodes: [ConditionalClauseTable.Node]) throws {
        let sound = try #require(ConditionalClauseTable(validating: [["DEBUG"]], nodes: [ConditionalClauseTable.Node(branch: .if, chain: 0, position: 0, parent: -1)]))
        let scan = ScanResult(imports: [ImportDeclaration(path: ["A"], kind: nil, accessLevel: nil, attributes: [], position: SourcePosition(offset: 0, line: 1, column: 1), table: sound, node: 0)])
        var encoded = try #require(CachedScan.encode(scan, lineTexts: [:]))
        var conditions = ConditionMemo()
        #expect(CachedScan.decode(encoded, conditions: &conditions) != nil)
        // The table block comes first: swap it for the impossible one.
        var reader = CacheReader(encoded)
        _ = reader.block()
        let rest = Array(encoded[reader.offset...])
        var writer = CacheWriter()
        writer.block(Self.tableBytes(chains: [["DEBUG"]], nodes: nodes))
        encoded = writer.bytes + rest
        #expect(CachedScan.decode(encoded, conditions: &conditions) == nil)
    }

    static func tableBytes(chains: [[String]], nodes: [ConditionalClauseTable.Node]) -> [UInt8] {
        var writer = CacheWriter()
        writer.integer(chains.count)
        for chain in chains {
            writer.integer(chain.count)
            for condition in chain { writer.string(condition) }
        }
        writer.integer(nodes.count)
        for node in nodes {
            writer.integer(node.branch == .if ? 0 : node.branch == .elseif ? 1 : 2)
            writer.integer(node.chain)
            writer.integer(node.position)
            writer.integer(node.parent + 1)
        }
        return writer.bytes
    }
}
