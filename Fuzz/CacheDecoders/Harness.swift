@testable import ImportScanning
@testable import PackageLoading
@testable import Caches
@testable import FileAccess

/// The file cache's, the graph cache's, the loaded-graph cache's, the stored listings', the
/// manifest-inputs memo's and the toolchain version's decoders on arbitrary bytes. The first byte chooses the decoder; the rest is the entry (for
/// the whole-file formats the harness writes the header that names this version, scanner and
/// folder, so the fuzzer spends its time on the body). A scan entry is also decoded in place, as
/// a slice inside a larger buffer, and must decode as its copy does.
/// The whole-file formats end with a checksum (`CacheSeal`), which the harness appends too.
/// Oracle: no trap — a malformed entry is a miss (nil) — an entry that decodes encodes to
/// bytes that decode to the same value, and those bytes with any one byte changed are a miss.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    switch data[0] % 8 {
    case 0: scanEntry(bytes)
    case 1: clauseTable(bytes)
    case 2: fileCache(bytes)
    case 3: graphEntry(bytes)
    case 4: manifestInputsMemo(bytes)
    case 5: loadedGraphEntry(bytes)
    case 6: folderListings(bytes)
    default: toolchainVersionEntry(bytes)
    }
    return 0
}

private func scanEntry(_ bytes: [UInt8]) {
    var conditions = ConditionMemo()
    // Read in place, as the file cache reads an entry: a slice inside a larger buffer (its
    // indices start past 0) decodes exactly as a copy of its bytes does.
    let padded = [0xFF] + bytes + [0x80]
    var inPlaceConditions = ConditionMemo()
    let inPlace = CachedScan.decode(padded[1..<(padded.count - 1)], conditions: &inPlaceConditions)
    guard let decoded = CachedScan.decode(bytes, conditions: &conditions) else {
        precondition(inPlace == nil, "a slice decodes where its copy does not")
        return
    }
    guard let inPlace else { fatalError("a copy decodes where its slice does not") }
    precondition(inPlace.scan == decoded.scan && inPlace.lineTexts == decoded.lineTexts && inPlace.inspectionKey == decoded.inspectionKey,
                 "a slice decodes to another scan than its copy")
    // A restored import answers its clauses from the table, which must hold them.
    for declaration in decoded.scan.imports { _ = declaration.conditions }
    guard let encoded = CachedScan.encode(decoded.scan, lineTexts: decoded.lineTexts, inspectionKey: decoded.inspectionKey) else {
        fatalError("a decoded scan cannot be encoded again")
    }
    var fresh = ConditionMemo()
    guard let again = CachedScan.decode(encoded, conditions: &fresh) else { fatalError("a re-encoded scan does not decode") }
    precondition(again.scan == decoded.scan, "the scan changed through the cache")
    precondition(again.lineTexts == decoded.lineTexts, "the line texts changed through the cache")
    precondition(again.inspectionKey == decoded.inspectionKey, "the inspection key changed through the cache")
}

private func clauseTable(_ bytes: [UInt8]) {
    guard let (chains, nodes) = CachedScan.decodeTable(bytes) else { return }
    var conditions = ConditionMemo()
    guard let table = conditions.table(for: bytes) else { return }
    precondition(table.chains == chains && table.nodes == nodes, "the memo's table is not the decoded one")
    for node in table.nodes.indices { _ = table.clauses(enclosing: node) }
    let encoded = CachedScan.encodeTable(table)
    guard let again = CachedScan.decodeTable(encoded) else { fatalError("a re-encoded table does not decode") }
    precondition(again.chains == chains && again.nodes == nodes, "the table changed through the cache")
}

