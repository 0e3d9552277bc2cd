import ParallelWork

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

    package static var defaultWorkerCount: Int { ParallelMap.coreCount }

    /// Calls `transform` for every path, in parallel, with the file's bytes or the reason it could
    /// not be read; then calls `emit` on the calling thread with each batch's results, in order.
    package func process<Output: Sendable>(
        _ paths: [String],
        transform: @escaping @Sendable (Int, Result<UnsafeBufferPointer<UInt8>, SourceReadError>) -> Output,
        emit: ([Output]) -> Void
    ) {
        // Reading and scanning compute; a read that waits on the disk is short, so the cores' pool.
        let workers = ParallelMap.cores(width: workerCount)
        var batchStart = 0
        while batchStart < paths.count {
            let batch = batchStart..<min(paths.count, batchStart + batchSize)
            let outputs = workers.run(batch.count, workerState: { SourceFileReader() }) { reader, position in
                let index = batch.lowerBound + position
                switch reader.withContents(of: paths[index], { bytes in transform(index, .success(bytes)) }) {
                case .success(let output): return output
                case .failure(let error): return transform(index, .failure(error))
                }
            }
            emit(outputs)
            batchStart = batch.upperBound
        }
    }
}
