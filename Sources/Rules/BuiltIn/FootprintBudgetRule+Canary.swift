import Configuration
import ModuleGraph

/// The canary's violation: the first budget that speaks for an image, lowered to no module.
extension FootprintBudgetRule: CanaryPlanting {
    func plant(in input: CheckInput) -> CanaryPlot {
        let budgets = input.configuration.footprintBudgets
        guard !budgets.isEmpty else { return .noPlace("bulkhead.json sets no footprint budget") }
        let graph = input.graph
        for (index, budget) in budgets.enumerated() {
            let matching = input.images.images.compactMap { image -> (BinaryImages.Image, Target)? in
                guard budget.applies(toImageNamed: BinaryImages.name(of: image.id, in: graph), kind: image.kind),
                      let owner = image.roots.first.flatMap(graph.target) else { return nil }
                return (image, owner)
            }
            guard let (image, owner) = input.canaryOrder(matching.map(\.1)).first.flatMap({ chosen in matching.first { $0.1.id == chosen.id } })
            else { continue }
            let name = BinaryImages.name(of: image.id, in: graph)
            var place = CanaryPlant.Place.manifest
            if case .product(_, let product) = image.id { place = .product(name: product) }
            return .planted(.editing(target: owner.id, subject: "\(name) modules", place: place,
                                     summary: "footprint.budgets[\(index)] lowered to no module for \(name)") { workspace in
                workspace.configuration.footprintBudgets[index].maxModules = 0
            })
        }
        // No image any budget speaks for: a budget of its own for one, made an executable where
        // the workspace has no process.
        guard let (target, startsProcess) = DynamicCanary.ground(in: input) else { return .noPlace(DynamicCanary.noGround) }
        let name = graph.displayName(target.id)
        let index = budgets.count
        return .planted(.editing(target: target.id, subject: "\(name) modules", place: .manifest,
                                 summary: "footprint.budgets[\(index)] of no module for \(DynamicCanary.label(target, startsProcess, input))") { workspace in
            workspace.configuration.footprintBudgets.append(FootprintBudget(images: [name], maxModules: 0))
            guard !startsProcess else { return }
            CanaryPlant.editingGraph(&workspace) { _, targets in
                if let position = targets.firstIndex(where: { $0.id == target.id }) { targets[position].kind = .executable }
            }
        })
    }
}

/// The canary's violation: a process that declares two library products of a local package the
/// canary adds.
extension OneProductPerProcessRule: CanaryPlanting {
    static let canaryPackage = "bulkhead-canary-doors"
    static let canaryProducts = ["BulkheadCanaryDoorA", "BulkheadCanaryDoorB"]

    func plant(in input: CheckInput) -> CanaryPlot {
        guard let (target, startsProcess) = DynamicCanary.ground(in: input) else { return .noPlace(DynamicCanary.noGround) }
        let package = Self.canaryPackage, products = Self.canaryProducts
        return .planted(.editing(target: target.id, subject: "library products", place: .manifest,
                                 summary: "\(DynamicCanary.label(target, startsProcess, input)) declares the products \(products.joined(separator: " and "))") { workspace in
            CanaryPlant.editingGraph(&workspace) { packages, targets in
                guard !packages.contains(where: { $0.identity == package }) else { return }
                packages.append(PackageNode(identity: package, name: package, origin: .local(path: ".build/\(package)"),
                                            products: products.map { Product(name: $0, type: "library", linkage: "automatic", targets: [$0]) }))
                targets += products.map { Target(id: TargetID(package: package, name: $0), kind: .library, moduleName: $0, path: "Sources/\($0)") }
                guard let position = targets.firstIndex(where: { $0.id == target.id }) else { return }
                targets[position].dependencies += products.map { DependencyEdge(.product(name: $0, package: package)) }
                if !startsProcess { targets[position].kind = .executable }
            }
        })
    }
}
