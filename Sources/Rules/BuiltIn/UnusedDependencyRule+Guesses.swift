import ImportScanning
import ModuleGraph

/// `unused-dependency` for a declared remote product without a checkout: its module is guessed
/// to be its name, so the finding says it is a guess and offers no fix. It is judged only when
/// every module the target imports is accounted for (a target, a known product's module, the SDK
/// or toolchain): an import of an unknown module may be the product's under another name. Only
/// package targets are judged so: an Xcode target's product list is edited in Xcode's UI, where
/// products are often added for what they link, and a guess there would be noise.
struct GuessedProducts {
    static let note = "a guess, by its product name: no checkout of its package was read, and a checkout would tell"

    private let known: Set<String>
    private let projects: Set<String>

    init(_ input: CheckInput) {
        var known = Set(input.graph.targets.map(\.moduleName)).union(UnknownModuleRule.packageToolModules)
        for product in input.graph.externalProducts where !product.isGuess { known.formUnion(product.modules) }
        self.known = known
        projects = Set(input.graph.packages.filter { $0.projectPath != nil }.map(\.identity))
    }

    /// Whether a guessed product can be judged for `target`, which imports `imported`.
    func mayJudge(_ target: Target, imported: Set<String>) -> Bool {
        !projects.contains(target.id.package) && imported.allSatisfy { known.contains($0) || SDKModules.mayBeSystemModule($0) }
    }
}
