import Configuration
import Diagnostics
import ImportScanning
import ModuleGraph

/// `unknown-module`: an import of a module that nothing Bulkhead read accounts for — no target of
/// a loaded package or project, no product of a declared remote package (by its checkout's
/// modules, or by its name when there is no checkout), no SDK or toolchain module. Without it
/// such an import was passed over as if the SDK provided it.
struct UnknownModuleRule: Rule {
    static let description = RuleDescription(
        id: "unknown-module",
        summary: "A source imports a module that no declared dependency, loaded package, SDK or toolchain provides.",
        rationale: """
        An import names a module; Bulkhead knows the modules of every target it loaded, of every \\
        remote product it found a checkout of (and guesses the product's own name for those it did \\
        not), and of the SDKs and toolchains. A module in none of them most often comes from a \\
        remote package whose product the target never declared, and it builds only while another \\
        target happens to link that package. It is a note, not an error: an SDK framework missing \\
        from Bulkhead's table looks the same. Declare the product that provides it, or list the \\
        module in imports.ignore with the reason.
        """,
        defaultSeverity: .note,
        triggering: [
            RuleExample("Server imports NIOCore; it declares only Logging, and no package in view provides NIOCore.", targets: [
                .init("Server", products: ["Logging@swift-log"], source: ["import Foundation", "import Logging", "import NIOCore"]),
            ]),
        ],
        nonTriggering: [
            RuleExample("Foundation is the SDK's, Logging a declared product's, Storage a target's.", targets: [
                .init("Server", dependencies: ["Storage"], products: ["Logging@swift-log"], source: ["import Foundation", "import Logging", "import Storage"]),
                .init("Storage"),
            ]),
            RuleExample("An import inside #if canImport of its own module is optional by design.", targets: [
                .init("Server", source: ["#if canImport(NIOCore)", "import NIOCore", "#endif"]),
            ]),
        ])

    /// Modules SwiftPM gives manifests, plugins and macros, which no SDK lists.
    static let packageToolModules: Set<String> = ["PackageDescription", "PackagePlugin", "CompilerPluginSupport", "AppleProductTypes", "XcodeProjectPlugin"]

    static let message = "not provided by any declared dependency Bulkhead can see; if it comes from a remote package, declare that package's product"

    func findings(in input: CheckInput, severity: Severity) -> [Finding] {
        let graph = input.graph
        var known = Set(graph.targets.map(\.moduleName)).union(Self.packageToolModules)
        for product in graph.externalProducts { known.formUnion(product.modules) }
        let unresolved = graph.externalProducts.filter(\.isGuess).count
        let modules = input.importedModules
        // Per module number: whether nothing accounts for it, decided the first time it is met.
        var decided = [Bool?](repeating: nil, count: modules.names.count)
        var environments: [String: BuildEnvironment] = [:]
        var findings: [Finding] = []
        for (index, target) in graph.targets.enumerated() where !input.isExcluded(target) {
            // What may provide its unknown modules is the target's, not the import's: asked once.
            let mayProvide = guessedProducts(of: target, in: graph)
            for (file, numbers) in input.checkedImports(ofTargetAt: index, modules: modules) {
                // By position: an import of a known module (almost all) is passed over by its number.
                for position in numbers.indices {
                    let number = numbers[position]
                    let isUnknown: Bool
                    if let answer = decided[number] {
                        isUnknown = answer
                    } else {
                        let module = modules.names[number]
                        isUnknown = !(known.contains(module) || SDKModules.mayBeSystemModule(module))
                        decided[number] = isUnknown
                    }
                    guard isUnknown else { continue }
                    let declaration = file.imports[position]
                    let module = declaration.module
                    guard input.mayCompile(declaration, inTargetAt: index),
                          !UndeclaredImports.isGuardedByCanImport(declaration, environments: &environments) else { continue }
                    var notes: [String] = []
                    if !mayProvide.isEmpty {
                        notes.append("\(target.name) declares \(mayProvide.joined(separator: ", ")) without a checkout, which may provide \(module) under another name; a checkout would tell")
                    } else if unresolved > 0 {
                        notes.append("\(unresolved) declared remote product\(unresolved == 1 ? " has" : "s have") no checkout here, and one may provide it under another name; a checkout would tell")
                    }
                    findings.append(Finding(
                        ruleID: Self.description.id, severity: severity, target: target.id, subject: module,
                        message: "\(target.name) imports \(module), which is \(Self.message)", notes: notes,
                        place: .source(file, line: declaration.position.line, column: declaration.position.column)))
                }
            }
        }
        return findings
    }

    /// The remote products `target` declares whose modules are unknown, as `Product (package)`.
    private func guessedProducts(of target: Target, in graph: ModuleGraph) -> [String] {
        graph.dependencies(of: target.id).compactMap { dependency -> String? in
            guard case .external(let package, let product) = dependency.node, dependency.isGuess else { return nil }
            return "\(product) (\(package))"
        }.sorted()
    }
}
