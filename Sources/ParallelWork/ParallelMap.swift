import Dispatch
import Foundation
import Synchronization

/// Runs jobs `0..<count` on a fixed number of workers and returns their results in index order:
/// the one parallel map under the rules' per-element work, the toolchain questions and the file
/// reads. Each worker takes the next index until none is left (so a slow job holds up one worker,
/// not a share of the jobs), and may hold state of its own that its jobs reuse, such as a read
/// buffer.
package struct ParallelMap: Sendable {
    /// Who runs the jobs. The kind of work decides, because Dispatch's pool assumes every thread
    /// it runs is computing.
    package enum Workers: Sendable {
        /// Dispatch's pool (`concurrentPerform`), for jobs that compute. The pool runs at most one
        /// worker per core and counts each as a busy core, which is true of these jobs.
        case cores
        /// Threads of our own, for jobs that block: a job waiting on a child process uses no core,
        /// but on Dispatch's pool it would be counted as a busy one, so the pool would run no more
        /// of them than there are cores (ignoring `--jobs`) and starve the work that computes.
        case threads
    }

    package var workers: Workers
    /// At most this many jobs at once; fewer when there are fewer jobs.
    package var width: Int

    package init(_ workers: Workers, width: Int) {
        self.workers = workers
        self.width = max(1, width)
    }

    /// Computing jobs, one worker per core unless told otherwise.
    package static func cores(width: Int = coreCount) -> ParallelMap { ParallelMap(.cores, width: width) }

    /// Computing jobs that are each small (a package's targets): on one core below
    /// `sharedFrom` of them, where handing jobs to another core costs more than it saves, else
    /// on every core.
    package static func cores(forJobs count: Int, sharedFrom threshold: Int = 32) -> ParallelMap {
        cores(width: count < threshold ? 1 : coreCount)
    }

    /// Blocking jobs, `blockingWidth` of them at once unless told otherwise.
    package static func threads(width: Int = blockingWidth) -> ParallelMap { ParallelMap(.threads, width: width) }

    package static var coreCount: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Two at least: jobs that wait on a child process overlap their waits even on one core.
    package static var blockingWidth: Int { max(2, coreCount) }

    /// `job` of every index, in index order.
    package func run<Output: Sendable>(_ count: Int, _ job: @escaping @Sendable (Int) -> Output) -> [Output] {
        run(count, workerState: {}) { _, index in job(index) }
    }

    /// `job` of every index, in index order; each worker makes its state once, with
    /// `workerState`, and hands it to every job it runs. The state never leaves its worker, so it
    /// need not be `Sendable`.
    package func run<State, Output: Sendable>(
        _ count: Int,
        workerState: @escaping @Sendable () -> State,
        _ job: @escaping @Sendable (inout State, Int) -> Output
    ) -> [Output] {
        guard count > 0 else { return [] }
        let slots = ResultSlots<Output>(count: count)
        let next = Atomic<Int>(0)
        let worker: @Sendable () -> Void = {
            var state = workerState()
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < count else { return }
                slots.store(job(&state, index), at: index)
            }
        }
        let workerCount = min(width, count)
        switch workers {
        case .cores:
            DispatchQueue.concurrentPerform(iterations: workerCount) { _ in worker() }
        case .threads:
            let finished = DispatchGroup()
            for _ in 0..<workerCount {
                finished.enter()
                Thread {
                    worker()
                    finished.leave()
                }.start()
            }
            finished.wait()
        }
        // Every worker has returned (concurrentPerform returned, or the group was left by all),
        // which orders their stores before this read.
        return slots.collect()
    }
}
