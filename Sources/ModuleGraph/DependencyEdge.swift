/// A dependency a target declares in its manifest.
package struct DependencyEdge: Sendable, Hashable {
    package enum Destination: Sendable, Hashable {
        /// Another target, in this package or (through a product of a local package) another one.
        case target(TargetID)
        /// A product of another package, by the package's identity.
        case product(name: String, package: String)
    }

    package var destination: Destination
    package var condition: DependencyCondition?

    package init(_ destination: Destination, condition: DependencyCondition? = nil) {
        self.destination = destination
        self.condition = condition
    }
}
