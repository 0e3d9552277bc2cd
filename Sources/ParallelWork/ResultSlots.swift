/// One slot per job of a `ParallelMap` run. Each slot is written by exactly one worker (the one
/// that took its index from the run's atomic counter) and read only after every worker has
/// returned, which is why unchecked sendability is sound here. The storage is allocated once, so
/// writers never touch a shared Swift array (whose exclusivity checks would trap) nor take a lock.
final class ResultSlots<Output: Sendable>: @unchecked Sendable {
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
