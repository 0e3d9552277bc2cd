import Formats

/// `source: { … }` in `bulkhead.json`: the rules that read inside files rather than between
/// targets — identifiers and imports banned by layer, target or path, the shape of type
/// declarations, and counts of `@unchecked Sendable` and `public import`. Empty unless written,
/// so sources are inspected only when a rule here asks for it.
package struct SourceRules: Sendable, Equatable {
    package var forbiddenIdentifiers: [ForbiddenIdentifiers] = []
    package var forbiddenImports: [ForbiddenImports] = []
    package var declarations: [DeclarationShape] = []
    package var uncheckedSendable: [Budget] = []
    package var publicImports: [Budget] = []

    package init(forbiddenIdentifiers: [ForbiddenIdentifiers] = [], forbiddenImports: [ForbiddenImports] = [],
                 declarations: [DeclarationShape] = [], uncheckedSendable: [Budget] = [], publicImports: [Budget] = []) {
        self.forbiddenIdentifiers = forbiddenIdentifiers
        self.forbiddenImports = forbiddenImports
        self.declarations = declarations
        self.uncheckedSendable = uncheckedSendable
        self.publicImports = publicImports
    }

    /// Where an entry applies: files of targets in one of `layers`, of one of `targets`, under one
    /// of `paths` (globs relative to the root). Each list given must match; none given is everywhere.
    package struct Scope: Sendable, Equatable {
        package var layers: [String] = []
        package var targets: [String] = []
        package var paths: [String] = []

        package init(layers: [String] = [], targets: [String] = [], paths: [String] = []) {
            self.layers = layers
            self.targets = targets
            self.paths = paths
        }

        /// Whether a target (and its layer) is in scope, before any file is looked at.
        package func contains(target: String, qualified: String, layer: String?) -> Bool {
            (layers.isEmpty || layer.map(layers.contains) == true)
                && (targets.isEmpty || targets.contains(target) || targets.contains(qualified))
        }

        /// Whether a file of a target in scope is: its path matches a glob, if any are given.
        package func contains(file path: String) -> Bool {
            paths.isEmpty || paths.contains { Glob($0).matchesItselfOrParent(path) }
        }

        /// How a message names the scope: "in Features", "under Sources/Features/**".
        package var label: String {
            var parts: [String] = []
            if !layers.isEmpty { parts.append("in \(layers.joined(separator: ", "))") }
            if !targets.isEmpty { parts.append("in \(targets.joined(separator: ", "))") }
            if !paths.isEmpty { parts.append("under \(paths.joined(separator: ", "))") }
            return parts.isEmpty ? "anywhere" : parts.joined(separator: " ")
        }
    }

    /// `{ identifiers: ["URLSession", "Bundle.main"], layers: ["Features"], message: "…" }`.
    package struct ForbiddenIdentifiers: Sendable, Equatable {
        /// Member chains: `Bundle.main` matches the tokens `Bundle` `.` `main`.
        package var identifiers: [String]
        package var scope: Scope
        package var message: String?

        package init(identifiers: [String], scope: Scope = Scope(), message: String? = nil) {
            self.identifiers = identifiers
            self.scope = scope
            self.message = message
        }
    }

    /// `{ modules: ["Networking", "*Data"], paths: ["App/Features/**"], message: "…" }`: for code
    /// not yet split into modules, where a layer is a folder.
    package struct ForbiddenImports: Sendable, Equatable {
        /// Module names or name globs (`*Data`).
        package var modules: [String]
        package var scope: Scope
        package var message: String?

        package init(modules: [String], scope: Scope = Scope(), message: String? = nil) {
            self.modules = modules
            self.scope = scope
            self.message = message
        }

        package func forbids(_ module: String) -> Bool {
            ModuleMatcher(modules).matches(module)
        }

        /// `forbids` with its globs made once: a rule asks it for every import of every file.
        package var matcher: ModuleMatcher { ModuleMatcher(modules) }
    }

    /// Module names and name globs, the globs parsed once.
    package struct ModuleMatcher: Sendable {
        private let names: Set<String>
        private let globs: [Glob]

        package init(_ modules: [String]) {
            names = Set(modules)
            globs = modules.filter { $0.utf8.contains { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") } }.map(Glob.init)
        }

        package func matches(_ module: String) -> Bool {
            names.contains(module) || globs.contains { $0.matches(module) }
        }
    }

    /// `{ kinds: ["class"], names: ["*ViewModel"], require: ["final"] }`: what types of a name
    /// and scope must or must not carry.
    package struct DeclarationShape: Sendable, Equatable {
        /// `class`, `struct`, `enum`, `actor`, `protocol`, `extension`; empty for all but extensions.
        package var kinds: [String]
        /// Name globs: `*ViewModel`; empty for every name.
        package var names: [String]
        package var scope: Scope
        /// Modifiers each must have (`final`) and must not have (`public`, `open`).
        package var requiredModifiers: [String]
        package var forbiddenModifiers: [String]
        /// Types each must inherit directly (`Sendable`).
        package var requiredInheritance: [String]
        package var message: String?

        package init(kinds: [String] = [], names: [String] = [], scope: Scope = Scope(), requiredModifiers: [String] = [],
                     forbiddenModifiers: [String] = [], requiredInheritance: [String] = [], message: String? = nil) {
            self.kinds = kinds
            self.names = names
            self.scope = scope
            self.requiredModifiers = requiredModifiers
            self.forbiddenModifiers = forbiddenModifiers
            self.requiredInheritance = requiredInheritance
            self.message = message
        }

        package static let knownKinds = ["class", "struct", "enum", "actor", "protocol", "extension"]

        /// Whether a declaration of `kind` named `name` is one this entry is about.
        package func selects(kind: String, name: String) -> Bool {
            (kinds.isEmpty ? kind != "extension" : kinds.contains(kind))
                && (names.isEmpty || names.contains { $0 == name || Glob($0).matches(name) })
        }
    }

    /// `{ layers: ["Infrastructure"], max: 2 }`: at most `max` occurrences, counted per layer for
    /// `uncheckedSendable` and per target for `publicImports`.
    package struct Budget: Sendable, Equatable {
        package var scope: Scope
        package var max: Int

        package init(scope: Scope = Scope(), max: Int) {
            self.scope = scope
            self.max = max
        }
    }

    package var isEmpty: Bool {
        forbiddenIdentifiers.isEmpty && forbiddenImports.isEmpty && declarations.isEmpty && uncheckedSendable.isEmpty && publicImports.isEmpty
    }

    /// The layer names its scopes mention, for validation against the configured layers.
    var scopes: [(path: String, scope: Scope)] {
        forbiddenIdentifiers.enumerated().map { ("source.forbiddenIdentifiers[\($0.offset)]", $0.element.scope) }
            + forbiddenImports.enumerated().map { ("source.forbiddenImports[\($0.offset)]", $0.element.scope) }
            + declarations.enumerated().map { ("source.declarations[\($0.offset)]", $0.element.scope) }
            + uncheckedSendable.enumerated().map { ("source.uncheckedSendable[\($0.offset)]", $0.element.scope) }
            + publicImports.enumerated().map { ("source.publicImports[\($0.offset)]", $0.element.scope) }
    }
}
