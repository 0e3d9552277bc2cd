import ModuleGraph

/// The canary's violation: a package declares a library product with forced dynamic linkage.
extension ProductTypeRule: CanaryPlanting {
    func plant(in input: CheckInput) -> CanaryPlot {
        let graph = input.graph
        let ground = graph.targets.filter { target in
            guard let package = graph.package(target.id.package) else { return false }
            return package.isLocal && package.projectPath == nil && !target.isTest
        }
        guard let target = input.canaryOrder(ground).first else { return .noPlace("no package (only Xcode projects) declares products") }
        let name = "CanaryProduct"
        guard !input.configuration.allowedLinkage.contains(name) else { return .noPlace("allowedLinkage allows \(name)") }
        let package = target.id.package
        // The rule keys the finding by the product's first target.
        return .planted(.editing(target: target.id, subject: "product \(name)", place: .product(name: name),
                                 summary: "a dynamic library product \(name) of \(target.name)") { workspace in
            CanaryPlant.editingGraph(&workspace) { packages, _ in
                guard let index = packages.firstIndex(where: { $0.identity == package }) else { return }
                packages[index].products.append(Product(name: name, type: "library", linkage: "dynamic", targets: [target.name]))
            }
        })
    }
}
