/// The packages, targets and dependencies of one package or of a repository of local packages,
/// with the questions rules ask of it: what does a target depend on, who depends on it, how does
/// one reach another.
///
/// Built once, read many times: lookups are indexed at construction, traversals are breadth-first
/// over integer indices, and every answer comes back sorted.
package struct ModuleGraph: Sendable {
    package let packages: [PackageNode]
    package let targets: [Target]
    package let externalProducts: [ExternalProduct]

    /// Shared with the path search in `ModuleGraph+Paths.swift`.
    let indexByID: [TargetID: Int]
    private let indicesByName: [String: [Int]]
    private let packageIndexByIdentity: [String: Int]
    private let importableByModule: [String: [TargetID]]
    private let resolved: [[ResolvedDependency]]
    /// Parallel to `resolved`: the position among `targets` of each dependency's target (nil for
    /// a remote product).
    private let resolvedIndices: [[Int?]]
    private let dependantIndices: [[Int]]
    /// Made with the graph and shared by its copies: every stored property is a `let`, so two
    /// values holding the same one are the same graph (`isSame(as:)`).
    private let identity = Identity()

    private final class Identity: Sendable {}

    /// Whether `other` is this very graph (a copy of it), not one built again, however alike:
    /// what was worked out from one holds for the other without comparing them.
    package func isSame(as other: ModuleGraph) -> Bool {
        identity === other.identity
    }

    package init(packages: [PackageNode], targets: [Target], externalProducts: [ExternalProduct] = []) {
        self.packages = packages.sorted { $0.identity < $1.identity }
        // Positions sorted, not targets: moving a target moves (and retains) every field of it.
        // Stable, as `sorted(by:)` is: targets of one id keep their order.
        self.targets = targets.indices.sorted { targets[$0].id < targets[$1].id }.map { targets[$0] }
        self.externalProducts = externalProducts.sorted { ($0.package, $0.name) < ($1.package, $1.name) }
        self.packageIndexByIdentity = Dictionary(self.packages.enumerated().map { ($1.identity, $0) }, uniquingKeysWith: min)
        var indexByID: [TargetID: Int] = [:]
        var indicesByName: [String: [Int]] = [:]
        var importableByModule: [String: [TargetID]] = [:]
        indexByID.reserveCapacity(self.targets.count)
        indicesByName.reserveCapacity(self.targets.count)
        importableByModule.reserveCapacity(self.targets.count)
        for (index, target) in self.targets.enumerated() {
            indexByID[target.id] = indexByID[target.id] ?? index
            indicesByName[target.name, default: []].append(index)
            if target.isImportable { importableByModule[target.moduleName, default: []].append(target.id) }
        }
        self.indexByID = indexByID
        self.indicesByName = indicesByName
        self.importableByModule = importableByModule

        let productsByPackage = Dictionary(grouping: self.packages.flatMap { package in
            package.products.map { (package: package.identity, product: $0) }
        }, by: \.package)
        let externalByKey = Dictionary(self.externalProducts.map { ("\($0.package)/\($0.name)", $0) }, uniquingKeysWith: { first, _ in first })

        var resolved: [[ResolvedDependency]] = []
        var resolvedIndices: [[Int?]] = []
        resolved.reserveCapacity(self.targets.count)
        resolvedIndices.reserveCapacity(self.targets.count)
        var dependants = Array(repeating: [Int](), count: self.targets.count)
        for (index, target) in self.targets.enumerated() {
            // Each dependency with its target's position, looked up once: the position is what
            // `dependants` and `resolvedIndices` keep (nil for a remote product).
            var edges: [(dependency: ResolvedDependency, position: Int?)] = []
            for edge in target.dependencies {
                switch edge.destination {
                case .target(let id):
                    if let position = indexByID[id] { edges.append((ResolvedDependency(node: .target(id), edge: edge, product: nil), position)) }
                case .product(let name, let package):
                    if let product = productsByPackage[package]?.first(where: { $0.product.name == name })?.product {
                        for targetName in product.targets {
                            let id = TargetID(package: package, name: targetName)
                            if let position = indexByID[id] { edges.append((ResolvedDependency(node: .target(id), edge: edge, product: name), position)) }
                        }
                    } else {
                        let external = externalByKey["\(package)/\(name)"]
                        edges.append((ResolvedDependency(node: .external(package: package, product: name), edge: edge, product: name, isGuess: external?.isGuess ?? true), nil))
                    }
                }
            }
            edges.sort { ($0.dependency.node, $0.dependency.product ?? "") < ($1.dependency.node, $1.dependency.product ?? "") }
            for case let (_, position?) in edges where !dependants[position].contains(index) {
                dependants[position].append(index)
            }
            resolved.append(edges.map(\.dependency))
            resolvedIndices.append(edges.map(\.position))
        }
        self.resolved = resolved
        self.resolvedIndices = resolvedIndices
        self.dependantIndices = dependants.map { $0.sorted() }
    }

    // MARK: Lookup

    package func target(_ id: TargetID) -> Target? {
        indexByID[id].map { targets[$0] }
    }

    /// `target(id)?.moduleName`, read in place: copying the whole target out to read one name
    /// retained every field of it, for every dependency of every target a rule looked at.
    package func moduleName(of id: TargetID) -> String? {
        indexByID[id].map { targets[$0].moduleName }
    }

    /// Targets called `name` (several when packages repeat a name), or the one `package/name` names.
    package func targets(named name: String) -> [Target] {
        if let slash = name.firstIndex(of: "/") {
            let id = TargetID(package: String(name[..<slash]), name: String(name[name.index(after: slash)...]))
            return target(id).map { [$0] } ?? []
        }
        return (indicesByName[name] ?? []).map { targets[$0] }
    }

    /// The targets an `import module` in `importer` can mean: those of the importer's own package
    /// when it has one, else every target with that module name.
    package func targets(importedAs module: String, from importer: TargetID) -> [TargetID] {
        let candidates = importableByModule[module] ?? []
        // One candidate (most modules) is the answer whichever package it is in.
        guard candidates.count > 1 else { return candidates }
        let samePackage = candidates.filter { $0.package == importer.package }
        return samePackage.isEmpty ? candidates : samePackage
    }

    /// Every target an `import module` can mean, in the graph's order, before
    /// `targets(importedAs:from:)` prefers the importer's package: what a table of answers per
    /// module (rather than per import) starts from.
    package func targets(importableAs module: String) -> [TargetID] {
        importableByModule[module] ?? []
    }

    package func package(_ identity: String) -> PackageNode? {
        packageIndexByIdentity[identity].map { packages[$0] }
    }

    /// The shortest unambiguous spelling of a target: its name, or `package/name` when another
    /// package has a target of the same name.
    package func displayName(_ id: TargetID) -> String {
        (indicesByName[id.name]?.count ?? 0) > 1 ? id.description : id.name
    }

    // MARK: Edges

    /// What `id` depends on, products of local packages expanded to their targets.
    package func dependencies(of id: TargetID) -> [ResolvedDependency] {
        indexByID[id].map { resolved[$0] } ?? []
    }

    /// The position of `id` among `targets`: for a walk over many targets, which marks what it
    /// met by position rather than hashing names at every step.
    package func index(of id: TargetID) -> Int? {
        indexByID[id]
    }

    /// What the target at `index` of `targets` depends on (`dependencies(of:)`), with the
    /// position of each dependency's target among `targets` (nil for a remote product).
    package func dependencies(atIndex index: Int) -> (dependencies: [ResolvedDependency], targetIndices: [Int?]) {
        (resolved[index], resolvedIndices[index])
    }

    /// The targets that declare a dependency on `id`, directly.
    package func dependants(of id: TargetID) -> [TargetID] {
        indexByID[id].map { dependantIndices[$0].map { targets[$0].id } } ?? []
    }

    // MARK: Traversal

    package enum Direction: Sendable {
        case dependencies, dependants
    }

    /// Every target reachable from `start` in `direction`, with its distance (0 for the start
    /// targets), up to `maximumDepth` steps when given.
    package func reachable(from start: [TargetID], direction: Direction, maximumDepth: Int? = nil) -> [TargetID: Int] {
        var distance: [Int: Int] = [:]
        var frontier = start.compactMap { indexByID[$0] }
        for index in frontier { distance[index] = 0 }
        var depth = 0
        while !frontier.isEmpty, depth < (maximumDepth ?? .max) {
            depth += 1
            var next: [Int] = []
            for index in frontier {
                for neighbour in neighbours(of: index, direction) where distance[neighbour] == nil {
                    distance[neighbour] = depth
                    next.append(neighbour)
                }
            }
            frontier = next
        }
        return Dictionary(uniqueKeysWithValues: distance.map { (targets[$0.key].id, $0.value) })
    }

    /// `ids` and every target that depends on any of them, directly or not.
    package func reverseClosure(of ids: [TargetID]) -> Set<TargetID> {
        Set(reachable(from: ids, direction: .dependants).keys)
    }

    /// `ids` and everything they depend on, directly or not.
    package func closure(of ids: [TargetID]) -> Set<TargetID> {
        Set(reachable(from: ids, direction: .dependencies).keys)
    }

    private func neighbours(of index: Int, _ direction: Direction) -> [Int] {
        switch direction {
        case .dependants:
            return dependantIndices[index]
        case .dependencies:
            return resolved[index].compactMap { dependency in
                if case .target(let id) = dependency.node { return indexByID[id] }
                return nil
            }
        }
    }
}

