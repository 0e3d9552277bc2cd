import Foundation
import Synchronization
import Testing
@testable import PackageLoading
@testable import Caches
@testable import FileAccess

/// The toolchain of `CacheCorrectnessTests` (answers from the manifest and folder as they are
/// when it reads them), with a hook run once, at the start of the first call of `question`:
/// the moment between the loader making its key and the toolchain reading the package, where
/// another run's `--fix` or an editor's save lands.
final class ChangingWhileAsked: PackageDescriber, @unchecked Sendable {
    let answering = FakeToolchain()
    private let pending: Mutex<(question: String, change: (@Sendable (String) -> Void)?)>

    init(on question: String, change: @escaping @Sendable (_ folder: String) -> Void) {
        pending = Mutex((question, change))
    }

    private func changeOnce(_ question: String, _ folder: String) {
        let change: (@Sendable (String) -> Void)? = pending.withLock { pending in
            guard pending.question == question else { return nil }
            defer { pending.change = nil }
            return pending.change
        }
        change?(folder)
    }

    func toolchainIdentity() -> String { answering.toolchainIdentity() }

    func describe(packageAt folder: String) throws(InputError) -> Data {
        changeOnce("describe", folder)
        return try answering.describe(packageAt: folder)
    }

    func dumpPackage(packageAt folder: String) throws(InputError) -> Data {
        changeOnce("dump-package", folder)
        return try answering.dumpPackage(packageAt: folder)
    }
}

