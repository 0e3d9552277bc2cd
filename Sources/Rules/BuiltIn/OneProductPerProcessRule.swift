import Diagnostics
import ModuleGraph

/// `one-product-per-process`: an app, extension or tool declares more than one library product
/// of the repository's own packages.
struct OneProductPerProcessRule: Rule {
    static let description = RuleDescription(
        id: "one-product-per-process",
        summary: "An app, extension or tool links more than one library product of the repository's packages.",
        rationale: """
        The door from a process to the modules is one product: the app links AppModules, the widget \
        WidgetModules, and each product lists the modules its process holds. Every further product a \
        process declares is another door whose modules must be kept apart from the first one's by \
        hand, and where two doors share a module, one process holds it twice. Off by default: turn \
        it on for a codebase that keeps one product per process. Products of remote packages and \
        test bundles are not counted.
        """,
        defaultSeverity: nil,
        triggering: [
            RuleExample("The tool declares two products of the kit package.", targets: [
                .init("Tool", kind: "executable", dependencies: ["Search", "↓Profile"], source: ["import Search", "import Profile"]),
                .init("Search", package: "kit"), .init("Profile", package: "kit"),
            ], products: [.init("SearchKit", targets: ["Search"], package: "kit"), .init("ProfileKit", targets: ["Profile"], package: "kit")],
            budgets: []),
        ],
        nonTriggering: [
            RuleExample("The tool declares one product, which vends both modules.", targets: [
                .init("Tool", kind: "executable", dependencies: ["Search", "Profile"], source: ["import Search", "import Profile"]),
                .init("Search", package: "kit"), .init("Profile", package: "kit"),
            ], products: [.init("AppModules", targets: ["Search", "Profile"], package: "kit")], budgets: []),
        ])

    func findings(in input: CheckInput, severity: Severity) -> [Finding] {
        let graph = input.graph
        var findings: [Finding] = []
        for image in input.images.images where image.startsProcess && ![.packageTests, .uiTests, .unitTests].contains(image.kind) {
            guard case .target(let id) = image.id, let target = graph.target(id), !input.isExcluded(target) else { continue }
            var products: [String] = []
            for dependency in target.dependencies where dependency.arrival == .declared || dependency.arrival == .linked {
                guard case .product(let name, let package) = dependency.destination,
                      let node = graph.package(package), node.isLocal,
                      node.products.contains(where: { $0.name == name && $0.type == "library" }),
                      !products.contains(name) else { continue }
                products.append(name)
            }
            guard products.count > 1 else { continue }
            findings.append(Finding(
                ruleID: Self.description.id, severity: severity, target: id, subject: "library products",
                message: "\(target.name) links \(products.count) library products of the repository's packages: \(ListPhrase.joined(products.sorted()))",
                notes: ["vend what \(target.name)'s process needs from one product (its modules listed in one place), and declare only that one"],
                // At the declaration of the second: the first is the door.
                place: .manifest(dependency: products[1])))
        }
        return findings
    }
}
