import Foundation

/// Paths into `Tests/Fixtures`, the packages and files the tests run on.
package enum Fixtures {
    package static let root: String = RepositoryRoot.path("Tests/Fixtures")

    package static func path(_ relative: String) -> String { root + "/" + relative }

    /// The `.swift` files of a fixture folder, sorted.
    package static func swiftFiles(in folder: String) -> [String] {
        let directory = path(folder)
        let names = (try? FileManager.default.subpathsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".swift") }.sorted().map { directory + "/" + $0 }
    }

    /// A copy of a fixture in a fresh temporary folder, for tests that add files to it.
    package static func copy(_ relative: String) throws -> String {
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-fixture-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)
        let target = destination + "/" + (relative as NSString).lastPathComponent
        try FileManager.default.copyItem(atPath: path(relative), toPath: target)
        return target
    }
}