/// A cache entry holds only an answer to exactly what its key describes: an answer the
/// toolchain gave while the package changed under it (read after the key was made) is used
/// for that run and never stored, so a later run of the state the key describes is asked
/// anew, not answered with another state's graph. The race of two `check --fix` runs sharing a
/// cache, made deterministic: the other run's fix rewrites the manifest inside the call.
@Suite(.tags(.medium)) struct AnswerAskedDuringAChangeTests {
    static let original = "// swift-tools-version: 6.0\n// target: A\n"
    static let rewritten = "// swift-tools-version: 6.0\n// target: B\n"

    /// A temporary folder holding `Repo/Package` (the package) and `cache`.
    struct Layout {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-changing-\(UUID().uuidString)").path
        var repository: String { base + "/Repo" }
        var package: String { repository + "/Package" }
        var cache: String { base + "/cache" }

        init() throws {
            try FileManager.default.createDirectory(atPath: package + "/Sources/A", withIntermediateDirectories: true)
            try AnswerAskedDuringAChangeTests.original.write(toFile: package + "/Package.swift", atomically: true, encoding: .utf8)
            try "import Foundation\n".write(toFile: package + "/Sources/A/a.swift", atomically: true, encoding: .utf8)
        }

        /// The targets and sources of a load, through the package itself (the loader looks its
        /// answer up ahead) or through the folder above it (discovery finds it).
        func load(_ describer: any PackageDescriber, fromAbove: Bool) throws -> [String] {
            let loader = PackageGraphLoader(describer: describer, width: 2, cache: GraphCache(cacheFolder: cache, environment: [:]))
            let loaded = try loader.load(at: fromAbove ? repository : package)
            return loaded.graph.targets.map { "\($0.name): \($0.sources.sorted().joined(separator: " "))" }.sorted()
        }

        /// A load by a toolchain of another version first: the cache then holds an entry and a
        /// graph for the folder under other keys, so the loader makes its key before it asks.
        func warmUnderAnotherToolchain() throws {
            let older = FakeToolchain()
            older.version = "0.9"
            _ = try load(older, fromAbove: false)
            _ = try load(older, fromAbove: true)
        }

        func cleanUp() { try? FileManager.default.removeItem(atPath: base) }
    }

    /// What may happen to a package between its key and the toolchain's answer.
    enum Change: String, CaseIterable, Sendable {
        case nothing
        case manifestReplacedByARename
        case manifestRewrittenInPlaceSameSize
        case manifestTimesPutBackAfterARewrite
        case versionedManifestAdded
        case packageResolvedAdded

        func make(in folder: String) throws {
            let manifest = folder + "/Package.swift"
            switch self {
            case .nothing:
                break
            case .manifestReplacedByARename:
                try AnswerAskedDuringAChangeTests.rewritten.write(toFile: manifest, atomically: true, encoding: .utf8)
            case .manifestRewrittenInPlaceSameSize:
                try AnswerAskedDuringAChangeTests.rewritten.write(toFile: manifest, atomically: false, encoding: .utf8)
            case .manifestTimesPutBackAfterARewrite:
                let modified = try #require(try FileManager.default.attributesOfItem(atPath: manifest)[.modificationDate] as? Date)
                try AnswerAskedDuringAChangeTests.rewritten.write(toFile: manifest, atomically: false, encoding: .utf8)
                try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: manifest)
            case .versionedManifestAdded:
                try AnswerAskedDuringAChangeTests.original.write(toFile: folder + "/Package@swift-6.0.swift", atomically: true, encoding: .utf8)
            case .packageResolvedAdded:
                try "{}\n".write(toFile: folder + "/Package.resolved", atomically: true, encoding: .utf8)
            }
        }
    }

    /// Each change to what a key reads, made after the key: the key no longer holds, so an
    /// answer asked after it is not stored; with no change it holds and is stored.
    @Test(arguments: Change.allCases)
    func aKeyHoldsOnlyWhileWhatItReadIsUnchanged(_ change: Change) throws {
        let layout = try Layout()
        defer { layout.cleanUp() }
        let cache = GraphCache(cacheFolder: layout.cache, environment: [:])
        let key = try #require(cache.key("dump-package", packageAt: layout.package, toolchain: "t"))
        try change.make(in: layout.package)
        let unchanged = change == .nothing
        #expect(key.inputsHeldStill() == unchanged)
        #expect(cache.store(Data("{}".utf8), for: key) == unchanged)
        #expect(cache.holdsEntry(for: "dump-package", packageAt: layout.package) == unchanged)
    }

    /// The other run's fix replaces the manifest (a new file renamed over it) after the key
    /// read it and before the toolchain does. That run answers for what it read; the next run
    /// of the original manifest must not get the rewritten one's graph — neither the stored
    /// answer nor the stored graph.
    @Test(arguments: [false, true])
    func aManifestReplacedDuringDumpPackageLeavesNoAnswerForItsOldKey(fromAbove: Bool) throws {
        let layout = try Layout()
        defer { layout.cleanUp() }
        try layout.warmUnderAnotherToolchain()
        let changing = ChangingWhileAsked(on: "dump-package") { folder in
            try? Self.rewritten.write(toFile: folder + "/Package.swift", atomically: true, encoding: .utf8)
        }
        #expect(try layout.load(changing, fromAbove: fromAbove) == ["B: a.swift"])
        // The manifest the key was made from, as the next run meets it (a reset checkout, the
        // other run's edit undone).
        try Self.original.write(toFile: layout.package + "/Package.swift", atomically: true, encoding: .utf8)
        let next = FakeToolchain()
        #expect(try layout.load(next, fromAbove: fromAbove) == ["A: a.swift"])
        #expect(next.calls == 1)
        // Its own answer, asked while nothing changed, is stored and used.
        #expect(try layout.load(next, fromAbove: fromAbove) == ["A: a.swift"])
        #expect(next.calls == 1)
    }

    /// The same with the manifest written in place (truncated and rewritten, as an editor
    /// saves): same inode, another size.
    @Test func aManifestRewrittenInPlaceDuringDumpPackageLeavesNoAnswerForItsOldKey() throws {
        let layout = try Layout()
        defer { layout.cleanUp() }
        try layout.warmUnderAnotherToolchain()
        let changing = ChangingWhileAsked(on: "dump-package") { folder in
            try? (Self.rewritten + "// and more\n").write(toFile: folder + "/Package.swift", atomically: false, encoding: .utf8)
        }
        #expect(try layout.load(changing, fromAbove: true) == ["B: a.swift"])
        try Self.original.write(toFile: layout.package + "/Package.swift", atomically: false, encoding: .utf8)
        let next = FakeToolchain()
        #expect(try layout.load(next, fromAbove: true) == ["A: a.swift"])
        #expect(next.calls == 1)
    }

    /// `describe` lists the folder: its answer's key holds the folder's entries, made before the
    /// call. A file added during the call is in the answer, not in the key: not stored, so the
    /// folder without it is described again.
    @Test func aFileAddedDuringDescribeLeavesNoAnswerForTheFolderWithoutIt() throws {
        let layout = try Layout()
        defer { layout.cleanUp() }
        try layout.warmUnderAnotherToolchain()
        // A target mixing Swift and C: a layout the rules leave to `describe`.
        try "int b(void) { return 1; }\n".write(toFile: layout.package + "/Sources/A/b.c", atomically: true, encoding: .utf8)
        let changing = ChangingWhileAsked(on: "describe") { folder in
            try? "\n".write(toFile: folder + "/Sources/A/c.swift", atomically: true, encoding: .utf8)
        }
        #expect(try layout.load(changing, fromAbove: true) == ["A: a.swift b.c c.swift"])
        try FileManager.default.removeItem(atPath: layout.package + "/Sources/A/c.swift")
        let next = FakeToolchain()
        #expect(try layout.load(next, fromAbove: true) == ["A: a.swift b.c"])
    }
}
