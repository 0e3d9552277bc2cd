import Foundation
import Synchronization

/// Runs blocking jobs (toolchain processes, mostly) on a fixed number of threads and returns
/// their results in job order. Threads rather than Dispatch's pool: a job spends its life
/// waiting on a child process, which the pool would count as a busy core.
package enum ConcurrentJobs {
    package static var defaultWidth: Int { max(2, ProcessInfo.processInfo.activeProcessorCount) }

    package static func run<Output: Sendable>(_ count: Int, width: Int = defaultWidth, _ job: @escaping @Sendable (Int) -> Output) -> [Output] {
        guard count > 0 else { return [] }
        let results = Mutex<[Int: Output]>([:])
        let next = Atomic<Int>(0)
        let group = DispatchGroup()
        for _ in 0..<min(max(1, width), count) {
            group.enter()
            let thread = Thread {
                while true {
                    let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                    guard index < count else { break }
                    let output = job(index)
                    results.withLock { $0[index] = output }
                }
                group.leave()
            }
            thread.start()
        }
        group.wait()
        return results.withLock { stored in (0..<count).map { stored[$0]! } }
    }
}
