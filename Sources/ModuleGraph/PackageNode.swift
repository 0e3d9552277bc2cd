/// One package of the graph: a local package that was loaded, or a remote dependency known only
/// by its declaration (and, when checked out, by its products' modules).
package struct PackageNode: Sendable, Hashable {
    package enum Origin: Sendable, Hashable {
        /// Loaded from a manifest; the path is relative to the graph's root folder ("." for it).
        case local(path: String)
        /// Declared by URL; not built or fetched by Bulkhead.
        case remote(url: String, requirement: String)
    }

    package var identity: String
    package var name: String
    package var origin: Origin
    package var products: [Product]
    /// Identities of the packages this one declares, local and remote.
    package var dependencies: [String]
    package var toolsVersion: String?
    /// The manifest's `platforms:`, in SwiftPM's lowercase names (`ios`, `macos`); empty when it
    /// declares none. The platforms a check decides `#if` for unless told otherwise.
    package var platforms: [String] = []

    package init(identity: String, name: String, origin: Origin, products: [Product] = [], dependencies: [String] = [], toolsVersion: String? = nil) {
        self.identity = identity
        self.name = name
        self.origin = origin
        self.products = products
        self.dependencies = dependencies
        self.toolsVersion = toolsVersion
    }

    package var isLocal: Bool {
        if case .local = origin { return true }
        return false
    }

    package var localPath: String? {
        if case .local(let path) = origin { return path }
        return nil
    }
}

/// The modules a product of a remote package provides. From its checkout when one is present;
/// otherwise the product's own name, marked as a guess.
package struct ExternalProduct: Sendable, Hashable {
    package var name: String
    package var package: String
    package var modules: [String]
    package var isGuess: Bool

    package init(name: String, package: String, modules: [String], isGuess: Bool) {
        self.name = name
        self.package = package
        self.modules = modules
        self.isGuess = isGuess
    }
}
