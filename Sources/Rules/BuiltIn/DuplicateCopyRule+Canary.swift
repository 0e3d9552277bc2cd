import ModuleGraph

/// The canary's violation: a process that holds the canary's remote module itself and loads a
/// `.dynamic` product that holds it too.
extension DuplicateCopyRule: CanaryPlanting {
    func plant(in input: CheckInput) -> CanaryPlot {
        guard let (target, startsProcess) = DynamicCanary.ground(in: input) else { return .noPlace(DynamicCanary.noGround) }
        return .planted(CanaryPlant.declaring(CanaryPackage.destination, in: target, subject: CanaryPackage.module,
                                              summary: DynamicCanary.label(target, startsProcess, input)
                                                + " links \(CanaryPackage.productName) and a .dynamic product that holds it too")
            .alsoEditing { DynamicCanary.addDynamicProduct(loadedBy: target.id, makingAProcess: !startsProcess, to: &$0) })
    }
}

/// The canary's violation: an import of the canary's remote module in a target that links a
/// `.dynamic` product holding it, and declares nothing else of it.
extension ImportThroughImageRule: CanaryPlanting {
    func plant(in input: CheckInput) -> CanaryPlot {
        guard let (target, startsProcess) = DynamicCanary.ground(in: input) else { return .noPlace(DynamicCanary.noGround) }
        return .planted(CanaryPlant.importing(CanaryPackage.module, in: target, graph: input.graph,
                                              summary: "import \(CanaryPackage.module) in \(DynamicCanary.label(target, startsProcess, input)), "
                                                + "which only a .dynamic product it links holds")
            .alsoEditing { DynamicCanary.addDynamicProduct(loadedBy: target.id, makingAProcess: !startsProcess, to: &$0) })
    }
}

/// A local package the two link-graph canaries add: one target that links the canary's remote
/// product, vended as a `.dynamic` product that the chosen target declares.
enum DynamicCanary {
    static let package = "bulkhead-canary-dynamic"
    static let product = "BulkheadCanaryDynamic"
    static let target = "BulkheadCanaryCore"
    static let noGround = "no target whose sources are read"

    /// A target that starts a process (an app, an extension, an executable, a test target) and
    /// whose sources are read, checked ones first; else a library of a package, which the
    /// planting makes an executable (a package of libraries alone has no process to hold two
    /// copies, and the rule is still proven on it).
    static func ground(in input: CheckInput) -> (target: Target, startsProcess: Bool)? {
        let roots = input.images.images.filter(\.startsProcess).compactMap { image -> Target? in
            guard case .target(let id) = image.id, let target = input.graph.target(id), target.kind.isScannedForCanary else { return nil }
            return target
        }
        if let root = input.canaryOrder(roots).first { return (root, true) }
        let libraries = input.graph.targets.filter { $0.kind == .library && $0.productType == nil && input.graph.package($0.id.package)?.isLocal == true }
        return input.canaryOrder(libraries).first.map { ($0, false) }
    }

    static func label(_ target: Target, _ startsProcess: Bool, _ input: CheckInput) -> String {
        input.canaryLabel(target) + (startsProcess ? "" : ", made an executable,")
    }

    static func addDynamicProduct(loadedBy user: TargetID, makingAProcess: Bool, to workspace: inout Workspace) {
        CanaryPlant.editingGraph(&workspace) { packages, targets in
            guard !packages.contains(where: { $0.identity == package }) else { return }
            packages.append(PackageNode(identity: package, name: package, origin: .local(path: ".build/\(package)"),
                                        products: [Product(name: product, type: "library", linkage: "dynamic", targets: [target])],
                                        dependencies: [CanaryPackage.identity]))
            targets.append(Target(id: TargetID(package: package, name: target), kind: .library, moduleName: target,
                                  path: "Sources/\(target)", dependencies: [DependencyEdge(CanaryPackage.destination)]))
            if let index = targets.firstIndex(where: { $0.id == user }) {
                targets[index].dependencies.append(DependencyEdge(.product(name: product, package: package)))
                if makingAProcess { targets[index].kind = .executable }
            }
        }
    }
}
