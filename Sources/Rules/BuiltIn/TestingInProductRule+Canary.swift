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
        let roots = Set(ground.filter { [.application, .appExtension, .watchApp].contains($0.productType) }.map(\.id)
            + graph.packages.filter(\.isLocal).flatMap { package in
                package.products.filter { $0.type == "executable" }.flatMap { $0.targets.map { TargetID(package: package.identity, name: $0) } }
            })
        let name = "CanaryTesting"
        guard input.configuration.isTestingName(name) else { return .noPlace("no testing.targets pattern names \(name) test support") }
        // A root itself declares the Testing target: the shortest chain there is. With no root,
        // a target of a package (not a project) gets an executable product of its own. Checked
        // targets first, roots first among them.
        let eligible = ground.filter { roots.contains($0.id) || (graph.package($0.id.package)?.projectPath == nil && $0.kind.isImportable) }
        guard !eligible.isEmpty else { return .noPlace("no app, extension or package target to link test support into") }
        let ordered = input.canaryOrder(eligible.filter { roots.contains($0.id) } + eligible.filter { !roots.contains($0.id) })
        // The new library goes in a folder whose layer the declaring target may use: else
        // layer-dependency, listed first, reports the same declaration.
        var layerOfFolder: [String: String?] = [:]
        guard let (target, path) = ordered.lazy.compactMap({ target in
            Self.canaryTestingPath(for: target, named: name, in: input, layers: &layerOfFolder).map { (target, $0) }
        }).first else {
            return .noPlace("every layer a new \(name) library could be in is one its would-be user may not use, so layer-dependency reports such a dependency first")
        }
        let testing = TargetID(package: target.id.package, name: name)
        let needsRoot = !roots.contains(target.id)
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

    /// A folder for the new library, relative to `target`'s package, whose layer (worked out on
    /// a graph that holds it, once per folder in `layers`) `target`'s layer allows: beside the
    /// target's declared dependencies first, its own folder's siblings last.
    private static func canaryTestingPath(for target: Target, named name: String, in input: CheckInput,
                                          layers layerOfFolder: inout [String: String?]) -> String? {
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
            let key = target.id.package + "/" + path
            let layer: String?
            if let known = layerOfFolder[key] {
                layer = known
            } else {
                let probe = Target(id: TargetID(package: target.id.package, name: name), kind: .library, moduleName: name, path: path)
                let assignment = LayerAssignment(graph: ModuleGraph(packages: graph.packages, targets: graph.targets + [probe], externalProducts: graph.externalProducts),
                                                 layers: input.configuration.layers)
                layer = assignment.layer(of: probe.id)?.name
                layerOfFolder[key] = .some(layer)
            }
            if layer.map(own.allows) ?? true { return path }
        }
        return nil
    }
}
