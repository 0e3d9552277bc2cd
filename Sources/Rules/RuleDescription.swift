import Configuration
import Diagnostics

/// What a rule is, in its own words: the id people type, a one-line summary, why it exists, its
/// default severity, and examples that do and do not trigger it. The examples feed both
/// `bulkhead explain` and the tests, so the documentation cannot drift from the behaviour.
package struct RuleDescription: Sendable {
    package var id: String
    package var summary: String
    package var rationale: String
    /// Nil for rules that are off unless a configuration turns them on.
    package var defaultSeverity: Severity?
    package var triggering: [RuleExample]
    package var nonTriggering: [RuleExample]

    package init(id: String, summary: String, rationale: String, defaultSeverity: Severity?,
                 triggering: [RuleExample], nonTriggering: [RuleExample]) {
        self.id = id
        self.summary = summary
        self.rationale = rationale
        self.defaultSeverity = defaultSeverity
        self.triggering = triggering
        self.nonTriggering = nonTriggering
    }
}

/// A small package, described as data: its targets with their folders, declared dependencies and
/// the imports of their sources, and the layers that apply. `bulkhead explain` prints it as a
/// manifest and sources; the tests build a graph from it and run the rule.
package struct RuleExample: Sendable {
    package struct ExampleTarget: Sendable {
        package var name: String
        package var path: String
        package var kind: String
        package var dependencies: [String]
        /// Remote products, as `Product@package`; a trailing `?` when their modules are unknown.
        package var products: [String]
        /// The lines of its one source file.
        package var source: [String]
        /// The local package it belongs to; examples about several packages name them.
        package var package: String

        package init(_ name: String, path: String? = nil, kind: String = "library", dependencies: [String] = [],
                     products: [String] = [], source: [String] = [], package: String = "example") {
            self.name = name
            self.package = package
            self.path = path ?? "Sources/\(name)"
            self.kind = kind
            self.dependencies = dependencies
            self.products = products
            self.source = source
        }
    }

    package var note: String
    package var targets: [ExampleTarget]
    package var layers: [Configuration.Layer]
    /// `linkOnly` entries of the example's `bulkhead.json`, as written there.
    package var linkOnly: [String]
    /// The `source` section of the example's `bulkhead.json`: identifier, declaration and count rules.
    package var source: SourceRules

    package init(_ note: String, targets: [ExampleTarget], layers: [Configuration.Layer] = [], linkOnly: [String] = [],
                 source: SourceRules = SourceRules()) {
        self.note = note
        self.targets = targets
        self.layers = layers
        self.linkOnly = linkOnly
        self.source = source
    }
}
