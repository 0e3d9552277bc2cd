import Foundation
import ModuleGraph
import TestSupport
import Testing
@testable import PackageLoading
@testable import Caches
@testable import FileAccess

/// Discovery's stored listings (`FolderListingCache`): a folder whose stamp is unchanged is read
/// from the store, one that changed is listed again, and one changed too recently to trust its
/// stamp is never stored.
@Suite(.tags(.medium)) struct FolderListingCacheTests {
    let root: String

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-listings-\(UUID().uuidString)").path
        for folder in ["Sources/A", "Sources/B"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        for file in ["Package.swift", "Sources/A/a.swift", "Sources/B/b.swift"] {
            try Data("// \(file)\n".utf8).write(to: URL(fileURLWithPath: root + "/" + file))
        }
    }

    func cleanUp() { try? FileManager.default.removeItem(atPath: root) }


    func walk(_ stored: FolderListingCache.Listings?) -> PackageDiscovery.Result {
        PackageDiscovery.discover(under: root, rules: .defaults, stored: stored)
    }

    @Test func aFolderIsReadFromTheStoreWhileItsStampHolds() throws {
        defer { cleanUp() }
        // Made just now: nothing has settled, so there is nothing to store.
        let fresh = walk(FolderListingCache.Listings(generation: 0, folders: [:]))
        #expect(fresh.listingsToStore == nil && fresh.listingsGeneration == 0)
        #expect(fresh.listings.encoded == walk(nil).listings.encoded)

        Thread.sleep(forTimeInterval: 1.1)
        let first = walk(FolderListingCache.Listings(generation: 0, folders: [:]))
        let stored = try #require(first.listingsToStore)
        #expect(stored.folders.keys.sorted() == ["", "Sources", "Sources/A", "Sources/B"])
        #expect(stored.generation != 0 && first.listingsGeneration == stored.generation)

        // Nothing changed: nothing to write, and the listings are the stored ones, as a walk
        // without the store finds them.
        let second = walk(stored)
        #expect(second.listingsToStore == nil && second.listingsGeneration == stored.generation)
        #expect(second.listings.encoded == walk(nil).listings.encoded && second.folders == walk(nil).folders)

        // What is read is the store's: an entry only the store holds shows, while the stamp holds.
        var tampered = stored
        tampered.folders["Sources/A"]?.entries.append(DirectoryListing.Entry(path: "z.swift", kind: .file))
        let fromStore = walk(tampered)
        #expect(fromStore.listings.entries(of: root + "/Sources/A")?.map(\.path) == ["a.swift", "z.swift"])

        // A file added changes its folder's stamp: listed again, and not stored until it settles.
        try Data("// c\n".utf8).write(to: URL(fileURLWithPath: root + "/Sources/A/c.swift"))
        let added = walk(tampered)
        #expect(added.listings.entries(of: root + "/Sources/A")?.map(\.path) == ["a.swift", "c.swift"])
        let rewritten = try #require(added.listingsToStore)
        #expect(rewritten.folders["Sources/A"] == nil && rewritten.folders["Sources/B"] == stored.folders["Sources/B"])
        #expect(added.listingsGeneration == 0)
        // Listed again while it settles, with nothing new to store: nothing is written.
        let unsettled = walk(rewritten)
        #expect(unsettled.listingsToStore == nil && unsettled.listingsGeneration == 0)

        // A folder removed is dropped from the store.
        try FileManager.default.removeItem(atPath: root + "/Sources/B")
        let removed = walk(stored)
        #expect(removed.listingsToStore?.folders["Sources/B"] == nil && removed.folders == [root])
        #expect(removed.listings.entries(of: root + "/Sources")?.map(\.path) == ["A"])
    }

    @Test func aRootNamedThroughALinkIsReadFromTheStoreToo() throws {
        defer { cleanUp() }
        let link = root + "-link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: root)
        defer { try? FileManager.default.removeItem(atPath: link) }
        Thread.sleep(forTimeInterval: 1.1)
        let stored = try #require(PackageDiscovery.discover(under: link, rules: .defaults, stored: .init(generation: 0, folders: [:])).listingsToStore)
        #expect(stored.folders[""] != nil)
        let again = PackageDiscovery.discover(under: link, rules: .defaults, stored: stored)
        #expect(again.listingsToStore == nil && again.listingsGeneration == stored.generation)
    }

    @Test func storedListingsComeBackAsWritten() throws {
        defer { cleanUp() }
        let stamp = FileStamp(size: 4096, modified: 1_700_000_000_000_000_001, changed: -5, inode: 12, device: .max)
        let listings = FolderListingCache.Listings(generation: 42, folders: [
            "": FolderListingCache.Stored(stamp: stamp, entries: [DirectoryListing.Entry(path: "Package.swift", kind: .file)]),
            "Sources": FolderListingCache.Stored(stamp: stamp, entries: [DirectoryListing.Entry(path: "A", kind: .folder),
                                                                         DirectoryListing.Entry(path: "l", kind: .symbolicLink),
                                                                         DirectoryListing.Entry(path: "p", kind: .other)]),
        ])
        let encoded = FolderListingCache.encode(listings, root: root, identity: "bulkhead")
        #expect(FolderListingCache.decode(encoded, root: root, identity: "bulkhead") == listings)
        #expect(FolderListingCache.decode(encoded, root: root + "/other", identity: "bulkhead") == nil)
        #expect(FolderListingCache.decode(encoded, root: root, identity: "another build") == nil)
        for length in 0..<encoded.count {
            #expect(FolderListingCache.decode(Array(encoded.prefix(length)), root: root, identity: "bulkhead") == nil)
        }
    }

    @Test func aStoredGraphTrustsListingsOfItsOwnGenerationAndComparesOthers() {
        defer { cleanUp() }
        let entry = LoadedGraphCache.Entry(key: [1], listings: FolderListings().encoded, listingsGeneration: 7, probes: [],
                                           graph: ModuleGraph(packages: [], targets: []), warnings: [], manifestDumps: [:], toolchainVersion: nil)
        var other = FolderListings()
        other.record([DirectoryListing.Entry(path: "x.swift", kind: .file)], of: root)
        #expect(entry.holds(key: [1], listings: FolderListings().encoded, generation: 0))
        #expect(!entry.holds(key: [1], listings: other.encoded, generation: 8))
        // The same generation is the same stored listings: not compared again.
        #expect(entry.holds(key: [1], listings: other.encoded, generation: 7))
    }
}
