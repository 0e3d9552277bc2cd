import Configuration
import ModuleGraph

/// The canary's violation: a target an app or executable links declares a new `CanaryTesting`
/// library, so test support ships in the product.
extension TestingInProductRule: CanaryPlanting {
    func plant(in input: CheckInput) -> CanaryPlot {
        let graph = input.graph
        let ground = graph.targets.filter { target in
            !target.isTest && !input.configuration.isTestingName(target.name) && graph.package(target.id.package)?.isLocal == true
        }
        let roots = Set(ground.filter { $0.productType == .application || $0.productType == .appExtension }.map(\.id)
            + graph.packages.filter(\.isLocal).flatMap { package in
                package.products.filter { $0.type == "executable" }.flatMap { $0.targets.map { TargetID(package: package.identity, name: $0) } }
            })
        // A root itself declares the Testing target: the shortest chain there is. With no root,
        // a target of a package (not a project) gets an executable product of its own.
        let ordered = input.canaryOrder(ground)
        let chosen = ordered.first { roots.contains($0.id) }
            ?? ordered.first { graph.package($0.id.package)?.projectPath == nil && $0.kind.isImportable }
        guard let target = chosen else { return .noPlace("no app, extension or package target to link test support into") }
        let name = "CanaryTesting"
        guard input.configuration.isTestingName(name) else { return .noPlace("no testing.targets pattern names \(name) test support") }
        let testing = TargetID(package: target.id.package, name: name)
        let needsRoot = !roots.contains(target.id)
        // Beside a target whose layer the declaring one may use (its own folder's siblings last),
        // so the new library lands in a layer it may use: else layer-dependency, listed first,
        // reports the same declaration.
        guard let path = Self.canaryTestingPath(for: target, named: name, in: input) else {
            return .noPlace("no folder puts a new \(name) library in a layer \(target.name) may use")
        }
        let summary = "a dependency of \(input.canaryLabel(target)) on a new \(name) library" + (needsRoot ? ", with an executable product CanaryApp of \(target.name)" : "")
        let plant = CanaryPlant.declaring(.target(testing), in: target, subject: name, summary: summary).alsoEditing { workspace in
            CanaryPlant.editingGraph(&workspace) { packages, targets in
                targets.append(Target(id: testing, kind: .library, moduleName: name, path: path))
                if needsRoot, let index = packages.firstIndex(where: { $0.identity == target.id.package }) {
                    packages[index].products.append(Product(name: "CanaryApp", type: "executable", targets: [target.name]))
                }
            }
        }
        return .planted(plant)
    }

    /// A folder for the new library, relative to `target`'s package, whose layer (by the
    /// configuration's layers, worked out on a graph that holds it) `target`'s layer allows.
    private static func canaryTestingPath(for target: Target, named name: String, in input: CheckInput) -> String? {
        let graph = input.graph
        let parent = { (path: String) in path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "" }
        let siblings = graph.targets.filter { $0.id.package == target.id.package && $0.id != target.id && !$0.isTest }
        let declared = Set(graph.dependencies(of: target.id).map(\.node))
        let ordered = siblings.filter { declared.contains(.target($0.id)) } + siblings.filter { !declared.contains(.target($0.id)) } + [target]
        var tried: Set<String> = []
        for neighbour in ordered {
            let folder = parent(neighbour.path)
            guard tried.insert(folder).inserted else { continue }
            let path = folder.isEmpty ? name : folder + "/" + name
            guard let own = input.layers.layer(of: target.id) else { return path }
            let probe = Target(id: TargetID(package: target.id.package, name: name), kind: .library, moduleName: name, path: path)
            let layers = LayerAssignment(graph: ModuleGraph(packages: graph.packages, targets: graph.targets + [probe], externalProducts: graph.externalProducts),
                                         layers: input.configuration.layers)
            if layers.layer(of: probe.id).map({ own.allows($0.name) }) ?? true { return path }
        }
        return nil
    }
}
