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
        /// Where the example's findings on this target are, as `RuleExample.marker` marked them in
        /// the text given to `init`; the marks themselves are taken out of every field.
        package var marks: [Mark]

        /// `name`, `dependencies`, `products` and `source` may carry `RuleExample.marker`: before the
        /// target's name for a finding about the target as a whole, before a dependency or product
        /// a finding names, before the reported token in a source line.
        package init(_ name: String, path: String? = nil, kind: String = "library", dependencies: [String] = [],
                     products: [String] = [], source: [String] = [], package: String = "example", settings: [String] = []) {
            var marks: [Mark] = []
            let (plainName, nameMarked) = RuleExample.unmarked(name)
            if nameMarked { marks.append(.declaration(naming: nil)) }
            let names = { (entries: [String]) in
                entries.map { entry in
                    let (plain, marked) = RuleExample.unmarked(entry)
                    if marked { marks.append(.declaration(naming: plain)) }
                    return plain
                }
            }
            self.dependencies = names(dependencies)
            self.products = names(products)
            self.source = source.enumerated().map { index, line in
                var plain = ""
                for character in line {
                    if character == RuleExample.marker {
                        // The column counts UTF-8 bytes, as the scanner's positions do.
                        marks.append(.source(line: index + 1, column: plain.utf8.count + 1))
                    } else {
                        plain.append(character)
                    }
                }
                return plain
            }
            self.settings = settings
            self.name = plainName
            self.package = package
            self.path = path ?? "Sources/\(plainName)"
            self.kind = kind
            self.marks = marks
        }

        /// A place a triggering example's finding is, on its target.
        package enum Mark: Sendable, Hashable {
            /// A line and column (1-based, UTF-8 bytes) of the target's one source file.
            case source(line: Int, column: Int)
            /// The target's declaration, and the dependency or product the finding names (nil for a
            /// finding about the target as a whole: a setting it lacks, what its image holds).
            case declaration(naming: String?)
        }
    }

    /// Marks where a triggering example's finding is, as SwiftLint's examples do; never printed,
    /// and the tests check each finding of the example is where its marks say (`RuleExampleTests`).
    package static let marker: Character = "↓"

    /// `text` without its markers, and whether it had one.
    static func unmarked(_ text: String) -> (String, Bool) {
        guard text.contains(marker) else { return (text, false) }
        return (String(text.filter { $0 != marker }), true)
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
        /// Whether a triggering example's finding is about this product's declaration: its name was
        /// given with `RuleExample.marker` before it (taken out of `name`).
        package var isMarked: Bool

        package init(_ name: String, type: String = "library", linkage: String? = nil, targets: [String], package: String = "example") {
            (self.name, self.isMarked) = RuleExample.unmarked(name)
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
