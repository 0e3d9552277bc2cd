import ModuleGraph

/// The graph as a versioned JSON document: every package, and every selected target with its
/// name, module, kind, package, path and dependencies. Keys are sorted, so the bytes are stable.
package enum GraphJSONRenderer {
    package static let formatVersion = 1

    package struct Document: Codable, Equatable, Sendable {
        package var version: Int
        package var tool: String
        package var command: String
        package var packages: [PackageEntry]
        package var targets: [TargetEntry]
    }

    package struct PackageEntry: Codable, Equatable, Sendable {
        package var identity: String
        package var name: String
        /// Relative to the loaded folder; absent for remote packages.
        package var path: String?
        package var url: String?
        package var requirement: String?
        package var products: [ProductEntry]
    }

    package struct ProductEntry: Codable, Equatable, Sendable {
        package var name: String
        package var type: String
        package var linkage: String?
        package var targets: [String]
    }

    package struct TargetEntry: Codable, Equatable, Sendable {
        package var name: String
        package var module: String
        package var kind: TargetKind
        package var package: String
        package var path: String
        package var sources: Int
        package var dependencies: [DependencyEntry]
        /// For a target of an Xcode project: `application`, `app-extension`, `unit-test`, …
        package var productType: String?
        /// For a test bundle of an Xcode project: the target it runs in.
        package var testHost: String?
        /// For a target of an Xcode project: the platforms it is checked for; absent when unknown.
        package var platforms: [String]? = nil
        /// For the focused target of an Xcode project (`--focus`): every build setting per
        /// configuration, as resolved through `.xcconfig` files, `$(inherited)` and conditions.
        package var buildSettings: [String: [String: String]]? = nil
        /// With `graph --edges imports|both`: the selected targets this one's sources import,
        /// each with its first import and whether a declaration backs it.
        package var imports: [ImportEntry]? = nil
    }

    package struct ImportEntry: Codable, Equatable, Sendable {
        package var target: String
        package var package: String
        package var file: String
        package var line: Int
        /// How many imports of the target the sources make.
        package var count: Int
        /// True when every one of them is inside `#if`.
        package var conditional: Bool
        package var declared: Bool

        package init(target: String, package: String, file: String, line: Int, count: Int, conditional: Bool, declared: Bool) {
            self.target = target
            self.package = package
            self.file = file
            self.line = line
            self.count = count
            self.conditional = conditional
            self.declared = declared
        }
    }

    package struct DependencyEntry: Codable, Equatable, Sendable {
        /// A target of `package`, or (with `product`) a target reached through that product.
        package var target: String?
        package var product: String?
        package var package: String
        /// For products of remote packages: the modules they provide.
        package var modules: [String]?
        /// True when the module name is the product's name, assumed without a checkout.
        package var guess: Bool?
        package var condition: DependencyCondition?
        /// How it arrived when not by declaration: `linked` (an Xcode target's Frameworks
        /// phase), `embedded` (a product that is no module), `hosted` (a test bundle's host).
        package var arrival: String?
    }

    /// `imports`: with `graph --edges imports|both`, each selected target's import edges (nil
    /// otherwise, and the key is left out).
    package static func document(_ graph: ModuleGraph, selected: Set<TargetID>, buildSettings: [TargetID: [String: [String: String]]] = [:],
                                 imports: [TargetID: [ImportEntry]]? = nil) -> Document {
        let externals = Dictionary(graph.externalProducts.map { ("\($0.package)/\($0.name)", $0) }, uniquingKeysWith: { first, _ in first })
        let packages = graph.packages.map { package -> PackageEntry in
            var entry = PackageEntry(identity: package.identity, name: package.name, products: package.products.map {
                ProductEntry(name: $0.name, type: $0.type, linkage: $0.linkage, targets: $0.targets)
            })
            switch package.origin {
            case .local(let path), .project(let path): entry.path = path
            case .remote(let url, let requirement):
                entry.url = url
                entry.requirement = requirement
            }
            return entry
        }
        let targets = graph.targets.filter { selected.contains($0.id) }.map { target in
            var entry = TargetEntry(
                name: target.name, module: target.moduleName, kind: target.kind, package: target.id.package,
                path: target.path, sources: target.sources.count,
                dependencies: graph.dependencies(of: target.id).map { dependency in
                    let arrival = dependency.edge.arrival == .declared ? nil : dependency.edge.arrival.rawValue
                    switch dependency.node {
                    case .target(let id):
                        return DependencyEntry(target: id.name, product: dependency.product, package: id.package, condition: dependency.edge.condition,
                                               arrival: arrival)
                    case .external(let package, let product):
                        let external = externals["\(package)/\(product)"]
                        return DependencyEntry(product: product, package: package, modules: external?.modules ?? [product],
                                               guess: external?.isGuess ?? true, condition: dependency.edge.condition, arrival: arrival)
                    }
                }, productType: target.productType?.name, testHost: target.testHost)
            entry.platforms = target.platforms.isEmpty ? nil : target.platforms
            entry.buildSettings = buildSettings[target.id]
            if let imports { entry.imports = imports[target.id] ?? [] }
            return entry
        }
        return Document(version: formatVersion, tool: "bulkhead", command: "graph", packages: packages, targets: targets)
    }

    package static func render(_ graph: ModuleGraph, selected: Set<TargetID>, buildSettings: [TargetID: [String: [String: String]]] = [:],
                               imports: [TargetID: [ImportEntry]]? = nil) throws(ReportError) -> String {
        try SortedJSON.text(of: document(graph, selected: selected, buildSettings: buildSettings, imports: imports), document: "graph json")
    }
}
