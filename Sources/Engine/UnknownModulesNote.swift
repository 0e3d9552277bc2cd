import Diagnostics
import PackageLoading
import ModuleGraph

/// The one note per run about remote products whose modules are unknown (no checkout found):
/// how many, and the remedy that fits where they are declared — `swift package resolve` for a
/// package, a build in Xcode or `--checkouts` for an Xcode project.
package enum UnknownModulesNote {
    package static let entry = DiagnosticCode(
        id: "unknown-modules", family: .configuration,
        summary: "Remote products whose modules are unknown: imports they may provide are notes, not findings.",
        explanation: """
        A remote package's product names its modules only in the package's own manifest, which \
        Bulkhead reads from a checkout: SwiftPM's (after `swift package resolve`), Xcode's \
        DerivedData (after one build), or a folder given with --checkouts or \
        workspace.checkouts. Without one, Bulkhead guesses that the product holds a module of \
        its own name, and an import the guess cannot settle is reported as a note rather than \
        an error, so a missing checkout never fails a check. The note counts such products and \
        says which remedy fits where they are declared. It goes to standard error and does not \
        change the exit status.
        """,
        defaultSeverity: .note)

    static func line(for graph: ModuleGraph) -> String? {
        let guessed = Set(graph.externalProducts.filter(\.isGuess).map { "\($0.package)/\($0.name)" })
        guard !guessed.isEmpty else { return nil }
        var packageUnits: Set<String> = []
        var projectUnits: Set<String> = []
        for target in graph.targets {
            for dependency in target.dependencies {
                guard case .product(let name, let package) = dependency.destination, guessed.contains("\(package)/\(name)"),
                      let unit = graph.package(target.id.package) else { continue }
                if let project = unit.projectPath { projectUnits.insert(project) } else { packageUnits.insert(unit.localPath ?? ".") }
            }
        }
        let count = guessed.count
        var remedies: [String] = []
        if !packageUnits.isEmpty {
            let shown = packageUnits.sorted().prefix(3).joined(separator: ", ") + (packageUnits.count > 3 ? " and \(packageUnits.count - 3) more" : "")
            remedies.append("run `swift package resolve` in \(shown)")
        }
        if !projectUnits.isEmpty {
            let shown = projectUnits.sorted().prefix(3).joined(separator: ", ") + (projectUnits.count > 3 ? " and \(projectUnits.count - 3) more" : "")
            remedies.append("build \(shown) once in Xcode (its DerivedData checkouts are read; set \(CheckoutLocations.derivedDataVariable) for another DerivedData folder) or pass --checkouts DIR")
        }
        return "the modules of \(count) remote product\(count == 1 ? "" : "s") are unknown (no checkout found), so imports they may provide are notes, not findings: "
            + remedies.joined(separator: "; ")
    }
}
