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
        /// Swift settings as a layer's `requiredSettings` spells them: `swiftLanguageMode(5)`.
        package var settings: [String]

        package init(_ name: String, path: String? = nil, kind: String = "library", dependencies: [String] = [],
                     products: [String] = [], source: [String] = [], package: String = "example", settings: [String] = []) {
            self.settings = settings
            self.name = name
            self.package = package
            self.path = path ?? "Sources/\(name)"
            self.kind = kind
            self.dependencies = dependencies
            self.products = products
            self.source = source
        }
    }

    /// A product of the example package (or of another local package of the example, which its
    /// targets then depend on through it), as `products:` declares it.
    package struct ExampleProduct: Sendable {
        package var name: String
        /// `library` or `executable`.
        package var type: String
        /// `static` or `dynamic` for a library declaring `type:`; nil when it declares none.
        package var linkage: String?
        package var targets: [String]
        package var package: String

        package init(_ name: String, type: String = "library", linkage: String? = nil, targets: [String], package: String = "example") {
            self.name = name
            self.type = type
            self.linkage = linkage
            self.targets = targets
            self.package = package
        }
    }

    package var note: String
    package var targets: [ExampleTarget]
    /// The products of package "example"; none unless a rule is about products.
    package var products: [ExampleProduct] = []
    /// `products.allowLinkage` of the example's `bulkhead.json`.
    package var allowedLinkage: [String] = []
    package var layers: [Configuration.Layer]
    /// `linkOnly` entries of the example's `bulkhead.json`, as written there.
    package var linkOnly: [String]
    /// Requirements of remote packages by identity, as the dump spells them; `exact: 1.0.0` when
    /// not given.
    package var requirements: [String: String]
    /// The example package's `Package.resolved`.
    package var resolved: ResolvedExample
    /// The `source` section of the example's `bulkhead.json`: identifier, declaration and count rules.
    package var source: SourceRules
    /// `footprint: { budgets: [...] }` for the example.
    package var footprintBudgets: [FootprintBudget] = []

    /// `matching`: every remote package pinned at the version it requires (or its lower bound).
    package enum ResolvedExample: Sendable {
        case matching
        case missing
        case pins([String: String])
    }

    package init(_ note: String, targets: [ExampleTarget], layers: [Configuration.Layer] = [], linkOnly: [String] = [],
                 requirements: [String: String] = [:], resolved: ResolvedExample = .matching, source: SourceRules = SourceRules()) {
        self.requirements = requirements
        self.resolved = resolved
        self.note = note
        self.targets = targets
        self.layers = layers
        self.linkOnly = linkOnly
        self.source = source
    }

    /// An example about products: `products` are declared by package "example".
    package init(_ note: String, targets: [ExampleTarget], products: [ExampleProduct], allowedLinkage: [String] = []) {
        self.init(note, targets: targets)
        self.products = products
        self.allowedLinkage = allowedLinkage
    }

    /// An example about what images hold: `budgets` are its `footprint.budgets`.
    package init(_ note: String, targets: [ExampleTarget], products: [ExampleProduct] = [], budgets: [FootprintBudget]) {
        self.init(note, targets: targets)
        self.products = products
        self.footprintBudgets = budgets
    }
}
