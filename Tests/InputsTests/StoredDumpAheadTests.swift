import Foundation
@testable import PackageLoading
@testable import Caches
@testable import FileAccess
import Testing
import TestSupport

/// What the loader takes from the named package's answer looked up ahead: the key it would make,
/// the stored answer under that key, and the parsed dump only for the very bytes it reads.
@Suite(.tags(.small)) struct StoredDumpAheadTests {
    private static func dumpJSON(_ name: String) -> Data {
        Data(#"{"name": "\#(name)", "toolsVersion": {"_version": "6.0.0"}, "dependencies": [], "products": [], "targets": []}"#.utf8)
    }

    private static func package() throws -> (folder: String, cache: GraphCache) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-ahead-\(UUID().uuidString)").path
        let folder = base + "/Shop"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: \"Shop\")\n".utf8)
            .write(to: URL(fileURLWithPath: folder + "/Package.swift"))
        return (folder, GraphCache(cacheFolder: base + "/cache", environment: [:]))
    }

    @Test func theStoredAnswerIsLookedUpAndReadUnderTheLoadersKey() throws {
        let (folder, cache) = try Self.package()
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        let key = try #require(cache.key("dump-package", packageAt: folder, toolchain: "t"))
        let empty = StoredDumpAhead(folder: folder, cache: cache, toolchain: "t")
        #expect(empty.key == key && empty.stored == nil && empty.dump == nil)

        cache.store(Self.dumpJSON("Shop"), for: key)
        let ahead = StoredDumpAhead(folder: folder, cache: cache, toolchain: "t")
        #expect(ahead.key == key)
        #expect(ahead.stored == .answer(Self.dumpJSON("Shop")))
        #expect(ahead.dump?.name == "Shop")
        // Other bytes are parsed as they are, not answered with the dump read ahead.
        #expect(try ahead.dump(reading: Self.dumpJSON("Other")).name == "Other")
        #expect(throws: (any Error).self) { try ahead.dump(reading: Data("{".utf8)) }
        // Under another toolchain the key differs, and nothing stored answers it.
        let elsewhere = StoredDumpAhead(folder: folder, cache: cache, toolchain: "u")
        #expect(elsewhere.key != key && elsewhere.stored == nil)
    }

    @Test func aStoredAnswerThatDoesNotReadIsLeftForTheLoaderToMeet() throws {
        let (folder, cache) = try Self.package()
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        let key = try #require(cache.key("dump-package", packageAt: folder, toolchain: "t"))
        cache.store(Data("not json".utf8), for: key)
        let ahead = StoredDumpAhead(folder: folder, cache: cache, toolchain: "t")
        #expect(ahead.stored == .answer(Data("not json".utf8)))
        #expect(ahead.dump == nil)
        #expect(throws: (any Error).self) { try ahead.dump(reading: Data("not json".utf8)) }
    }

    /// Answers every `dump-package` with the same bytes.
    private struct Answering: PackageDescriber {
        var answer: Data
        func describe(packageAt folder: String) throws(InputError) -> Data { Data() }
        func dumpPackage(packageAt folder: String) throws(InputError) -> Data { answer }
        func checkAvailable() throws(InputError) {}
        func toolchainIdentity() -> String { "t" }
    }

    /// The toolchain is asked ahead exactly when the cache cannot answer: at once when nothing is
    /// stored for the folder at all, after the key when what is stored is for another key, and
    /// not when the stored answer is the key's.
    @Test func theCallStartsAheadOnlyWhenTheCacheCannotAnswer() throws {
        let (folder, cache) = try Self.package()
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        let describer = CountingDescriber(Answering(answer: Self.dumpJSON("Shop")))
        let empty = StoredDumpAhead(folder: folder, cache: cache, toolchain: "t", asking: describer)
        let key = try #require(empty.key)
        #expect(empty.stored == nil)
        #expect(try #require(empty.call).value.get() == Self.dumpJSON("Shop"))
        #expect(describer.questions == ["dump-package Shop"])

        cache.store(Self.dumpJSON("Shop"), for: key)
        let warm = StoredDumpAhead(folder: folder, cache: cache, toolchain: "t", asking: describer)
        #expect(warm.call == nil && warm.stored == .answer(Self.dumpJSON("Shop")))
        #expect(describer.questions.count == 1)

        // Stored for the folder, under another toolchain's key: asked once the key is known.
        let elsewhere = StoredDumpAhead(folder: folder, cache: cache, toolchain: "u", asking: describer)
        #expect(elsewhere.stored == nil)
        #expect(try #require(elsewhere.call).value.get() == Self.dumpJSON("Shop"))
        #expect(describer.questions.count == 2)
        // Without a describer nothing is asked.
        #expect(StoredDumpAhead(folder: folder, cache: cache, toolchain: "u").call == nil)
    }

    /// Edits the manifest while it answers, as a person saving it during a cold check would.
    private struct EditingWhileAnswering: PackageDescriber {
        var answer: Data
        func describe(packageAt folder: String) throws(InputError) -> Data { Data() }
        func dumpPackage(packageAt folder: String) throws(InputError) -> Data {
            let manifest = folder + "/Package.swift"
            let text = (try? String(contentsOfFile: manifest, encoding: .utf8)) ?? ""
            try? (text + "// saved during the call\n").write(toFile: manifest, atomically: false, encoding: .utf8)
            return answer
        }
        func checkAvailable() throws(InputError) {}
        func toolchainIdentity() -> String { "t" }
    }

    /// An answer asked ahead while the manifest changed is used for the run but never stored:
    /// its key may be the new manifest's, and the answer the old one's. Through the loader, the
    /// next run asks again rather than trusting it.
    @Test func anAnswerAskedWhileTheManifestChangedIsNotStored() throws {
        let (folder, cache) = try Self.package()
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        let editing = StoredDumpAhead(folder: folder, cache: cache, toolchain: "t", asking: EditingWhileAnswering(answer: Self.dumpJSON("Shop")))
        _ = try #require(editing.call).value
        #expect(try #require(editing.key).inputsHeldStill() == false)
        #expect(cache.store(Self.dumpJSON("Shop"), for: try #require(editing.key)) == false)
        #expect(!cache.holdsEntry(for: "dump-package", packageAt: folder))
        let still = StoredDumpAhead(folder: folder, cache: GraphCache(cacheFolder: cache.cacheFolder + "-other", environment: [:]), toolchain: "t",
                                    asking: Answering(answer: Self.dumpJSON("Shop")))
        _ = try #require(still.call).value
        #expect(try #require(still.key).inputsHeldStill() == true)

        let root = (folder as NSString).deletingLastPathComponent
        let editingLoad = CountingDescriber(EditingWhileAnswering(answer: Self.dumpJSON("Shop")))
        _ = try PackageGraphLoader(describer: editingLoad, cache: GraphCache(cacheFolder: root + "/loads", environment: [:])).load(at: folder)
        let next = CountingDescriber(Answering(answer: Self.dumpJSON("Shop")))
        _ = try PackageGraphLoader(describer: next, cache: GraphCache(cacheFolder: root + "/loads", environment: [:])).load(at: folder)
        #expect(next.questions == ["dump-package Shop"])
        let last = CountingDescriber(Answering(answer: Self.dumpJSON("Shop")))
        _ = try PackageGraphLoader(describer: last, cache: GraphCache(cacheFolder: root + "/loads", environment: [:])).load(at: folder)
        #expect(last.questions.isEmpty)
    }
}