private func fileCache(_ body: [UInt8]) {
    var header = CacheWriter()
    header.raw(FileImportCache.magic)
    header.integer(FileImportCache.formatVersion)
    header.string("scanner")
    header.string("/root")
    let bytes = CacheSeal.sealed(header.bytes + body)
    guard let entries = FileImportCache.entries(in: bytes, scanner: "scanner", root: "/root") else { return }
    // Each entry's scan is a slice of the bytes read: the same bytes as the block written.
    for entry in entries.values {
        var fromSlice = ConditionMemo()
        var fromCopy = ConditionMemo()
        let inPlace = CachedScan.decode(entry.scan, conditions: &fromSlice)
        let copied = CachedScan.decode(Array(entry.scan), conditions: &fromCopy)
        precondition(inPlace?.scan == copied?.scan && inPlace?.lineTexts == copied?.lineTexts, "an entry read in place decodes otherwise")
    }
    let encoded = FileImportCache.encode(entries, scanner: "scanner", root: "/root")
    precondition(FileImportCache.entries(in: encoded, scanner: "scanner", root: "/root") == entries, "the file cache changed through a write")
    precondition(FileImportCache.entries(in: encoded, scanner: "other", root: "/root") == nil, "another scanner's cache was read")
    precondition(FileImportCache.entries(in: damaged(encoded, by: body), scanner: "scanner", root: "/root") == nil, "a damaged file cache was read")
}

private func graphEntry(_ body: [UInt8]) {
    var header = CacheWriter()
    header.raw(GraphCache.magic)
    header.integer(GraphCache.formatVersion)
    guard let entry = GraphCache.entry(in: CacheSeal.sealed(header.bytes + body)) else { return }
    let encoded = GraphCache.encodeEntry(key: entry.key, answer: entry.answer)
    guard let again = GraphCache.entry(in: encoded) else { fatalError("a re-encoded graph entry does not decode") }
    precondition(again.key == entry.key && again.answer == entry.answer, "the graph entry changed through a write")
    precondition(GraphCache.entry(in: damaged(encoded, by: body)) == nil, "a damaged graph entry was read")
}

/// The memo of what manifests read: an entry read for one Bulkhead writes back to the same
/// entries, and is never read for another.
private func manifestInputsMemo(_ body: [UInt8]) {
    var header = CacheWriter()
    header.raw(ManifestInputsMemo.magic)
    header.integer(ManifestInputsMemo.formatVersion)
    header.string("bulkhead")
    guard let entries = ManifestInputsMemo.decode(CacheSeal.sealed(header.bytes + body), identity: "bulkhead") else { return }
    let encoded = ManifestInputsMemo.encode(entries, identity: "bulkhead")
    guard let again = ManifestInputsMemo.decode(encoded, identity: "bulkhead") else { fatalError("a re-encoded memo does not decode") }
    precondition(again.count == entries.count && zip(again, entries).allSatisfy { $0.name == $1.name && $0.bytes == $1.bytes && $0.inputs == $1.inputs },
                 "the memo changed through a write")
    precondition(ManifestInputsMemo.decode(encoded, identity: "another") == nil, "another build's memo was read")
    precondition(ManifestInputsMemo.decode(damaged(encoded, by: body), identity: "bulkhead") == nil, "a damaged memo was read")
}

/// The cached toolchain version: an entry read for one identity gives a version that, written
/// again, reads back the same, and is never read for another identity.
private func toolchainVersionEntry(_ body: [UInt8]) {
    let identity = "/usr/bin/swift 1 2 3"
    let bytes = CacheSeal.sealed(ToolchainVersion.magic + Array((identity + "\n").utf8) + body)
    guard let version = ToolchainVersion.entry(bytes, identity: identity) else { return }
    let encoded = ToolchainVersion.encodeEntry(identity: identity, version: version)
    precondition(ToolchainVersion.entry(encoded, identity: identity) == version, "the toolchain version changed through a write")
    precondition(ToolchainVersion.entry(encoded, identity: "another") == nil, "another toolchain's version was read")
    precondition(ToolchainVersion.entry(damaged(encoded, by: body), identity: identity) == nil, "a damaged toolchain version was read")
}