/// A dependency after products are expanded: the node it reaches and the manifest edge it comes
/// from.
package struct ResolvedDependency: Sendable, Hashable {
    package var node: GraphNode
    /// The declaration in the manifest, with its condition.
    package var edge: DependencyEdge
    /// The product the edge goes through, when it names one.
    package var product: String?
    /// For products of remote packages not checked out: the module name is only a guess.
    package var isGuess: Bool = false

    /// Every spelling a person may use for this dependency in a configuration: the product it
    /// names, the target (`Name`, `package/Name`), or the remote product (`package/Product`).
    package var declaredNames: [String] {
        var names = product.map { [$0] } ?? []
        switch node {
        case .target(let id): names += [id.name, id.description]
        case .external(let package, let product): names += ["\(package)/\(product)"]
        }
        return names
    }
}

/// A node of the drawn graph: a target, or a product of a remote package.
package enum GraphNode: Sendable, Hashable, Comparable {
    case target(TargetID)
    case external(package: String, product: String)

    package static func < (lhs: GraphNode, rhs: GraphNode) -> Bool {
        switch (lhs, rhs) {
        case (.target(let left), .target(let right)): left < right
        case (.target, .external): true
        case (.external, .target): false
        case (.external(let leftPackage, let leftProduct), .external(let rightPackage, let rightProduct)):
            (leftPackage, leftProduct) < (rightPackage, rightProduct)
        }
    }
}
