import Dispatch
import Foundation
import Synchronization

/// A value worked out on another thread while the caller goes on with other work; `value` waits
/// for it. For one slow question that needs nothing the caller is doing, such as a child process
/// the run will want the answer of later.
package final class BackgroundValue<Value: Sendable>: Sendable {
    private let result = Mutex<Value?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    package init(_ work: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async { self.finish(work()) }
    }

    /// `work` on a thread of its own rather than the shared pool: for work that waits on a child
    /// process, which on the pool would hold one of its threads (as many as there are cores)
    /// from the computing work started meanwhile, such as the sources read while a cold check
    /// waits on the toolchain.
    package static func onItsOwnThread(_ work: @escaping @Sendable () -> Value) -> BackgroundValue {
        let value = BackgroundValue()
        Thread { value.finish(work()) }.start()
        return value
    }

    private init() {}

    private func finish(_ value: Value) {
        result.withLock { $0 = value }
        finished.signal()
    }

    /// The value, once the work has returned.
    package var value: Value {
        finished.wait()
        // Signalled again, so a second read does not wait for ever.
        defer { finished.signal() }
        return result.withLock { $0! }
    }
}
