import Foundation
import Testing

/// Expected output kept in files in `folder`, the one snapshot helper of the test targets.
/// `RECORD_SNAPSHOTS=1 swift test` rewrites them — and fails each test it rewrote for, so a
/// recording run never passes for a check; otherwise a mismatch fails with a line diff.
package struct Snapshots: Sendable {
    package let folder: String
    /// Whether expected output is rewritten rather than compared.
    package let isRecording: Bool

    package init(folder: String, isRecording: Bool = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1") {
        self.folder = folder
        self.isRecording = isRecording
    }

    package func expect(_ actual: String, matches name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let path = folder + "/" + name
        if isRecording {
            do {
                try actual.write(toFile: path, atomically: true, encoding: .utf8)
                Issue.record("recorded snapshot \(name); run the tests again without RECORD_SNAPSHOTS to check it", sourceLocation: sourceLocation)
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
        Issue.record("snapshot \(name) differs:\n\(Self.diff(expected: expected, actual: actual))", sourceLocation: sourceLocation)
    }

    /// Lines only in the snapshot (`-`) and only in the output (`+`), in order.
    static func diff(expected: String, actual: String) -> String {
        let difference = actual.components(separatedBy: "\n").difference(from: expected.components(separatedBy: "\n"))
        return difference.map { change in
            switch change {
            case .remove(let offset, let line, _): "-\(offset + 1): \(line)"
            case .insert(let offset, let line, _): "+\(offset + 1): \(line)"
            }
        }.joined(separator: "\n")
    }
}
