import Dispatch
import Synchronization
import TestSupport
import Testing
@testable import ParallelWork

@Suite(.tags(.small)) struct ParallelMapTests {
    static let workers: [ParallelMap.Workers] = [.cores, .threads]

    /// (count, width): one worker, more workers than jobs, no jobs, and a few workers sharing many.
    static let shapes: [(count: Int, width: Int)] = [(50, 1), (3, 8), (0, 4), (0, 1), (1, 1), (200, 3)]

    @Test(arguments: workers, shapes)
    func resultsComeInIndexOrderAndEachIndexRunsOnce(workers: ParallelMap.Workers, shape: (count: Int, width: Int)) {
        let runs = Mutex<[Int: Int]>([:])
        let results = ParallelMap(workers, width: shape.width).run(shape.count) { index in
            runs.withLock { $0[index, default: 0] += 1 }
            return index * 10
        }
        #expect(results == (0..<shape.count).map { $0 * 10 })
        #expect(runs.withLock { $0 } == Dictionary(uniqueKeysWithValues: (0..<shape.count).map { ($0, 1) }))
    }

    /// Each worker makes its state once and every job it runs sees the changes of the jobs before:
    /// a worker's jobs number 1, 2, 3… and no more workers are made than jobs or width allow.
    @Test(arguments: workers, shapes)
    func eachWorkerReusesItsOwnState(workers: ParallelMap.Workers, shape: (count: Int, width: Int)) {
        struct WorkerLog { let worker: Int; var jobs = 0 }
        let made = Atomic<Int>(0)
        let results = ParallelMap(workers, width: shape.width).run(shape.count, workerState: {
            WorkerLog(worker: made.wrappingAdd(1, ordering: .relaxed).oldValue)
        }) { log, _ in
            log.jobs += 1
            return (worker: log.worker, job: log.jobs)
        }
        let byWorker = Dictionary(grouping: results, by: \.worker).mapValues { $0.map(\.job).sorted() }
        #expect(byWorker.values.allSatisfy { $0 == Array(1...$0.count) })
        #expect(byWorker.values.reduce(0) { $0 + $1.count } == shape.count)
        #expect(made.load(ordering: .relaxed) <= min(shape.width, shape.count))
        if shape.width == 1 && shape.count > 0 { #expect(byWorker.keys.count == 1 && made.load(ordering: .relaxed) == 1) }
    }

    @Test func aWidthBelowOneRunsOneWorker() {
        #expect(ParallelMap(.threads, width: 0).width == 1)
        #expect(ParallelMap.cores(width: -3).run(4) { $0 } == [0, 1, 2, 3])
    }

    @Test func concurrentMapKeepsTheArraysOrder() {
        #expect(Array(0..<100).concurrentMap { String($0) } == (0..<100).map { String($0) })
        #expect([Int]().concurrentMap { $0 }.isEmpty)
    }
}

@Suite(.tags(.small)) struct SmallJobsTests {
    /// Small jobs stay on one core below the threshold and spread over every core from it; the
    /// answers are in index order either way.
    @Test(arguments: [0, 1, 31, 32, 200])
    func smallJobsShareCoresFromTheThreshold(_ count: Int) {
        let map = ParallelMap.cores(forJobs: count)
        #expect(map.width == (count < 32 ? 1 : ParallelMap.coreCount))
        #expect(map.run(count) { $0 * 2 } == (0..<count).map { $0 * 2 })
        #expect(ParallelMap.cores(forJobs: 5, sharedFrom: 5).width == ParallelMap.coreCount)
    }
}

@Suite(.tags(.small)) struct BackgroundValueTests {
    /// The work runs while the caller goes on: it waits for a signal the caller gives only after
    /// making the value, which would never come if the work ran inside the initializer.
    @Test func theWorkRunsBesideTheCallerAndEveryReadGetsItsAnswer() {
        let callerWentOn = DispatchSemaphore(value: 0)
        let background = BackgroundValue { () -> Int in
            callerWentOn.wait()
            return 42
        }
        callerWentOn.signal()
        #expect(background.value == 42)
        #expect(background.value == 42)
    }

    /// Work that waits (on a child process) gets a thread of its own: it answers while every
    /// thread of the shared pool is held, as the sources read during a toolchain call hold them.
    @Test func workOnItsOwnThreadAnswersWhileThePoolIsHeld() {
        let release = DispatchSemaphore(value: 0)
        let held = DispatchGroup()
        // More than the pool runs at once on any machine this runs on.
        for _ in 0..<(ParallelMap.coreCount * 4 + 8) {
            held.enter()
            DispatchQueue.global().async {
                release.wait()
                held.leave()
            }
        }
        let answered = DispatchSemaphore(value: 0)
        let own = BackgroundValue.onItsOwnThread { () -> Int in
            answered.signal()
            return 7
        }
        #expect(answered.wait(timeout: .now() + 10) == .success)
        #expect(own.value == 7)
        for _ in 0..<(ParallelMap.coreCount * 4 + 8) { release.signal() }
        held.wait()
    }
}
