import Configuration
import Formats
import ModuleGraph

/// What plantings ask of the input: where to plant first, and what hides a place.
extension CheckInput {
    /// `targets` with the checked ones first, each group in graph order. A planting takes the
    /// first place that fits: where the rule still looks when it can, and otherwise in an
    /// excluded target, so that an `exclude` hiding the rule's whole ground is named.
    package func canaryOrder(_ targets: [Target]) -> [Target] {
        targets.filter { !isExcluded($0) } + targets.filter { isExcluded($0) }
    }

    /// The `exclude` entry that hides `target` (its name, `package/name`, or a glob matching its
    /// folder or a parent), as written; nil when it is checked.
    package func exclusion(of target: Target) -> String? {
        let folder = LayerAssignment.folderFromRoot(of: target, in: graph)
        return configuration.exclude.first { entry in
            entry == target.name || entry == target.id.description || Glob(entry).matchesItselfOrParent(folder)
        }
    }

    /// The `exclude` entry that hides the file at `path` (relative to the root); nil when none.
    package func exclusion(ofFile path: String) -> String? {
        configuration.exclude.first { Glob($0).matchesItselfOrParent(path) }
    }

    /// Whether `user` could declare a dependency on `used` for real: an importable module that
    /// is not an app or app extension, and a target of an Xcode project only from the same
    /// project (a package cannot name one). Plantings that declare a target keep to these, so
    /// the violation they plant is one a person could write.
    package func canaryMayDeclare(_ used: Target, from user: Target) -> Bool {
        guard used.id != user.id, used.kind.isImportable,
              used.productType?.isLibrary ?? true else { return false }
        return graph.package(used.id.package)?.projectPath == nil || used.id.package == user.id.package
    }

    /// "SearchFeature (Features)", or the bare name of a target in no layer.
    package func canaryLabel(_ target: Target) -> String {
        let name = graph.displayName(target.id)
        return layers.layer(of: target.id).map { "\(name) (\($0.name))" } ?? name
    }

    /// Where a source rule's planted file goes for an entry's `scope`: a target it selects
    /// (checked first) and a path its `paths` take — `BulkheadCanary.swift` in the target's folder,
    /// else beside a file a glob names, else (a glob naming single files) that file's own path,
    /// the planted lines read as more of it. Nil when no target and file are in scope.
    package func canarySourcePlace(in scope: SourceRules.Scope) -> (target: Target, path: String)? {
        let ground = graph.targets.filter { scope.contains(target: $0.name, qualified: $0.id.description, layer: layers.layer(of: $0.id)?.name) }
        for target in canaryOrder(ground) {
            let own = CanaryPlant.canaryFilePath(in: target, graph: graph)
            if scope.contains(file: own) { return (target, own) }
            for file in (sources[target.id] ?? []).sorted(by: { $0.path < $1.path }) where scope.contains(file: file.path) {
                let beside = (file.path.lastIndex(of: "/").map { String(file.path[...$0]) } ?? "") + CanaryPackage.fileName
                return (target, scope.contains(file: beside) ? beside : file.path)
            }
        }
        return nil
    }
}
