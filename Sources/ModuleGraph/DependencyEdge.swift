/// A dependency a target declares in its manifest.
package struct DependencyEdge: Sendable, Hashable {
    package enum Destination: Sendable, Hashable {
        /// Another target, in this package or (through a product of a local package) another one.
        case target(TargetID)
        /// A product of another package, by the package's identity.
        case product(name: String, package: String)
    }

    /// How a dependency arrived: what in the manifest or project made it one. A package's
    /// dependencies are all `declared`; an Xcode target's may also come from its Frameworks build
    /// phase, from embedding a product that is no module, or from the app a test bundle runs in.
    package enum Arrival: String, Sendable, Hashable, Codable, CaseIterable {
        /// In the manifest's `dependencies:`, or a project target's target or package product
        /// dependencies.
        case declared
        /// Only an entry of the target's Frameworks build phase links it.
        case linked
        /// A target whose product is embedded (an extension, a bundle, an XPC service, a watch
        /// app): built first and copied in, never imported.
        case embedded
        /// The app a test bundle runs in (`TEST_HOST`, `TEST_TARGET_NAME`).
        case hosted
        /// A build-tool plugin the target applies (`plugins: [.plugin(name:package:)]`): built
        /// and run before the target, never imported.
        case plugin

        /// How `why` and messages say it: `linked in Frameworks`, …
        package var phrase: String {
            switch self {
            case .declared: "declared"
            case .linked: "linked in Frameworks"
            case .embedded: "embedded"
            case .hosted: "hosted"
            case .plugin: "applied as a plugin"
            }
        }
    }

    package var destination: Destination
    package var condition: DependencyCondition?
    package var arrival: Arrival

    package init(_ destination: Destination, condition: DependencyCondition? = nil, arrival: Arrival = .declared) {
        self.destination = destination
        self.condition = condition
        self.arrival = arrival
    }
}
