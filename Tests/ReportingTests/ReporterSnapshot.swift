import Foundation
import Testing

/// Expected reporter output kept in files beside the tests. `RECORD_SNAPSHOTS=1 swift test`
/// rewrites them; otherwise a mismatch fails with a line diff.
enum ReporterSnapshot {
    static let folder: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots").path
    }()

    static func expect(_ actual: String, matches name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let path = folder + "/" + name
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            do {
                try actual.write(toFile: path, atomically: true, encoding: .utf8)
            } catch {
                Issue.record("could not record snapshot \(name): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let expected = try? String(contentsOfFile: path, encoding: .utf8) else {
            Issue.record("no snapshot \(name); run with RECORD_SNAPSHOTS=1 to record it", sourceLocation: sourceLocation)
            return
        }
        guard actual != expected else { return }
        let difference = actual.components(separatedBy: "\n").difference(from: expected.components(separatedBy: "\n"))
        let lines = difference.map { change in
            switch change {
            case .remove(let offset, let line, _): "-\(offset + 1): \(line)"
            case .insert(let offset, let line, _): "+\(offset + 1): \(line)"
            }
        }
        Issue.record("snapshot \(name) differs:\n\(lines.joined(separator: "\n"))", sourceLocation: sourceLocation)
    }
}
