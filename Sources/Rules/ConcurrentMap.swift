import Dispatch
import Synchronization

extension Array where Element: Sendable {
    /// `transform` of every element, in order, computed on every core: for work that is a pure
    /// function of each element (a rule's findings, a target's environments, a planted check).
    func concurrentMap<Output: Sendable>(_ transform: @Sendable (Element) -> Output) -> [Output] {
        let slots = Mutex<[Output?]>(Array<Output?>(repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let output = transform(self[index])
            slots.withLock { $0[index] = output }
        }
        return slots.withLock { $0.map { $0! } }
    }
}
