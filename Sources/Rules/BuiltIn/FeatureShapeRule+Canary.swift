import ModuleGraph

/// The canary's violation: a package gains `CanaryInterface` in Features/Canary, a feature
/// with none of its other three targets.
extension FeatureShapeRule: CanaryPlanting {
    func plant(in input: CheckInput) -> CanaryPlot {
        let graph = input.graph
        let ground = graph.targets.filter { target in
            guard let package = graph.package(target.id.package) else { return false }
            return package.isLocal && package.projectPath == nil
        }
        guard let anchor = input.canaryOrder(ground).first else { return .noPlace("no package (only Xcode projects) to add a feature to") }
        let interface = TargetID(package: anchor.id.package, name: "CanaryInterface")
        guard graph.target(interface) == nil, graph.target(TargetID(package: anchor.id.package, name: "Canary")) == nil else {
            return .noPlace("package \(anchor.id.package) already has a Canary feature")
        }
        // The feature has no implementation, so its findings sit at the interface.
        return .planted(.editing(target: interface, subject: "missing Canary", place: .manifest,
                                 summary: "a feature Canary of package \(anchor.id.package) with only CanaryInterface") { workspace in
            CanaryPlant.editingGraph(&workspace) { _, targets in
                targets.append(Target(id: interface, kind: .library, moduleName: interface.name, path: "Features/Canary/Interface"))
            }
        })
    }
}
