import FileAccess
import Synchronization

/// The toolchain and git calls of one run, with how long each took, for `--verbose`. Calls run
/// in parallel and finish in any order, so the log collects them and `lines` sorts them by
/// command: the output is the same from run to run apart from the times.
package final class ProcessLog: Sendable {
    private struct Entry: Sendable {
        var command: [String]
        var outcome: String
        var duration: Duration
    }

    private let entries = Mutex<[Entry]>([])

    package init() {}

    /// Runs `body` (one process run) and records `command` with its time and exit status, or
    /// the error that stopped it.
    package func timed(_ command: [String], _ body: () throws(InputError) -> ProcessRunner.Output) throws(InputError) -> ProcessRunner.Output {
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let output = try body()
            record(command, outcome: "status \(output.status)", duration: clock.now - start)
            return output
        } catch {
            record(command, outcome: "failed", duration: clock.now - start)
            throw error
        }
    }

    private func record(_ command: [String], outcome: String, duration: Duration) {
        entries.withLock { $0.append(Entry(command: command, outcome: outcome, duration: duration)) }
    }

    /// One line per call, sorted by command then time: `ran swift package … describe (status 0, 0.412 s)`.
    package var lines: [String] {
        let sorted = entries.withLock { $0 }.sorted { ($0.command.joined(separator: " "), $0.duration) < ($1.command.joined(separator: " "), $1.duration) }
        return sorted.map { entry in
            let milliseconds = entry.duration.components.seconds * 1000 + entry.duration.components.attoseconds / 1_000_000_000_000_000
            let seconds = "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - String(milliseconds % 1000).count))\(milliseconds % 1000)"
            return "ran \(entry.command.joined(separator: " ")) (\(entry.outcome), \(seconds) s)"
        }
    }
}
