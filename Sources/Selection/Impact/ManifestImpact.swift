import ModuleGraph

/// The targets a changed manifest affects: those whose declaration changed, those that use a
/// changed product, and the package's own users of a dependency whose requirement changed;
/// every target of the package when something package-wide changed or the package is new.
package enum ManifestImpact {
    /// `package` is the identity of the manifest's package; `path` the changed file as named.
    package static func of(_ evidence: ManifestEvidence, package: String, path: String, graph: ModuleGraph) -> ChangeImpact {
        let targets = graph.targets.filter { $0.id.package == package }
        if let gap = evidence.gap { return .everything(reason: "\(path) changed and \(gap)") }
        if case .projects(let base, let head) = evidence {
            return .seeds(seeds(of: ManifestComparison.compare(base: base, head: head), package: package, targets: targets, path: path, graph: graph))
        }
        guard case .versions(let base, let head) = evidence else {
            return .seeds(targets.map { ChangeSeed(target: $0.id, file: path, reason: "package added") })
        }
        guard let comparison = ManifestComparison.compare(base: base, head: head) else {
            return of(.baseNotEvaluated, package: package, path: path, graph: graph)
        }
        return .seeds(seeds(of: comparison, package: package, targets: targets, path: path, graph: graph))
    }

    /// Changed settings a reason names before "and N more".
    static let settingsNamed = 8

    static func seeds(of comparison: ManifestComparison, package: String, targets: [Target], path: String, graph: ModuleGraph) -> [ChangeSeed] {
        var seeds: [ChangeSeed] = []
        if !comparison.packageWide.isEmpty {
            let reason = "package settings changed: \(comparison.packageWide.joined(separator: ", "))"
            seeds += targets.map { ChangeSeed(target: $0.id, file: path, reason: reason) }
        }
        for (name, parts) in comparison.targets.sorted(by: { $0.key < $1.key }) {
            let id = TargetID(package: package, name: name)
            if graph.target(id) != nil {
                seeds.append(ChangeSeed(target: id, file: path, reason: "declaration changed: \(parts.joined(separator: ", "))"))
            }
        }
        for (name, settings) in comparison.settings.sorted(by: { $0.key < $1.key }) {
            let id = TargetID(package: package, name: name)
            if graph.target(id) != nil {
                // A migration can change dozens: the first few name the change, the count the rest.
                let named = settings.prefix(Self.settingsNamed).joined(separator: ", ")
                let more = settings.count > Self.settingsNamed ? " and \(settings.count - Self.settingsNamed) more" : ""
                seeds.append(ChangeSeed(target: id, file: path, reason: "settings changed: \(named)\(more)"))
            }
        }
        for target in graph.targets {
            for edge in target.dependencies {
                guard case .product(let product, let owner) = edge.destination else { continue }
                if owner == package && comparison.products.contains(product) {
                    seeds.append(ChangeSeed(target: target.id, file: path, reason: "product \(product) changed"))
                } else if target.id.package == package && comparison.dependencies.contains(owner) {
                    seeds.append(ChangeSeed(target: target.id, file: path, reason: "requirement of \(owner) changed"))
                }
            }
        }
        return seeds
    }
}