/// A stored graph: an entry read for one Bulkhead writes back to an entry that reads as the same
/// graph, key, listings, probes, warnings and manifests, and is never read for another build.
private func loadedGraphEntry(_ body: [UInt8]) {
    var header = CacheWriter()
    header.raw(LoadedGraphCache.magic)
    header.integer(LoadedGraphCache.formatVersion)
    header.string("bulkhead")
    guard let entry = LoadedGraphCache.entry(in: CacheSeal.sealed(header.bytes + body), identity: "bulkhead") else { return }
    let loaded = LoadedGraph(graph: entry.graph, root: "/root", warnings: entry.warnings, toolchainCalls: 0, manifestDumps: entry.manifestDumps,
                             toolchainVersion: entry.toolchainVersion)
    guard let encoded = LoadedGraphCache.encodeEntry(loaded, key: entry.key, listings: entry.listings, listingsGeneration: entry.listingsGeneration,
                                                     probes: entry.probes, checkouts: entry.checkouts, identity: "bulkhead") else {
        fatalError("a decoded graph cannot be encoded again")
    }
    guard let again = LoadedGraphCache.entry(in: encoded, identity: "bulkhead") else { fatalError("a re-encoded graph entry does not decode") }
    precondition(again.key == entry.key && again.listings == entry.listings && again.listingsGeneration == entry.listingsGeneration
                 && again.probes == entry.probes && again.checkouts.elementsEqual(entry.checkouts, by: { $0.folder == $1.folder && $0.key == $1.key }),
                 "the entry's key changed through a write")
    precondition(again.graph.packages == entry.graph.packages && again.graph.targets == entry.graph.targets
                 && again.graph.externalProducts == entry.graph.externalProducts, "the graph changed through a write")
    precondition(again.warnings == entry.warnings && again.manifestDumps == entry.manifestDumps && again.toolchainVersion == entry.toolchainVersion,
                 "the load's other results changed through a write")
    precondition(LoadedGraphCache.entry(in: encoded, identity: "another") == nil, "another build's graph was read")
    precondition(LoadedGraphCache.entry(in: damaged(encoded, by: body), identity: "bulkhead") == nil, "a damaged graph entry was read")
}

/// Stored listings: read for one root and build, written back to the same listings, and never
/// read for another root or build.
private func folderListings(_ body: [UInt8]) {
    var header = CacheWriter()
    header.raw(FolderListingCache.magic)
    header.integer(FolderListingCache.formatVersion)
    header.string("bulkhead")
    header.string("/root")
    guard let listings = FolderListingCache.decode(CacheSeal.sealed(header.bytes + body), root: "/root", identity: "bulkhead") else { return }
    precondition(listings.generation != 0, "listings of no generation were read")
    let encoded = FolderListingCache.encode(listings, root: "/root", identity: "bulkhead")
    precondition(FolderListingCache.decode(encoded, root: "/root", identity: "bulkhead") == listings, "the listings changed through a write")
    precondition(FolderListingCache.decode(encoded, root: "/other", identity: "bulkhead") == nil, "another root's listings were read")
    precondition(FolderListingCache.decode(encoded, root: "/root", identity: "another") == nil, "another build's listings were read")
    precondition(FolderListingCache.decode(damaged(encoded, by: body), root: "/root", identity: "bulkhead") == nil, "damaged listings were read")
}

/// `encoded` with one byte changed, at a position and by a value the fuzzer's input picks: a
/// sealed entry with any byte damaged must read as a miss.
private func damaged(_ encoded: [UInt8], by input: [UInt8]) -> [UInt8] {
    var bytes = encoded
    let choice = input.prefix(4).reduce(0) { $0 &* 251 &+ Int($1) }
    bytes[choice % bytes.count] ^= UInt8(truncatingIfNeeded: choice % 255 + 1)
    return bytes
}
