import Foundation

/// The cache folder of this test process: a temporary folder, so no test ever reads or writes
/// the user's real cache. Every command a test runs gets it as `BULKHEAD_CACHE_DIR` unless the
/// test names its own.
package enum TestCache {
    package static let folder: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-test-cache-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// `environment` with `BULKHEAD_CACHE_DIR` set to this process's folder unless it is set.
    package static func isolated(_ environment: [String: String]) -> [String: String] {
        var environment = environment
        if environment["BULKHEAD_CACHE_DIR"] == nil { environment["BULKHEAD_CACHE_DIR"] = folder }
        return environment
    }
}
