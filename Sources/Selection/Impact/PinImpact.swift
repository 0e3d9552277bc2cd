import ModuleGraph

/// The targets a changed `Package.resolved` affects: the users of the remote packages whose pins
/// moved. A moved pin no target names is an indirect dependency, reached through some remote
/// package; without their manifests, every user of a remote product may be affected.
package enum PinImpact {
    /// `path` is the changed file as named.
    package static func of(_ evidence: LockfileEvidence, path: String, graph: ModuleGraph) -> ChangeImpact {
        guard case .versions(let base, let head) = evidence else {
            return .everything(reason: "\(path) changed and there is no --base to compare it with")
        }
        guard let moved = PackageResolved.changedIdentities(base: base, head: head) else {
            return .everything(reason: "\(path) changed and could not be read as a Package.resolved")
        }
        let seeds = seeds(moved: moved, path: path, graph: graph)
        let indirect = indirectlyUsed(moved: moved, graph: graph)
        // The moved indirect pins are listed once, not in the reason of each of their users.
        let notes = indirect.isEmpty || seeds.isEmpty ? [] : ["\(path): pins of indirect dependencies moved: \(indirect.joined(separator: ", "))"]
        return .seeds(seeds, notes: notes)
    }

    /// The moved packages no target names, other than local ones, sorted.
    static func indirectlyUsed(moved: Set<String>, graph: ModuleGraph) -> [String] {
        let local = Set(graph.packages.filter(\.isLocal).map(\.identity))
        var named: Set<String> = []
        for target in graph.targets {
            for edge in target.dependencies {
                if case .product(_, let owner) = edge.destination { named.insert(owner) }
            }
        }
        return moved.subtracting(named).subtracting(local).sorted()
    }

    /// The users of `moved` packages, directly, or through any remote product when a moved
    /// package is named by no target.
    package static func seeds(moved: Set<String>, path: String, graph: ModuleGraph) -> [ChangeSeed] {
        let localIdentities = Set(graph.packages.filter(\.isLocal).map(\.identity))
        var seeds: [ChangeSeed] = []
        var usersOfRemoteProducts: [(target: TargetID, product: String, owner: String)] = []
        for target in graph.targets {
            for edge in target.dependencies {
                guard case .product(let product, let owner) = edge.destination, !localIdentities.contains(owner) else { continue }
                usersOfRemoteProducts.append((target.id, product, owner))
                if moved.contains(owner) {
                    seeds.append(ChangeSeed(target: target.id, file: path, reason: "pin of \(owner) changed (uses \(product))"))
                }
            }
        }
        if !indirectlyUsed(moved: moved, graph: graph).isEmpty {
            for user in usersOfRemoteProducts {
                seeds.append(ChangeSeed(target: user.target, file: path,
                    reason: "pin of an indirect dependency changed (through \(user.product) of \(user.owner))"))
            }
        }
        return seeds
    }
}
