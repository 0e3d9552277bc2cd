import Foundation
import TestSupport
import Testing

/// Expected output kept in files beside the tests. `RECORD_SNAPSHOTS=1 swift test` rewrites them;
/// otherwise a mismatch fails with a line diff.
enum Snapshot {
    static let folder = RepositoryRoot.path("Tests/BulkheadCLITests/Snapshots")

    static func expect(_ actual: String, matches name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let path = folder + "/" + name
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try? actual.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOfFile: path, encoding: .utf8) else {
            Issue.record("no snapshot \(name); run with RECORD_SNAPSHOTS=1 to record it", sourceLocation: sourceLocation)
            return
        }
        guard actual != expected else { return }
        Issue.record("snapshot \(name) differs:\n\(diff(expected: expected, actual: actual))", sourceLocation: sourceLocation)
    }

    /// Lines only in the snapshot (`-`) and only in the output (`+`), in order.
    private static func diff(expected: String, actual: String) -> String {
        let old = expected.components(separatedBy: "\n")
        let new = actual.components(separatedBy: "\n")
        let difference = new.difference(from: old)
        var lines: [String] = []
        for change in difference {
            switch change {
            case .remove(let offset, let line, _): lines.append("-\(offset + 1): \(line)")
            case .insert(let offset, let line, _): lines.append("+\(offset + 1): \(line)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
