/// Names numbered in the order they are first met, each name hashed once: tables kept by number
/// then answer every later question by position, where hashing the name again at every step
/// cost more than the questions (a manifest's cycle search, the modules a check's imports name).
package struct NameNumbers {
    /// The names, by number.
    package private(set) var names: [String] = []
    @usableFromInline var numberOfName: [String: Int] = [:]

    package init(capacity: Int = 0) {
        names.reserveCapacity(capacity)
        numberOfName.reserveCapacity(capacity)
    }

    /// The number of `name`, given to it when it is first met. Inlinable: asked once per import
    /// of a check.
    @inlinable package mutating func number(of name: String) -> Int {
        if let number = numberOfName[name] { return number }
        numberOfName[name] = names.count
        names.append(name)
        return names.count - 1
    }

    /// The number `name` was given; nil when it was never met.
    @inlinable package func existingNumber(of name: String) -> Int? {
        numberOfName[name]
    }
}
