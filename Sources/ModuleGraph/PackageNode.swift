/// One package of the graph: a local package that was loaded, or a remote dependency known only
/// by its declaration (and, when checked out, by its products' modules).
package struct PackageNode: Sendable, Hashable {
    package enum Origin: Sendable, Hashable {
        /// Loaded from a manifest; the path is relative to the graph's root folder ("." for it).
        case local(path: String)
        /// Declared by URL; not built or fetched by Bulkhead.
        case remote(url: String, requirement: String)
        /// An Xcode project read from its `project.pbxproj`; the path is the `.xcodeproj` folder's,
        /// relative to the graph's root. Its targets' paths are relative to the folder holding it
        /// (Xcode's `SOURCE_ROOT`). A project is a node like a package so that every command sees
        /// its targets; it has no products, and its edges to packages go through theirs.
        case project(path: String)
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
    /// The manifest's `swiftLanguageModes:` (`swiftLanguageVersions:` before tools 6.0) as
    /// written (`5`, `6`, `4.2`); empty when it declares none. The language mode of its targets
    /// that set none of their own.
    package var languageModes: [String] = []
    /// The remote packages this one declares, by identity, with the requirement as its manifest
    /// (or project) writes it (`exact: 1.2.3`, `range: 1.0.0..<2.0.0`, `branch: main`). The remote
    /// node keeps one requirement per identity; `pinned-dependency` checks each declaration.
    package var remoteRequirements: [String: RemoteRequirement] = [:]
    /// The pins of the `Package.resolved` beside its manifest (for a project: under
    /// `project.xcworkspace/xcshareddata/swiftpm/`), by identity; nil when there is none.
    package var resolvedPins: [String: ResolvedPin]?
    /// The manifest a local package's toolchain reads: `Package.swift`, or a version-specific
    /// `Package@swift-X.Y.swift` beside it.
    package var manifestFileName = "Package.swift"
    /// The names this package's manifest gives dependencies in `.package(name: "X", path: …)`, by
    /// the dependency's identity: SwiftPM then knows that package only as "X" in
    /// `.product(package:)` (dump-package's `nameForTargetDependencyResolutionOnly`), and any
    /// other spelling stops the manifest loading. A dependency declared without a name is absent.
    package var declaredDependencyNames: [String: String] = [:]

    package init(identity: String, name: String, origin: Origin, products: [Product] = [], dependencies: [String] = [], toolsVersion: String? = nil) {
        self.identity = identity
        self.name = name
        self.origin = origin
        self.products = products
        self.dependencies = dependencies
        self.toolsVersion = toolsVersion
    }

    /// Loaded from disk: a local package or an Xcode project.
    package var isLocal: Bool {
        switch origin {
        case .local, .project: true
        case .remote: false
        }
    }

    /// The folder target paths are relative to: a local package's folder, or the folder holding
    /// a project's `.xcodeproj`.
    package var localPath: String? {
        switch origin {
        case .local(let path): return path
        case .project(let path):
            guard let slash = path.lastIndex(of: "/") else { return "." }
            return String(path[..<slash])
        case .remote: return nil
        }
    }

    /// The file that declares the unit, relative to the root: a local package's manifest, a
    /// project's `project.pbxproj`; nil for a remote package. Chosen here, once, from the origin,
    /// so nothing downstream asks which kind of unit it holds to find its file.
    package var declarationPath: String? {
        switch origin {
        case .local(let path): return path == "." ? manifestFileName : "\(path)/\(manifestFileName)"
        case .project(let path): return "\(path)/project.pbxproj"
        case .remote: return nil
        }
    }

    /// How the manifest of `dependent` names this package in `.product(name:package:)`: the name
    /// its `.package(name:…)` gives it, else `manifestSpelling`.
    package func manifestSpelling(in dependent: PackageNode?) -> String {
        dependent?.declaredDependencyNames[identity] ?? manifestSpelling
    }

    /// How a manifest names the package in `.product(name:package:)`: the last component of its
    /// folder or repository URL as written there (`AppAccount`, `Alamofire`), not the identity
    /// SwiftPM lowercases it to and matches without case. The identity for the root package, whose
    /// folder's name the graph does not hold.
    package var manifestSpelling: String {
        var name: String
        switch origin {
        case .local(let path): name = Self.lastComponent(path) ?? identity
        case .remote(let url, _):
            name = Self.lastComponent(url) ?? identity
            if name.hasSuffix(".git") { name.removeLast(4) }
        case .project: return identity
        }
        // Only a spelling of the identity itself: anything else (the root's ".", a registry
        // identity, a path made unique between two folders of one name) keeps the identity.
        if name == identity { return name }
        return name.lowercased() == identity.lowercased() ? name : identity
    }

    /// The last non-empty `/`-separated component, found from the end of the bytes: rules ask
    /// for a package's spelling once per finding.
    private static func lastComponent(_ path: String) -> String? {
        let bytes = path.utf8
        let slash = UInt8(ascii: "/")
        var end = bytes.endIndex
        while end > bytes.startIndex && bytes[bytes.index(before: end)] == slash { end = bytes.index(before: end) }
        guard end > bytes.startIndex else { return nil }
        var start = end
        while start > bytes.startIndex && bytes[bytes.index(before: start)] != slash { start = bytes.index(before: start) }
        return String(path[start..<end])
    }

    /// The `.xcodeproj` path of a project node, relative to the root.
    package var projectPath: String? {
        if case .project(let path) = origin { return path }
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
    /// Every module of its package a build of the product compiles: its own and their target
    /// dependencies, transitively. An importer of one of them builds cleanly, though it does
    /// not declare it. `modules` unless a checkout said more.
    package var buildsModules: [String]
    /// Whether a checkout says its targets depend on products of other packages, whose modules
    /// are then built too (unknown here).
    package var dependsOnOtherPackages: Bool

    package init(name: String, package: String, modules: [String], isGuess: Bool,
                 buildsModules: [String]? = nil, dependsOnOtherPackages: Bool = false) {
        self.name = name
        self.package = package
        self.modules = modules
        self.isGuess = isGuess
        self.buildsModules = buildsModules ?? modules
        self.dependsOnOtherPackages = dependsOnOtherPackages
    }
}
