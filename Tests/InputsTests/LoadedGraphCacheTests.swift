import Foundation
import ModuleGraph
import TestSupport
import Testing
@testable import PackageLoading
@testable import Caches
@testable import FileAccess

/// The stored graph (`LoadedGraphCache`): reused only while everything it was made from holds,
/// made again — and equal to a load without it — as soon as anything does not, and never stored
/// from a load that read what its key cannot cover.
@Suite(.tags(.medium)) struct LoadedGraphCacheTests {
    typealias Scenario = CacheCorrectnessTests.Scenario

    /// What a load found, as comparable values.
    struct Seen: Equatable {
        var packages: [PackageNode]
        var targets: [Target]
        var externalProducts: [ExternalProduct]
        var warnings: [String]
        var manifestDumps: [String: Data]
        var discovery: [PackageDiscovery.Decision]

        init(_ loaded: LoadedGraph) {
            packages = loaded.graph.packages
            targets = loaded.graph.targets
            externalProducts = loaded.graph.externalProducts
            warnings = loaded.warnings.map(\.text)
            manifestDumps = loaded.manifestDumps
            discovery = loaded.discovery
        }
    }

    /// Loads `scenario` with its cache, and again with none: the two must agree.
    func load(_ scenario: Scenario, rules: DiscoveryRules = .defaults) throws -> LoadedGraph {
        let cached = try PackageGraphLoader(describer: scenario.toolchain, width: 2,
                                            cache: GraphCache(cacheFolder: scenario.cache, environment: scenario.environment))
            .load(root: scenario.folder, narrowedTo: nil, rules: rules)
        let fresh = try PackageGraphLoader(describer: scenario.toolchain, width: 2).load(root: scenario.folder, narrowedTo: nil, rules: rules)
        #expect(Seen(cached) == Seen(fresh), "the cached load differs from a load without the cache")
        return cached
    }

    @Test func aStoredGraphIsReusedUntilAFolderItWasMadeFromChanges() throws {
        let scenario = try Scenario()
        defer { scenario.cleanUp() }
        #expect(try !load(scenario).isStoredGraph)
        let reused = try load(scenario)
        #expect(reused.isStoredGraph && reused.toolchainCalls == 0 && reused.toolchainCallsSkipped == 1)
        #expect(reused.graph.targets.first?.sources == ["a.swift"])

        // A file added: the listing of its folder changed, so the layout is made again.
        try scenario.write("Sources/A/b.swift", "import Foundation\n")
        let added = try load(scenario)
        #expect(!added.isStoredGraph && added.graph.targets.first?.sources == ["a.swift", "b.swift"])
        #expect(try load(scenario).isStoredGraph)

        // A file renamed.
        try FileManager.default.moveItem(atPath: scenario.folder + "/Sources/A/b.swift", toPath: scenario.folder + "/Sources/A/c.swift")
        let renamed = try load(scenario)
        #expect(!renamed.isStoredGraph && renamed.graph.targets.first?.sources == ["a.swift", "c.swift"])

        // A folder added below the target's.
        try FileManager.default.createDirectory(atPath: scenario.folder + "/Sources/A/Nested", withIntermediateDirectories: true)
        try scenario.write("Sources/A/Nested/d.swift", "import Foundation\n")
        let nested = try load(scenario)
        #expect(!nested.isStoredGraph && nested.graph.targets.first?.sources == ["Nested/d.swift", "a.swift", "c.swift"])

        // A file's content is not what the graph is made from: the graph holds.
        #expect(try load(scenario).isStoredGraph)
        try scenario.write("Sources/A/a.swift", "import Dispatch\n")
        #expect(try load(scenario).isStoredGraph)

        // What the build writes in a hidden folder is not listed, and changes nothing.
        try FileManager.default.createDirectory(atPath: scenario.folder + "/.build/debug", withIntermediateDirectories: true)
        try scenario.write(".build/debug/x.swift", "")
        #expect(try load(scenario).isStoredGraph)
    }

    @Test func aStoredGraphIsNotReusedOnceAManifestOrWhatItReadsChanges() throws {
        var scenario = try Scenario()
        defer { scenario.cleanUp() }
        _ = try load(scenario)
        #expect(try load(scenario).isStoredGraph)

        try scenario.write("Package.swift", "// swift-tools-version: 6.0\n// target: B\nlet flavor = Context.environment[\"FLAVOR\"]\n")
        let manifest = try load(scenario)
        #expect(!manifest.isStoredGraph && manifest.graph.targets.map(\.name) == ["B"])
        #expect(try load(scenario).isStoredGraph)

        // A variable the manifest reads.
        scenario.environment["FLAVOR"] = "hot"
        scenario.toolchain.environment = scenario.environment
        let variable = try load(scenario)
        #expect(!variable.isStoredGraph && variable.graph.packages.first?.name == "P-hot-1.0")

        // Another toolchain.
        scenario.toolchain.version = "2.0"
        let toolchain = try load(scenario)
        #expect(!toolchain.isStoredGraph && toolchain.graph.packages.first?.name == "P-hot-2.0")
        #expect(try load(scenario).isStoredGraph)
    }

    @Test func otherWorkspaceRulesDoNotReuseTheGraphOfOthers() throws {
        let scenario = try Scenario()
        defer { scenario.cleanUp() }
        let some = DiscoveryRules(fingerprint: "exclude 3 Foo")
        let other = DiscoveryRules(fingerprint: "exclude 3 Bar")
        _ = try load(scenario, rules: some)
        #expect(try load(scenario, rules: some).isStoredGraph)
        #expect(try !load(scenario, rules: other).isStoredGraph)
        // Rules that cannot say what they are made from are never stored under.
        let unnamed = DiscoveryRules()
        _ = try load(scenario, rules: unnamed)
        #expect(try !load(scenario, rules: unnamed).isStoredGraph)
    }

    @Test func aLoadThatMetASymbolicLinkIsNotStored() throws {
        let scenario = try Scenario()
        defer { scenario.cleanUp() }
        try FileManager.default.createSymbolicLink(atPath: scenario.folder + "/Sources/A/link.swift", withDestinationPath: "a.swift")
        _ = try load(scenario)
        let again = try load(scenario)
        #expect(!again.isStoredGraph)
        #expect(!FileSystem.entryExists(LoadedGraphCache(cacheFolder: scenario.cache, root: scenario.folder, start: scenario.folder,
                                                        base: FileSystem.currentDirectory).file))
    }

    @Test func aLoadThatListedAFolderDiscoveryDidNotWalkIsNotStored() throws {
        // Discovery does not walk a `Fixtures` folder (test inputs); a target inside one is laid
        // out from the disk, which the stored graph's key would not cover.
        let scenario = try Scenario()
        defer { scenario.cleanUp() }
        try FileManager.default.createDirectory(atPath: scenario.folder + "/Fixtures/A", withIntermediateDirectories: true)
        try scenario.write("Fixtures/A/f.swift", "import Foundation\n")
        try scenario.write("Package.swift", "// swift-tools-version: 6.0\n// target: A\n")
        let toolchain = FixturesToolchain()
        let cache = GraphCache(cacheFolder: scenario.cache, environment: [:])
        let first = try PackageGraphLoader(describer: toolchain, width: 2, cache: cache).load(root: scenario.folder, narrowedTo: nil, rules: .defaults)
        #expect(first.graph.targets.first?.sources == ["f.swift"])
        let second = try PackageGraphLoader(describer: toolchain, width: 2, cache: cache).load(root: scenario.folder, narrowedTo: nil, rules: .defaults)
        #expect(!second.isStoredGraph && second.graph.targets.first?.sources == ["f.swift"])
    }

    /// One target at `Fixtures/A`.
    final class FixturesToolchain: PackageDescriber, Sendable {
        func describe(packageAt folder: String) throws(InputError) -> Data { Data() }
        func dumpPackage(packageAt folder: String) throws(InputError) -> Data {
            let target = #"{"name": "A", "type": "regular", "path": "Fixtures/A"}"#
            return Data(#"{"name": "P", "products": [], "dependencies": [], "targets": [\#(target)]}"#.utf8)
        }
    }

    /// A package depending on the remote `lib`, whose checkout (when there is one) lists its
    /// product's modules in its manifest's `// module: Name` lines.
    final class RemoteToolchain: PackageDescriber, Sendable {
        func dumpPackage(packageAt folder: String) throws(InputError) -> Data {
            let dependency = #"{"sourceControl": [{"identity": "lib", "location": {"remote": [{"urlString": "https://example.com/lib.git"}]}, "requirement": {"exact": ["1.0.0"]}}]}"#
            let target = #"{"name": "A", "type": "regular", "path": "Sources/A", "dependencies": [{"product": ["Lib", "lib", null, null]}]}"#
            return Data(#"{"name": "P", "products": [], "dependencies": [\#(dependency)], "targets": [\#(target)]}"#.utf8)
        }

        func describe(packageAt folder: String) throws(InputError) -> Data {
            let manifest = (try? String(contentsOfFile: folder + "/Package.swift", encoding: .utf8)) ?? ""
            let modules = manifest.split(separator: "\n").filter { $0.hasPrefix("// module: ") }.map { String($0.dropFirst(11)) }
            let targets = modules.map { #"{"name": "\#($0)", "c99name": "\#($0)", "type": "library", "path": "Sources/\#($0)"}"# }
            let product = #"{"name": "Lib", "targets": [\#(modules.map { "\"\($0)\"" }.joined(separator: ", "))], "type": {"library": ["automatic"]}}"#
            return Data(#"{"name": "lib", "targets": [\#(targets.joined(separator: ", "))], "products": [\#(product)]}"#.utf8)
        }
    }

    @Test func aStoredGraphFindsTheSameCheckoutsWithTheSameManifests() throws {
        let scenario = try Scenario()
        defer { scenario.cleanUp() }
        let toolchain = RemoteToolchain()
        let cache = GraphCache(cacheFolder: scenario.cache, environment: [:])
        func load() throws -> LoadedGraph {
            let cached = try PackageGraphLoader(describer: toolchain, width: 2, cache: cache).load(root: scenario.folder, narrowedTo: nil, rules: .defaults)
            let fresh = try PackageGraphLoader(describer: toolchain, width: 2).load(root: scenario.folder, narrowedTo: nil, rules: .defaults)
            #expect(Seen(cached) == Seen(fresh), "the cached load differs from a load without the cache")
            return cached
        }
        func modules(_ loaded: LoadedGraph) -> [String] { loaded.graph.externalProducts.first?.modules ?? [] }

        // No checkout: the product's module is a guess, and that it was looked for is recorded.
        let guessed = try load()
        #expect(guessed.graph.externalProducts.first?.isGuess == true)
        #expect(try load().isStoredGraph)

        // A checkout appears in the hidden `.build`, which no listing shows: the probe sees it.
        let checkout = scenario.folder + "/.build/checkouts/lib"
        try FileManager.default.createDirectory(atPath: checkout, withIntermediateDirectories: true)
        try "// swift-tools-version: 6.0\n// module: LibCore\n".write(toFile: checkout + "/Package.swift", atomically: true, encoding: .utf8)
        let found = try load()
        #expect(!found.isStoredGraph && modules(found) == ["LibCore"] && found.graph.externalProducts.first?.isGuess == false)
        let reused = try load()
        #expect(reused.isStoredGraph && modules(reused) == ["LibCore"] && reused.toolchainCallsSkipped == 2)

        // The checkout's manifest changes (another version resolved): described again.
        try "// swift-tools-version: 6.0\n// module: LibKit\n".write(toFile: checkout + "/Package.swift", atomically: true, encoding: .utf8)
        let updated = try load()
        #expect(!updated.isStoredGraph && modules(updated) == ["LibKit"])
        #expect(try load().isStoredGraph)

        // The checkout goes: a guess again.
        try FileManager.default.removeItem(atPath: checkout)
        let gone = try load()
        #expect(!gone.isStoredGraph && gone.graph.externalProducts.first?.isGuess == true)
    }

    @Test func anEntryHoldsOnlyWhileEveryProbeIsAnsweredAsItWas() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-probe-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let probes = DiskProbes()
        #expect(probes.ask(.isDirectory, about: folder) == 0)
        #expect(probes.ask(.entryKind, about: folder) == 0)
        let entry = LoadedGraphCache.Entry(key: [1, 2], listings: FolderListings().encoded, listingsGeneration: 0, probes: try #require(probes.recorded),
                                           graph: ModuleGraph(packages: [], targets: []), warnings: [], manifestDumps: [:], toolchainVersion: nil)
        #expect(entry.holds(key: [1, 2], listings: FolderListings().encoded))
        #expect(!entry.holds(key: [1, 3], listings: FolderListings().encoded))
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(!entry.holds(key: [1, 2], listings: FolderListings().encoded))

        // A question the record cannot hold makes the load one that is not stored.
        probes.markUnrecordable()
        #expect(probes.recorded == nil)
    }

    @Test func aStoredGraphStandsInForADamagedAnswerOfTheSameManifest() throws {
        let scenario = try Scenario()
        defer { scenario.cleanUp() }
        _ = try scenario.load()
        let answers = try FileManager.default.subpathsOfDirectory(atPath: scenario.cache + "/graph").filter { $0.hasPrefix("v\(GraphCache.formatVersion)/") }
        try "damaged".write(toFile: scenario.cache + "/graph/" + #require(answers.first), atomically: true, encoding: .utf8)
        // The package the run is pointed at: its answer is not asked for ahead of the walk.
        let reused = try scenario.load()
        #expect(reused.calls == 0 && reused.loaded.isStoredGraph && reused.targets == ["A"])
        // Once the manifest changes, the toolchain is asked, and its answer stored again.
        try scenario.write("Package.swift", "// swift-tools-version: 6.0\n// target: B\nlet flavor = Context.environment[\"FLAVOR\"]\n")
        let changed = try scenario.load()
        #expect(changed.calls == 1 && !changed.loaded.isStoredGraph && changed.targets == ["B"])
        let again = try scenario.load()
        #expect(again.calls == 0 && again.loaded.isStoredGraph && again.targets == ["B"])
    }

    @Test func aDamagedOrForeignEntryIsAMiss() throws {
        let scenario = try Scenario()
        defer { scenario.cleanUp() }
        _ = try load(scenario)
        let stored = LoadedGraphCache(cacheFolder: scenario.cache, root: scenario.folder, start: scenario.folder, base: FileSystem.currentDirectory)
        let bytes = try #require(FileManager.default.contents(atPath: stored.file))
        #expect(LoadedGraphCache.entry(in: Array(bytes), identity: FileImportCache.scannerIdentity) != nil)
        #expect(LoadedGraphCache.entry(in: Array(bytes), identity: "another build") == nil)
        #expect(LoadedGraphCache.entry(in: Array(bytes.dropLast()), identity: FileImportCache.scannerIdentity) == nil)
        // Cut short on disk: read as a miss, loaded anew and written over.
        try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: stored.file))
        #expect(try !load(scenario).isStoredGraph)
        #expect(try load(scenario).isStoredGraph)
    }
}

/// Every field of the graph's types goes through the codec and comes back.
@Suite struct ModuleGraphCodecTests {
    static let graph = ModuleGraph(
        packages: [
            {
                var node = PackageNode(identity: "app", name: "App", origin: .local(path: "."),
                                       products: [Product(name: "Kit", type: "library", linkage: "dynamic", targets: ["Kit"])],
                                       dependencies: ["core", "remote"], toolsVersion: "6.0")
                node.platforms = ["ios", "macos"]
                node.languageModes = ["6"]
                node.remoteRequirements = ["remote": RemoteRequirement(url: "https://example.com/r.git", requirement: "exact: 1.2.3")]
                node.resolvedPins = ["remote": ResolvedPin(location: "https://example.com/r.git", version: "1.2.3", branch: "main", revision: "abc")]
                node.manifestFileName = "Package@swift-6.0.swift"
                return node
            }(),
            PackageNode(identity: "remote", name: "remote", origin: .remote(url: "https://example.com/r.git", requirement: "exact: 1.2.3")),
            PackageNode(identity: "tool", name: "Tool", origin: .project(path: "Tool.xcodeproj")),
        ],
        targets: [
            Target(id: TargetID(package: "app", name: "Kit"), kind: .library, moduleName: "Kit", path: "Sources/Kit",
                   sources: ["A.swift", "Nested/B.swift"], resources: ["Sources/Kit/Media.xcassets"],
                   settings: [BuildSetting(tool: "swift", kind: "define", values: ["DEBUG_MENU"],
                                           condition: DependencyCondition(platforms: ["ios"], configuration: "debug")),
                              BuildSetting(tool: "swift", kind: "unsafeFlags", values: ["-Onone", "-g"])],
                   dependencies: [DependencyEdge(.target(TargetID(package: "app", name: "Core")), condition: DependencyCondition(platforms: nil, configuration: "release")),
                                  DependencyEdge(.product(name: "R", package: "remote"), condition: DependencyCondition(platforms: [], configuration: nil), arrival: .linked)],
                   testHost: "Host", platforms: ["ios"]),
            Target(id: TargetID(package: "app", name: "Core"), kind: .cFamily, moduleName: "Core_C", path: "."),
        ],
        externalProducts: [ExternalProduct(name: "R", package: "remote", modules: ["R", "RCore"], isGuess: false, buildsModules: ["R", "RCore", "RBase"],
                                           dependsOnOtherPackages: true)])

    @Test func aGraphComesBackAsItWasWritten() throws {
        var writer = CacheWriter()
        #expect(ModuleGraphCodec.encode(Self.graph, into: &writer))
        var reader = CacheReader(writer.bytes)
        let decoded = try #require(ModuleGraphCodec.decode(from: &reader))
        #expect(reader.isAtEnd)
        #expect(decoded.packages == Self.graph.packages)
        #expect(decoded.targets == Self.graph.targets)
        #expect(decoded.externalProducts == Self.graph.externalProducts)
        // Every prefix is a miss, never a graph with something left out.
        for length in stride(from: 0, to: writer.bytes.count, by: 7) {
            var cut = CacheReader(Array(writer.bytes.prefix(length)))
            #expect(ModuleGraphCodec.decode(from: &cut) == nil)
        }
    }

    static var kit: Target { graph.targets.first { $0.name == "Kit" }! }

    @Test func aGraphWithAProjectProductTypeIsNotWritten() {
        var target = Self.kit
        target.productType = .application
        var writer = CacheWriter()
        #expect(!ModuleGraphCodec.encode(ModuleGraph(packages: Self.graph.packages, targets: [target]), into: &writer))
    }

    /// The stored properties of each type the codec writes: a field added to the model and not
    /// to the codec would come back from the cache empty.
    @Test func theCodecWritesEveryFieldOfTheModel() {
        let target = Self.kit
        let targetFields = Mirror(reflecting: target).children.first.map { Mirror(reflecting: $0.value) }?.children.first.map { Mirror(reflecting: $0.value) }
        let edge = target.dependencies[0]
        let counted: [String: Int] = [
            "TargetID": Mirror(reflecting: target.id).children.count,
            "Target": targetFields?.children.count ?? 0,
            "BuildSetting": Mirror(reflecting: target.settings[0]).children.count,
            "DependencyCondition": Mirror(reflecting: edge.condition!).children.count,
            "DependencyEdge": Mirror(reflecting: edge).children.count,
            "PackageNode": Mirror(reflecting: Self.graph.packages[0]).children.count,
            "Product": Mirror(reflecting: Self.graph.packages[0].products[0]).children.count,
            "RemoteRequirement": Mirror(reflecting: Self.graph.packages[0].remoteRequirements.values.first!).children.count,
            "ResolvedPin": Mirror(reflecting: Self.graph.packages[0].resolvedPins!.values.first!).children.count,
            "ExternalProduct": Mirror(reflecting: Self.graph.externalProducts[0]).children.count,
        ]
        #expect(counted == ModuleGraphCodec.fieldCounts)
    }
}
