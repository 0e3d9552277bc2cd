import Foundation
import ImportScanning
import ParallelWork
import TestSupport
import Testing
@testable import PackageLoading
@testable import Caches
@testable import FileAccess

/// Sources read ahead while a cold load waits on the toolchain: taken by the scan only under the
/// stamp they were read with, kept by the file cache only when settled, read again when changed.
@Suite(.tags(.medium)) struct SourcePrefetchTests {
    private typealias Scenario = CacheCorrectnessTests.Scenario

    /// `paths` as discovery would have listed their folders.
    private static func listings(of paths: [String]) -> FolderListings {
        var listings = FolderListings()
        for (folder, files) in Dictionary(grouping: paths, by: { ($0 as NSString).deletingLastPathComponent }) {
            listings.record(files.map { DirectoryListing.Entry(path: ($0 as NSString).lastPathComponent, kind: .file) }.sorted { $0.path < $1.path }, of: folder)
        }
        return listings
    }

    /// What a prefetch without a cache reads of `paths`.
    private static func readAhead(_ paths: [String], inspection: SourceInspection = SourceInspection()) -> SourcePrefetch.Found {
        let prefetch = SourcePrefetch(inspection: inspection, cache: nil)
        prefetch.offer(Self.listings(of: paths))
        prefetch.start(idleCores: 1)
        return prefetch.finish(for: inspection, stoppingEarly: false)
    }

    @Test func aFileReadAheadIsTakenUnreadAndKeptByTheCache() throws {
        let (scenario, loaded, source) = try Scenario.settled("import Alpha\n")
        defer { scenario.cleanUp() }
        let cache = FileImportCache(cacheFolder: scenario.cache, root: loaded.root)
        let ahead = Self.readAhead([source])
        #expect(ahead.read[source]?.isSettled == true)
        let cold = SourceScan.scan(loaded, cache: cache, prefetched: ahead)
        #expect(cold.filesRead == 1 && cold.filesReadAhead == 1 && CacheCorrectnessTests.modules(cold) == ["Alpha"])
        let warm = SourceScan.scan(loaded, cache: cache)
        #expect(warm.filesRead == 0 && CacheCorrectnessTests.modules(warm) == ["Alpha"])
    }

    /// With a file cache, a settled file is encoded for it on the core that read it, as the scan
    /// would encode it; the cache then holds that entry, and a warm run restores it.
    @Test func aSettledFileReadAheadIsEncodedForTheCacheAsTheScanWould() throws {
        let (scenario, loaded, source) = try Scenario.settled("import Alpha\n#if os(iOS)\nimport UIKit\n#endif\n")
        defer { scenario.cleanUp() }
        let cache = FileImportCache(cacheFolder: scenario.cache, root: loaded.root)
        let prefetch = SourcePrefetch(inspection: SourceInspection(), cache: cache)
        prefetch.offer(Self.listings(of: [source]))
        prefetch.start(idleCores: 1)
        let ahead = prefetch.finish(for: SourceInspection(), stoppingEarly: false)
        let read = try #require(ahead.read[source])
        #expect(read.isSettled)
        #expect(read.encoded != nil && read.encoded == CachedScan.encode(read.scan, lineTexts: read.lineTexts, inspection: SourceInspection()))
        let cold = SourceScan.scan(loaded, cache: cache, prefetched: ahead)
        #expect(cold.filesReadAhead == 1)
        #expect(cache.load()[source]?.scan == read.encoded.map { ArraySlice($0) })
        let warm = SourceScan.scan(loaded, cache: cache)
        #expect(warm.filesRead == 0 && CacheCorrectnessTests.modules(warm) == CacheCorrectnessTests.modules(cold))
    }

    @Test func aFileChangedAfterItWasReadAheadIsReadAgain() throws {
        let (scenario, loaded, source) = try Scenario.settled("import Alpha\n")
        defer { scenario.cleanUp() }
        let ahead = Self.readAhead([source])
        try scenario.write("Sources/A/a.swift", "import Gamma\n")
        let scan = SourceScan.scan(loaded, cache: FileImportCache(cacheFolder: scenario.cache, root: loaded.root), prefetched: ahead)
        #expect(scan.filesReadAhead == 0 && CacheCorrectnessTests.modules(scan) == ["Gamma"])
    }

    /// What was read ahead is what the scan reports, under the stamp it was read with, and under
    /// no other: a planted scan shows which one the scan took.
    @Test func aScanReadAheadServesOnlyUnderItsStamp() throws {
        let (scenario, loaded, source) = try Scenario.settled("import Alpha\n")
        defer { scenario.cleanUp() }
        let stamp = try #require(FileStamp(path: source))
        let planted = ImportScanner.scan("import Planted\n")
        func scan(stampedAs stamp: FileStamp) -> [String] {
            var ahead = SourcePrefetch.Found()
            ahead.read = [source: SourcePrefetch.Scanned(stamp: stamp, isSettled: false, scan: planted, lineTexts: [:])]
            return CacheCorrectnessTests.modules(SourceScan.scan(loaded, cache: FileImportCache(cacheFolder: scenario.cache, root: loaded.root), prefetched: ahead))
        }
        #expect(scan(stampedAs: stamp) == ["Planted"])
        var other = stamp
        other.size += 1
        #expect(scan(stampedAs: other) == ["Alpha"])
    }

    /// On a warm run the cache's scans are restored ahead, each under the stamp the file has
    /// then; the scan takes them, and a file changed since restoring is not taken.
    @Test func aWarmRunRestoresScansFromTheCacheAhead() throws {
        let (scenario, loaded, source) = try Scenario.settled("import Alpha\n")
        defer { scenario.cleanUp() }
        let cache = FileImportCache(cacheFolder: scenario.cache, root: loaded.root)
        #expect(SourceScan.scan(loaded, cache: cache).filesRead == 1)
        func restoredAhead() -> SourcePrefetch.Found {
            let prefetch = SourcePrefetch(inspection: SourceInspection(), cache: cache)
            prefetch.restoreAhead()
            return prefetch.finish(for: SourceInspection(), stoppingEarly: false)
        }
        let found = restoredAhead()
        #expect(found.stored?[source] != nil && found.restored[source]?.scan.imports.map(\.module) == ["Alpha"])
        let warm = SourceScan.scan(loaded, cache: cache, prefetched: found)
        #expect(warm.filesRead == 0 && CacheCorrectnessTests.modules(warm) == ["Alpha"])

        // What the scan takes is what was restored: a planted scan shows it.
        var planted = found
        planted.restored[source]?.scan = ImportScanner.scan("import Planted\n")
        #expect(CacheCorrectnessTests.modules(SourceScan.scan(loaded, cache: cache, prefetched: planted)) == ["Planted"])

        // Changed after its stored scan: not restored ahead; the scan reads it.
        try scenario.write("Sources/A/a.swift", "import Gamma\n")
        let changed = restoredAhead()
        #expect(changed.restored.isEmpty)
        #expect(CacheCorrectnessTests.modules(SourceScan.scan(loaded, cache: cache, prefetched: changed)) == ["Gamma"])
    }

    @Test func aScanThatAsksForMoreThanTheFilesWereReadForTakesNone() throws {
        let (scenario, _, source) = try Scenario.settled("import Alpha\nlet session = URLSession.shared\n")
        defer { scenario.cleanUp() }
        func readAhead(askedFor: SourceInspection) -> SourcePrefetch.Found {
            let prefetch = SourcePrefetch(inspection: SourceInspection(), cache: nil)
            prefetch.offer(Self.listings(of: [source]))
            prefetch.start(idleCores: 1)
            return prefetch.finish(for: askedFor, stoppingEarly: false)
        }
        #expect(readAhead(askedFor: SourceInspection()).read[source] != nil)
        #expect(readAhead(askedFor: SourceInspection(identifiers: ["URLSession"])).read.isEmpty)
    }

    /// A cold load starts the reading when it asks the toolchain and a core is left over; a warm
    /// one asks nothing and reads nothing ahead.
    @Test func aColdLoadReadsAheadOnACoreTheToolchainLeavesIdle() throws {
        let (scenario, _, source) = try Scenario.settled("import Alpha\n")
        defer { scenario.cleanUp() }
        func load(cold: Bool) throws -> [String: SourcePrefetch.Scanned] {
            if cold { try? FileManager.default.removeItem(atPath: scenario.cache) }
            var loader = PackageGraphLoader(describer: scenario.toolchain, width: 1, cache: GraphCache(cacheFolder: scenario.cache, environment: scenario.environment))
            loader.prefetch = SourcePrefetch(inspection: SourceInspection(), cache: nil)
            _ = try loader.load(at: scenario.folder)
            return loader.prefetch!.finish(for: SourceInspection(), stoppingEarly: false).read
        }
        let cold = try load(cold: true)
        #expect(Array(cold.keys) == (ParallelMap.coreCount > 1 ? [source] : []), "one toolchain call leaves \(ParallelMap.coreCount - 1) cores idle")
        #expect(try load(cold: false).isEmpty)
    }
}
