import Foundation

enum Fixtures {
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.lastPathComponent != "Tests" { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Fixtures").path
    }()

    static func path(_ relative: String) -> String { root + "/" + relative }

    /// A copy of a fixture in a fresh temporary folder, for tests that add files to it.
    static func copy(_ relative: String) throws -> String {
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-fixture-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)
        let target = destination + "/" + (relative as NSString).lastPathComponent
        try FileManager.default.copyItem(atPath: path(relative), toPath: target)
        return target
    }
}
