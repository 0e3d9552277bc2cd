import Dispatch
import Synchronization
import TestSupport
import Testing
@testable import ParallelWork
#if canImport(Glibc)
import Glibc
#endif

@Suite(.tags(.small)) struct YieldingThreadTests {
    /// The work runs, on a thread of its own; on Linux that thread alone yields (a nice value of
    /// 10), and the thread that started it keeps its own.
    @Test func theWorkRunsOnAThreadThatYieldsAndLeavesItsStarterAsItWas() {
        let done = DispatchSemaphore(value: 0)
        let seen = Mutex<(ran: Bool, niceness: Int32?)>((false, nil))
        #if canImport(Glibc)
        let before = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        #endif
        YieldingThread.start {
            #if canImport(Glibc)
            let niceness: Int32? = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
            #else
            let niceness: Int32? = nil
            #endif
            seen.withLock { $0 = (true, niceness) }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        let (ran, niceness) = seen.withLock { $0 }
        #expect(ran)
        #if canImport(Glibc)
        #expect(niceness == min(before + 10, 19))
        #expect(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) == before)
        #endif
    }
}
