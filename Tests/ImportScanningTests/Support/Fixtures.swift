import Foundation

/// Paths into `Tests/Fixtures`, found from this file's own location so tests run from any folder.
enum Fixtures {
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.lastPathComponent != "Tests" { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Fixtures").path
    }()

    static func path(_ relative: String) -> String { root + "/" + relative }

    /// The `.swift` files of a fixture folder, sorted.
    static func swiftFiles(in folder: String) -> [String] {
        let directory = path(folder)
        let names = (try? FileManager.default.subpathsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".swift") }.sorted().map { directory + "/" + $0 }
    }
}
