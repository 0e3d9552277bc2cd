import Foundation
import ImportScanning
import TestSupport
import Testing
@testable import PackageLoading
@testable import Caches

/// The file cache with inspecting scans: what a scan looked for is stored with it, so a run that
/// asks for something else reads the file again, and a run that asks for nothing beyond imports
/// is served by any stored scan.
@Suite(.tags(.medium)) struct InspectionCacheTests {
    @Test func aStoredScanServesTheSameRequestOrNoneAndNoOther() throws {
        let (scenario, loaded, _) = try CacheCorrectnessTests.Scenario.settled(
            "import Foundation\nfinal class Loader: @unchecked Sendable {\n    let session = URLSession.shared\n}\n")
        defer { scenario.cleanUp() }
        let cache = FileImportCache(cacheFolder: scenario.cache, root: loaded.root)
        let request = SourceInspection(identifiers: ["URLSession"], declarations: true)

        let cold = SourceScan.scan(loaded, cache: cache, inspection: request)
        #expect(cold.filesRead == 1)
        let warm = SourceScan.scan(loaded, cache: cache, inspection: request)
        #expect(warm.filesRead == 0)
        let file = try #require(warm.sources.values.first?.first)
        #expect(file.identifiers.map(\.identifier) == ["URLSession"])
        #expect(file.declarations.map(\.name) == ["Loader"] && file.declarations.first?.isUncheckedSendable == true)
        #expect(file.lineTexts[3] == "let session = URLSession.shared")

        #expect(SourceScan.scan(loaded, cache: cache).filesRead == 0, "imports alone: any stored scan serves")
        let other = SourceScan.scan(loaded, cache: cache, inspection: SourceInspection(identifiers: ["Bundle.main"]))
        #expect(other.filesRead == 1, "another request reads the file again")
        #expect(other.sources.values.first?.first?.identifiers.isEmpty == true)
    }
}

@Suite(.tags(.small)) struct InspectedScanCodecTests {
    @Test(arguments: Fixtures.swiftFiles(in: "ScannerCorpus") + Fixtures.swiftFiles(in: "ScannerTraps"))
    func anInspectedScanSurvivesTheCacheUnchanged(_ path: String) throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let request = SourceInspection(identifiers: ["Foundation", "URLSession", "Bundle.main", "print"], declarations: true)
        let scan = bytes.withUnsafeBufferPointer { ImportScanner.scan($0, inspecting: request) }
        let encoded = try #require(CachedScan.encode(scan, lineTexts: [:], inspection: request))
        var conditions = ConditionMemo()
        let decoded = try #require(CachedScan.decode(encoded, conditions: &conditions))
        #expect(decoded.scan == scan)
        #expect(decoded.inspectionKey == request.key)
        #expect(CachedScan.decode(Array(encoded.dropLast()), conditions: &conditions) == nil, "a truncated entry is no entry")
    }
}
