import FileAccess
import Synchronization
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The process groups of the children Bulkhead is running, so that an interrupted run can kill
/// every one of them. One per process (`shared`), because signals and children are per process.
///
/// Each child leads a group of its own (see `SpawnedProcess`), so killing the group reaches what
/// the child started too: `swift-package`'s manifest compiles and runs.
package final class ChildProcessRegistry: Sendable {
    package static let shared = ChildProcessRegistry()

    private struct State {
        var groups: Set<pid_t> = []
        var stopping = false
    }

    private let state = Mutex(State())

    /// Starts a child through `spawn` and records its group, both under the lock, so that
    /// `stopAll` can never miss a child that was starting while it ran, and never lets a new one
    /// start after it.
    func register(_ spawn: () throws(InputError) -> pid_t, command: [String]) throws(InputError) -> pid_t {
        try state.withLock { (state: inout State) throws(InputError) -> pid_t in
            guard !state.stopping else { throw .launchFailed(command: command, reason: "Bulkhead is stopping after a signal") }
            let group = try spawn()
            state.groups.insert(group)
            return group
        }
    }

    /// Forgets a group whose leader has exited and whose stragglers were killed, before the
    /// leader is reaped: once reaped, its number may be reused and must never be signalled again.
    func release(_ group: pid_t) {
        state.withLock { _ = $0.groups.remove(group) }
    }

    /// The groups of children still running, sorted.
    package var liveGroups: [pid_t] {
        state.withLock { $0.groups.sorted() }
    }

    /// Kills every live child with its group and everything it started, refuses new children
    /// from now on, and waits for each leader to exit, so that nothing of the run outlives it.
    package func stopAll() {
        let groups = state.withLock { (state: inout State) -> [pid_t] in
            state.stopping = true
            // Under the lock: a leader cannot be released and reaped while it is being signalled.
            for group in state.groups { ProcessTree.kill(rootedAt: group) }
            return state.groups.sorted()
        }
        for group in groups { SpawnedProcess.waitForExit(of: group) }
    }
}
