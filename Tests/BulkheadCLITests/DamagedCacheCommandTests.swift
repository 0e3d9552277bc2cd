import Foundation
@testable import PackageLoading
@testable import Caches
import TestSupport
import Testing
@testable import BulkheadCLI

/// A cache entry damaged on disk is a miss: the run reports what it would without a cache.
@Suite(.tags(.medium)) struct DamagedCacheCommandTests {
    struct Report: Decodable {
        struct Finding: Decodable, Equatable {
            var rule: String
            var file: String?
            var line: Int?
        }

        var findings: [Finding]
    }

    static func check(_ copy: String, cache: String) -> CommandRun {
        let fixture = XcodeProjectCommandTests.fixture
        let describer = RecordedPackageDescriber(root: copy, recordings: Fixtures.path(fixture) + "/.toolchain")
        var environment = ProcessInfo.processInfo.environment
        environment["BULKHEAD_CACHE_DIR"] = cache
        return CommandRun.run(["check", "--format", "json", "--quiet", "--package-path", copy], in: RepositoryRoot.path,
                              environment: environment, packageDescriber: describer)
    }

    /// The reproduction of issue 49: one byte changed inside the stored listing of the root,
    /// in the project's name, left the Xcode project out of every later run (exit 0, no findings).
    @Test func aDamagedFolderListingStillFindsTheXcodeProject() throws {
        let copy = try Fixtures.copy(XcodeProjectCommandTests.fixture)
        let temporary = (copy as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let cache = temporary + "/cache"
        // Listings are stored only once their folders are a second old.
        Thread.sleep(forTimeInterval: 1.1)
        let first = Self.check(copy, cache: cache)
        #expect(first.status == .violations, "\(first.standardError)")
        let expected = try JSONDecoder().decode(Report.self, from: Data(first.standardOutput.utf8)).findings
        #expect(!expected.isEmpty)

        let folder = cache + "/folders/v\(FolderListingCache.formatVersion)"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(files.count == 1)
        let file = folder + "/" + (files.first ?? "")
        let name = Array("TravelApp.xcodeproj".utf8)
        for offset in [name.count - 1, 0] {
            var bytes = try #require(CacheLocation.readBytes(file))
            let start = try #require(bytes.indices.first { bytes[$0...].starts(with: name) }, "the listing names no project")
            bytes[start + offset] ^= 0x01
            try Data(bytes).write(to: URL(fileURLWithPath: file))
            let damaged = Self.check(copy, cache: cache)
            #expect(damaged.status == .violations, "\(damaged.standardError)")
            #expect(try JSONDecoder().decode(Report.self, from: Data(damaged.standardOutput.utf8)).findings == expected)
        }
    }
}
