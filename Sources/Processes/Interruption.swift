import FileAccess
import Foundation
import Synchronization
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What Bulkhead does on a signal that ends a process and can be handled — SIGINT, SIGTERM,
/// SIGHUP, SIGQUIT (Ctrl-\), SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU (a CPU-time limit, before the
/// kernel's SIGKILL): kill every child's process group, remove the temporary files of writes
/// under way (undoing a fix's exchanges) and the run's temporary folder, and exit with 128 + the
/// signal (130 for SIGINT, 143 for SIGTERM).
///
/// Left out: SIGKILL and SIGSTOP cannot be caught (the next `--fix` removes what a killed run
/// left); SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT and SIGTRAP come from the faulting thread
/// itself and cannot wait for another; SIGPIPE is ignored (a failed write says so); SIGXFSZ is
/// left to fail the write that exceeded the limit, which then says why; SIGPROF and SIGVTALRM
/// belong to profilers.
///
/// The signals are blocked in every thread and taken by one thread with `sigwait`, so the cleanup
/// runs as ordinary code rather than in a signal handler, where almost nothing (no allocation, no
/// lock, no file removal) is async-signal-safe. Children get an empty mask back at spawn.
package enum Interruption {
    package static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU]

    /// Set when a signal arrived; from then on the interruption decides how the process ends.
    private static let isStopping = Atomic<Bool>(false)
    private static let isInstalled = Atomic<Bool>(false)

    /// Call first thing in the executable, before any other thread starts: threads inherit the
    /// signal mask of the thread that makes them, and one thread that does not block the signals
    /// would take them with the default action (die, leaving the children running).
    package static func install() {
        guard !isInstalled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        var set = signalSet()
        pthread_sigmask(SIG_BLOCK, &set, nil)
        // Registered first, so it runs last: a thread that reaches `exit` while the children are
        // being killed (their failure ends the command) waits here for `stop` to end the process
        // with the signal's status, after the temporary folder is gone.
        atexit {
            while Interruption.isStopping.load(ordering: .acquiring) { sleep(1) }
        }
        let thread = Thread {
            var set = signalSet()
            var received: Int32 = 0
            while sigwait(&set, &received) != 0 {}
            stop(after: received)
        }
        thread.start()
    }

    /// Kills the children, removes the temporary folder, exits. `_exit`, not `exit`: other threads
    /// are still running, and `exit` would run destructors and `atexit` handlers under them.
    private static func stop(after signal: Int32) -> Never {
        isStopping.store(true, ordering: .releasing)
        ChildProcessRegistry.shared.stopAll()
        FileSystem.removePendingTemporaryFiles()
        RunTemporaryFolder.shared.remove()
        _exit(128 + signal)
    }

    private static func signalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        return set
    }
}
