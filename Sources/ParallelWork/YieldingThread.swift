import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A thread for work the run wants done meanwhile but never waits on first: it takes a core only
/// when none of the run's other threads wants one. On a machine with fewer cores than the run
/// has threads (two, on many CI runners), such work shared the cores evenly with the work every
/// later step waits on, and delayed it by as much as it took.
package enum YieldingThread {
    package static func start(_ work: @escaping @Sendable () -> Void) {
        let thread = Thread {
            #if canImport(Glibc)
            // Linux keeps a nice value per thread (the calling one, for `who` 0), and a thread's
            // dies with it: the run's other threads keep theirs. Ten steps nicer than the run
            // (itself perhaps started with `nice`), 19 being the nicest there is.
            let which = __priority_which_t(PRIO_PROCESS.rawValue)
            _ = setpriority(which, 0, min(getpriority(which, 0) + 10, 19))
            #endif
            work()
        }
        // What Darwin schedules by; Linux's Foundation ignores it.
        thread.qualityOfService = .utility
        thread.start()
    }
}
