import Synchronization

/// A value made on first use and kept, for a result two rules share within one `CheckInput`.
/// A class, so copies of the input share it; its lock makes it safe to share across threads.
final class Once<Value: Sendable>: Sendable {
    private let storage = Mutex<Value?>(nil)

    init() {}

    /// The value, made by `make` the first time it is asked for.
    func value(_ make: () -> Value) -> Value {
        storage.withLock { stored in
            if let stored { return stored }
            let made = make()
            stored = made
            return made
        }
    }
}
