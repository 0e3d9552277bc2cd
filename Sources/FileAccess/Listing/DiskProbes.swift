import Synchronization

/// What a load asked of the file system beyond discovery's listings, with the answers, so a
/// graph stored from that load (`LoadedGraphCache`) is reused only while every answer is still
/// the same: the layouts and the confinement read the listings, and the few questions the
/// listings cannot answer (a folder `Snippets` that is not there, the folders above the root,
/// where a remote package's checkout is looked for) are asked again on the next run, one `stat`
/// each, and compared. A question of another kind
/// (a folder listed that discovery did not walk, a link resolved) makes the load one that is
/// not stored at all: only questions that can be asked again cheaply and exactly are recorded.
///
/// Shared by the threads the layouts and the confinement run on.
package final class DiskProbes: Sendable {
    /// A question, asked again as `answer(now:)`.
    package enum Question: UInt8, Sendable {
        /// `FileSystem.isDirectory`: 1 or 0.
        case isDirectory = 1
        /// `DirectoryListing.kind(ofEntryAt:)`: the kind's number, 0 for none.
        case entryKind = 2
        /// `FileSystem.isRegularFile`: 1 or 0.
        case isRegularFile = 3
    }

    package struct Probe: Sendable, Equatable {
        package var question: Question
        package var path: String
        package var answer: UInt8

        package init(question: Question, path: String, answer: UInt8) {
            self.question = question
            self.path = path
            self.answer = answer
        }
    }

    private struct State {
        var probes: [Probe] = []
        var isRecordable = true
    }

    private let state = Mutex(State())

    package init() {}

    /// Asks `question` about `path` now, records it with its answer, and returns the answer.
    package func ask(_ question: Question, about path: String) -> UInt8 {
        let answer = Self.answer(to: question, about: path)
        state.withLock { $0.probes.append(Probe(question: question, path: path, answer: answer)) }
        return answer
    }

    /// The load asked something that cannot be recorded: it is not stored.
    package func markUnrecordable() {
        state.withLock { $0.isRecordable = false }
    }

    /// The probes in a fixed order (each once), or nil when the load cannot be stored.
    package var recorded: [Probe]? {
        state.withLock { state in
            guard state.isRecordable else { return nil }
            var seen: Set<String> = []
            return state.probes
                .filter { seen.insert("\($0.question.rawValue) \($0.path)").inserted }
                .sorted { ($0.path, $0.question.rawValue) < ($1.path, $1.question.rawValue) }
        }
    }

    package static func answer(to question: Question, about path: String) -> UInt8 {
        switch question {
        case .isDirectory:
            return FileSystem.isDirectory(path) ? 1 : 0
        case .isRegularFile:
            return FileSystem.isRegularFile(path) ? 1 : 0
        case .entryKind:
            return DirectoryListing.kind(ofEntryAt: path)?.number ?? 0
        }
    }
}
