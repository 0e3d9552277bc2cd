import Dispatch
import Foundation
import Synchronization

/// Reads many files on all cores and turns each into a small result, handing results back in
/// input order one batch at a time. Only a batch of results is alive at once and each worker
/// reuses one read buffer, so memory is bounded by the batch and the largest file.
package struct ParallelFileProcessor: Sendable {
    package var workerCount: Int
    package var batchSize: Int

    package init(workerCount: Int = ParallelFileProcessor.defaultWorkerCount, batchSize: Int = 2048) {
        self.workerCount = max(1, workerCount)
        self.batchSize = max(1, batchSize)
    }

    package static var defaultWorkerCount: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Calls `transform` for every path, in parallel, with the file's bytes or the reason it could
    /// not be read; then calls `emit` on the calling thread with each batch's results, in order.
    package func process<Output: Sendable>(
        _ paths: [String],
        transform: @Sendable (Int, Result<UnsafeBufferPointer<UInt8>, SourceReadError>) -> Output,
        emit: ([Output]) -> Void
    ) {
        var batchStart = 0
        while batchStart < paths.count {
            let batch = batchStart..<min(paths.count, batchStart + batchSize)
            let slots = ResultSlots<Output>(count: batch.count)
            let next = Atomic<Int>(0)
            let workers = min(workerCount, batch.count)
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                let reader = SourceFileReader()
                while true {
                    let position = next.wrappingAdd(1, ordering: .relaxed).oldValue
                    guard position < batch.count else { break }
                    let index = batch.lowerBound + position
                    let outcome = reader.withContents(of: paths[index]) { bytes in
                        transform(index, .success(bytes))
                    }
                    switch outcome {
                    case .success(let output): slots.store(output, at: position)
                    case .failure(let error): slots.store(transform(index, .failure(error)), at: position)
                    }
                }
            }
            emit(slots.collect())
            batchStart = batch.upperBound
        }
    }
}

/// One slot per file of a batch. Each slot is written by exactly one worker (the one that took
/// its index from the atomic counter) and read only after `concurrentPerform` has returned, which
/// is why unchecked sendability is sound here. The storage is allocated once, so writers never
/// touch a shared Swift array (whose exclusivity checks would trap).
private final class ResultSlots<Output>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Output?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func store(_ output: Output, at index: Int) { slots[index] = output }

    func collect() -> [Output] { slots.map { $0! } }
}
