/// A target, named by its package's identity and its own name: target names are unique within a
/// package, not across the packages of a repository.
package struct TargetID: Sendable, Hashable, Comparable, CustomStringConvertible {
    package var package: String
    package var name: String

    package init(package: String, name: String) {
        self.package = package
        self.name = name
    }

    /// The name alone: names rarely repeat across packages (equality still compares both), and
    /// hashing the package's identity too doubled the cost of every lookup by id, a twentieth
    /// of a warm check of a 420-target package.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(name)
    }

    package static func < (lhs: TargetID, rhs: TargetID) -> Bool {
        (lhs.package, lhs.name) < (rhs.package, rhs.name)
    }

    package var description: String { "\(package)/\(name)" }
}
