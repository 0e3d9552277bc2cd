/// A target, named by its package's identity and its own name: target names are unique within a
/// package, not across the packages of a repository.
package struct TargetID: Sendable, Hashable, Comparable, CustomStringConvertible {
    package var package: String
    package var name: String

    package init(package: String, name: String) {
        self.package = package
        self.name = name
    }

    package static func < (lhs: TargetID, rhs: TargetID) -> Bool {
        (lhs.package, lhs.name) < (rhs.package, rhs.name)
    }

    package var description: String { "\(package)/\(name)" }
}
