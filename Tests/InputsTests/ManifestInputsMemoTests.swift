import Foundation
@testable import PackageLoading
@testable import Caches
import Testing

/// What a package's manifests read, remembered between runs: taken from the memo only for the
/// very bytes and the very Bulkhead it was found for, else found again and stored.
@Suite(.tags(.small)) struct ManifestInputsMemoTests {
    private static let reading = Array(#"""
        // swift-tools-version:6.0
        import PackageDescription
        let package = Package(name: Context.environment["SHOP_FLAVOR"] ?? "Shop")
        """#.utf8)

    private static func memo(identity: String = "bulkhead 1") -> (ManifestInputsMemo, cleanUp: () -> Void) {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-memo-\(UUID().uuidString)").path
        return (ManifestInputsMemo(cacheFolder: cache, packageFolder: "/repo/Shop", identity: identity),
                { try? FileManager.default.removeItem(atPath: cache) })
    }

    /// A memo holding `inputs` for `bytes`, to show which answer was taken.
    private static func plant(_ inputs: ManifestInputs, for bytes: [UInt8], in memo: ManifestInputsMemo) throws {
        try FileManager.default.createDirectory(atPath: (memo.file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(ManifestInputsMemo.encode([("Package.swift", bytes, inputs)], identity: memo.identity)).write(to: URL(fileURLWithPath: memo.file))
    }

    private static let planted = ManifestInputs(environmentVariables: ["PLANTED"], readsWholeEnvironment: true, unlistedName: nil)

    @Test func whatIsFoundIsStoredAndTakenForTheSameBytes() throws {
        let (memo, cleanUp) = Self.memo()
        defer { cleanUp() }
        let found = memo.inputs(of: [("Package.swift", Self.reading)])
        #expect(found == [ManifestInputs(manifest: Self.reading)])
        #expect(found.first?.environmentVariables == ["SHOP_FLAVOR"])
        #expect(FileManager.default.fileExists(atPath: memo.file))
        #expect(memo.inputs(of: [("Package.swift", Self.reading)]) == found)
        try Self.plant(Self.planted, for: Self.reading, in: memo)
        #expect(memo.inputs(of: [("Package.swift", Self.reading)]) == [Self.planted])
    }

    @Test func otherBytesNamesOrBuildsAreFoundAgain() throws {
        let (memo, cleanUp) = Self.memo()
        defer { cleanUp() }
        try Self.plant(Self.planted, for: Self.reading, in: memo)
        let edited = Self.reading + Array("\n".utf8)
        #expect(memo.inputs(of: [("Package.swift", edited)]) == [ManifestInputs(manifest: edited)])
        try Self.plant(Self.planted, for: Self.reading, in: memo)
        #expect(memo.inputs(of: [("Package@swift-6.0.swift", Self.reading)]) == [ManifestInputs(manifest: Self.reading)])
        try Self.plant(Self.planted, for: Self.reading, in: memo)
        #expect(memo.inputs(of: [("Package.swift", Self.reading), ("Package@swift-6.0.swift", Self.reading)]).count == 2)
        try Self.plant(Self.planted, for: Self.reading, in: memo)
        var rebuilt = memo
        rebuilt.identity = "bulkhead 2"
        #expect(rebuilt.inputs(of: [("Package.swift", Self.reading)]) == [ManifestInputs(manifest: Self.reading)])
    }

    @Test func aDamagedMemoIsAMissAndIsWrittenAgain() throws {
        let (memo, cleanUp) = Self.memo()
        defer { cleanUp() }
        let whole = ManifestInputsMemo.encode([("Package.swift", Self.reading, Self.planted)], identity: memo.identity)
        #expect(ManifestInputsMemo.decode(whole, identity: memo.identity)?.first?.inputs == Self.planted)
        #expect(ManifestInputsMemo.decode(whole, identity: "another") == nil)
        for cut in [1, whole.count / 2, whole.count - 1] {
            #expect(ManifestInputsMemo.decode(Array(whole.prefix(cut)), identity: memo.identity) == nil)
        }
        #expect(ManifestInputsMemo.decode(whole + [0], identity: memo.identity) == nil)
        try FileManager.default.createDirectory(atPath: (memo.file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(whole.prefix(whole.count / 2)).write(to: URL(fileURLWithPath: memo.file))
        #expect(memo.inputs(of: [("Package.swift", Self.reading)]) == [ManifestInputs(manifest: Self.reading)])
        #expect(memo.inputs(of: [("Package.swift", Self.reading)]) == [ManifestInputs(manifest: Self.reading)])
        #expect(try ManifestInputsMemo.decode(Array(Data(contentsOf: URL(fileURLWithPath: memo.file))), identity: memo.identity) != nil)
    }

    /// Through the graph cache: a manifest naming something unlisted is never cached, from the
    /// memo as when found.
    @Test func anUncacheableManifestStaysUncacheableThroughTheMemo() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-memo-key-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        let folder = base + "/Shop"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("import PackageDescription\nlet x = FileManager.default\n".utf8).write(to: URL(fileURLWithPath: folder + "/Package.swift"))
        let cache = GraphCache(cacheFolder: base + "/cache", environment: [:])
        #expect(cache.key("dump-package", packageAt: folder, toolchain: "t") == nil)
        #expect(cache.key("dump-package", packageAt: folder, toolchain: "t") == nil)
        try Data(Self.reading).write(to: URL(fileURLWithPath: folder + "/Package.swift"))
        let environment = ["SHOP_FLAVOR": "beta", "OTHER": "x"]
        let keyed = GraphCache(cacheFolder: base + "/cache", environment: environment)
        let first = try #require(keyed.key("dump-package", packageAt: folder, toolchain: "t"))
        #expect(first.environment == ["SHOP_FLAVOR": .some("beta")])
        #expect(keyed.key("dump-package", packageAt: folder, toolchain: "t") == first)
        #expect(GraphCacheKey.current(question: "dump-package", folder: folder, toolchain: "t", environment: environment) == first)
    }
}
