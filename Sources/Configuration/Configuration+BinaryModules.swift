import ModuleGraph

extension Configuration {
    /// `graph` with each binary target named in `modules` providing the module given there.
    /// What the team wrote wins over what the artifact says: it is the one explicit statement.
    package func applyingBinaryModules(to graph: ModuleGraph) -> ModuleGraph {
        guard !binaryModules.isEmpty else { return graph }
        let targets = graph.targets.map { target in
            guard target.kind == .binary, let module = binaryModules[target.name] ?? binaryModules[target.id.description] else { return target }
            var target = target
            target.moduleName = module
            target.isModuleGuessed = false
            return target
        }
        return ModuleGraph(packages: graph.packages, targets: targets, externalProducts: graph.externalProducts)
    }
}
