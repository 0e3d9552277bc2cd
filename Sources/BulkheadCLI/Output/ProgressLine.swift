import Foundation
import Synchronization

/// "describing 12/29 packages" on standard error, rewritten in place, and only when it helps:
/// on a terminal, not `--quiet`, and once the run has gone past a second (a fast run prints
/// nothing). Told from worker threads; every write to the stream happens under one lock, and
/// nothing else writes to standard error while the graph loads.
final class ProgressLine: @unchecked Sendable {
    private let stream: any OutputStream
    private let isEnabled: Bool
    private let start = ContinuousClock.now
    private let delay: Duration
    private let shown = Mutex(false)

    init(stream: any OutputStream, isEnabled: Bool, delay: Duration = .seconds(1)) {
        self.stream = stream
        self.isEnabled = isEnabled && stream.isTerminal
        self.delay = delay
    }

    func update(_ done: Int, of total: Int, doing: String) {
        guard isEnabled, ContinuousClock.now - start >= delay else { return }
        shown.withLock { shown in
            stream.write("\r\u{1B}[2K\(doing) \(done)/\(total) packages")
            stream.flush()
            shown = true
        }
    }

    /// Clears the line, if one was shown, so what follows starts on a clean line.
    func finish() {
        shown.withLock { shown in
            guard shown else { return }
            stream.write("\r\u{1B}[2K")
            stream.flush()
            shown = false
        }
    }
}
