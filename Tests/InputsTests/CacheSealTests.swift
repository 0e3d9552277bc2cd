import Diagnostics
import Formats
import Foundation
import ModuleGraph
import Testing
@testable import PackageLoading
@testable import Caches
@testable import FileAccess

/// Every cache entry carries the checksum of its body (`CacheSeal`): one with any byte changed
/// is a miss, not a different entry. Before, a changed byte inside a stored name or number read
/// as another value: a folder listing that named `App.xcodeproj` named something else, and the
/// project was left out of every later run.
@Suite(.tags(.small)) struct CacheSealTests {
    static let stamp = FileStamp(size: 4096, modified: 1_700_000_000_000_000_001, changed: 5, inode: 12, device: 3)

    /// Each kind of entry as written, with a decoder that says whether it reads.
    static var kinds: [(name: String, bytes: [UInt8], reads: ([UInt8]) -> Bool)] { [
        ("folder listings",
         FolderListingCache.encode(FolderListingCache.Listings(generation: 42, folders: [
             "": FolderListingCache.Stored(stamp: stamp, entries: [DirectoryListing.Entry(path: "App.xcodeproj", kind: .folder),
                                                                  DirectoryListing.Entry(path: "Package.swift", kind: .file)]),
         ]), root: "/r", identity: "bulkhead"),
         { FolderListingCache.decode($0, root: "/r", identity: "bulkhead") != nil }),
        ("file imports",
         FileImportCache.encode(["/r/A.swift": FileImportCache.Entry(stamp: stamp, scan: Array("import Core".utf8))], scanner: "s", root: "/r"),
         { FileImportCache.entries(in: $0, scanner: "s", root: "/r") != nil }),
        ("graph", GraphCache.encodeEntry(key: Array("dump-package /r".utf8), answer: Array(#"{"name":"Shop"}"#.utf8)),
         { GraphCache.entry(in: $0) != nil }),
        ("loaded graph",
         LoadedGraphCache.encodeEntry(LoadedGraph(graph: ModuleGraph(packages: [], targets: []), root: "/r", warnings: [LoadWarning(code: "c", text: "w")], toolchainCalls: 0,
                                                  manifestDumps: ["shop": Data("{}".utf8)], toolchainVersion: [6, 3]),
                                      key: [1, 2, 3], listings: [4, 5], listingsGeneration: 7, probes: [], checkouts: [("/c", [8])], identity: "bulkhead") ?? [],
         { LoadedGraphCache.entry(in: $0, identity: "bulkhead") != nil }),
        ("manifest inputs",
         ManifestInputsMemo.encode([("Package.swift", Array("// swift-tools-version: 6.0".utf8),
                                     ManifestInputs(environmentVariables: ["CI"], readsWholeEnvironment: false, unlistedName: nil))], identity: "bulkhead"),
         { ManifestInputsMemo.decode($0, identity: "bulkhead") != nil }),
        ("toolchain version", ToolchainVersion.encodeEntry(identity: "swift 1 2 3", version: [6, 3, 1]),
         { ToolchainVersion.entry($0, identity: "swift 1 2 3") != nil }),
    ] }

    @Test(arguments: kinds.indices)
    func anEntryWithAnyByteChangedIsAMiss(_ kind: Int) {
        let (name, bytes, reads) = Self.kinds[kind]
        #expect(reads(bytes), "\(name) as written does not read")
        for position in bytes.indices {
            for change: UInt8 in [0x01, 0x80, 0xFF] {
                var damaged = bytes
                damaged[position] ^= change
                #expect(!reads(damaged), "\(name) read with byte \(position) of \(bytes.count) changed by \(change)")
            }
        }
        #expect(!reads(Array(bytes.dropLast())) && !reads(bytes + [0]), "\(name) read cut short or lengthened")
    }

    @Test func theChecksumIsTheSameOnEveryRunAndSeesEveryByte() {
        let bytes = Array("bulkhead cache entry, longer than eight bytes".utf8)
        #expect(StableHash.checksum(bytes) == StableHash.checksum(bytes[...]))
        var seen: Set<UInt64> = [StableHash.checksum(bytes)]
        for position in bytes.indices {
            var changed = bytes
            changed[position] ^= 0x20
            seen.insert(StableHash.checksum(changed))
        }
        #expect(seen.count == bytes.count + 1)
        #expect(StableHash.checksum([UInt8]()) != StableHash.checksum([0]))
    }
}
