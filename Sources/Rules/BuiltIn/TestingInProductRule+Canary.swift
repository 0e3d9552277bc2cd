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
        // Beside the target's own folder: Sources/CanaryTesting for Sources/Search.
        let folder = target.path.lastIndex(of: "/").map { String(target.path[..<$0]) } ?? ""
        let summary = "a dependency of \(input.canaryLabel(target)) on a new \(name) library" + (needsRoot ? ", with an executable product CanaryApp of \(target.name)" : "")
        let plant = CanaryPlant.declaring(.target(testing), in: target, subject: name, summary: summary).alsoEditing { workspace in
            CanaryPlant.editingGraph(&workspace) { packages, targets in
                targets.append(Target(id: testing, kind: .library, moduleName: name, path: folder.isEmpty ? name : folder + "/" + name))
                if needsRoot, let index = packages.firstIndex(where: { $0.identity == target.id.package }) {
                    packages[index].products.append(Product(name: "CanaryApp", type: "executable", targets: [target.name]))
                }
            }
        }
        return .planted(plant)
    }
}
