import Diagnostics
import ImportScanning
import ModuleGraph

/// `undeclared-import`: a source imports a module of the graph that its target does not declare.
struct UndeclaredImportRule: Rule {
    static let description = RuleDescription(
        id: "undeclared-import",
        summary: "A source imports a module of the package graph that its target does not declare.",
        rationale: """
        SwiftPM lets a target import a module it does not list whenever that module happens to be \
        built first by someone else, so the build passes until a clean build, a reordering or a \
        selective test run breaks it months later. The import is checked against the manifest \
        without building: the finding says whether the module is reachable through the declared \
        dependencies (the build passes by luck) or not at all. When a target declares a remote \
        product whose modules are unknown (no checkout in .build/checkouts), an import of a module \
        the graph does not own may come from that product: it cannot be decided and is reported \
        as a note, which never fails the run; resolve the package (swift package resolve) to check it.
        """,
        defaultSeverity: .error,
        triggering: [
            RuleExample("Search imports Networking but declares only BookingInterface.", targets: [
                .init("Search", dependencies: ["BookingInterface"], source: ["import BookingInterface", "import Networking"]),
                .init("BookingInterface", dependencies: ["Networking"]),
                .init("Networking"),
            ]),
            RuleExample("The second of two imports on one line is undeclared.", targets: [
                .init("Search", dependencies: ["Models"], source: ["import Models; import Storage"]),
                .init("Models"), .init("Storage"),
            ]),
            RuleExample("Only a note, which does not fail the run: a declared product whose modules are unknown (no checkout) may provide the import.", targets: [
                .init("Driver", products: ["SwiftToolsSupport-auto@swift-tools-support-core?"], source: ["import TSCBasic"]),
                .init("Options", products: ["TSCBasic@swift-tools-support-core?"], source: ["import TSCBasic"]),
            ]),
        ],
        nonTriggering: [
            RuleExample("Imports of declared targets and of system modules.", targets: [
                .init("Search", dependencies: ["Models"], source: ["import Foundation", "import Models"]),
                .init("Models"),
            ]),
            RuleExample("Text that only looks like an import.", targets: [
                .init("Search", source: ["// import Storage", "let text = \"import Storage\"", "#if false", "import Storage", "#endif"]),
                .init("Storage"),
            ]),
        ])

    func findings(in input: CheckInput, severity: Severity) -> [Finding] {
        let graph = input.graph
        var findings: [Finding] = []
        for target in graph.targets where !input.isExcluded(target) {
            let declared = input.declaredModules(of: target)
            for file in input.checkedSources(of: target) {
                for declaration in file.imports where input.mayCompile(declaration, in: target) && !declared.contains(declaration.module) {
                    var notes: [String] = []
                    if let id = input.localTarget(forModule: declaration.module, from: target.id) {
                        notes.append(reachability(of: id, from: target, in: graph))
                    } else if input.mayComeFromGuessedProduct(declaration.module, in: target) {
                        findings.append(undecided(declaration, in: file, of: target, input: input))
                        continue
                    } else if let product = input.externalByModule[declaration.module]?.first {
                        notes.append("\(declaration.module) comes from the product \(product.name) of \(product.package); declare .product(name: \"\(product.name)\", package: \"\(product.package)\")")
                    } else {
                        continue  // Not a module of the graph: a system or SDK module.
                    }
                    if let condition = ConditionalClauseText.note(for: declaration) { notes.append(condition) }
                    findings.append(Finding(
                        ruleID: Self.description.id, severity: severity, target: target.id, subject: declaration.module,
                        message: "\(target.name) imports \(declaration.module), which it does not declare" + input.buildLabel(of: declaration, in: target),
                        notes: notes,
                        place: .source(file, line: declaration.position.line, column: declaration.position.column)))
                }
            }
        }
        return findings
    }

    /// A note, never failing the run: `target` declares remote products whose modules are
    /// unknown (no checkout), and one of them may provide the imported module.
    private func undecided(_ declaration: ImportDeclaration, in file: SourceFile, of target: Target, input: CheckInput) -> Finding {
        let products = input.guessedProducts(of: target).map { "\($0.name) (\($0.package))" }.sorted()
        return Finding(
            ruleID: Self.description.id, severity: .note, target: target.id, subject: declaration.module,
            message: "\(target.name) imports \(declaration.module), which cannot be checked: the modules of \(products.joined(separator: ", ")) are unknown",
            notes: ["no checkout of the package was found in .build/checkouts; run `swift package resolve` so the products' modules can be read"],
            place: .source(file, line: declaration.position.line, column: declaration.position.column))
    }

    /// "reachable through A → B → C: the build passes by luck", or "not reachable".
    private func reachability(of module: TargetID, from target: Target, in graph: ModuleGraph) -> String {
        guard let path = graph.paths(from: target.id, to: module, limit: 1).first else {
            return "no declared dependency of \(target.name) leads to \(module.name): a clean build of \(target.name) fails"
        }
        let chain = path.targets.map(graph.displayName).joined(separator: " → ")
        return "reachable through \(chain): the build passes only because \(module.name) happens to be built first"
    }
}
