import ImportScanning
import ModuleGraph

/// The canary's violation: a package target declares the canary's remote product twice, and a
/// planted file imports it (so `unused-dependency`, listed first, does not take it).
extension RedundantDependencyRule: CanaryPlanting {
    func plant(in input: CheckInput) -> CanaryPlot {
        let graph = input.graph
        let projects = Set(graph.packages.filter { $0.projectPath != nil }.map(\.identity))
        // Where third-party-product, listed before this rule, would not report the declaration.
        let ground = graph.targets.filter { target in
            target.kind.isScannedForCanary && target.productType == nil && !projects.contains(target.id.package)
                && (input.layers.layer(of: target.id).map(\.allowsThirdParty) ?? true)
        }
        guard let target = input.canaryOrder(ground).first else {
            return .noPlace("no library, executable or test target of a package may use third-party code")
        }
        let path = CanaryPlant.canaryFilePath(in: target, graph: graph)
        let id = target.id
        let line = "import \(CanaryPackage.module)"
        return .planted(.declaring(CanaryPackage.destination, in: target, subject: CanaryPackage.productName,
                                   summary: "two dependencies of \(input.canaryLabel(target)) on the remote product \(CanaryPackage.productName), which a planted file imports")
            .alsoDeclaring(CanaryPackage.destination, in: target)
            .alsoEditing { workspace in
                let scan = ImportScanner.scan(line + "\n")
                workspace.sources[id, default: []].append(SourceFile(path: path, imports: scan.imports, lineTexts: [1: line]))
            })
    }
}
