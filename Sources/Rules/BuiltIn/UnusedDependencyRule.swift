import Diagnostics
import ImportScanning
import ModuleGraph

/// `unused-dependency`: a declared dependency that no source of the target imports.
struct UnusedDependencyRule: Rule {
    static let description = RuleDescription(
        id: "unused-dependency",
        summary: "A target declares a dependency that none of its sources imports.",
        rationale: """
        Every declared dependency is a build edge: it lengthens the critical path, widens what a \
        change invalidates, and makes selective testing pick more. A dependency nobody imports \
        only costs. Macro, plugin and binary targets are used without a plain import and are not \
        reported; a dependency whose module reaches the sources through another dependency's \
        @_exported import counts as used. A product of a remote package without a checkout is \
        judged by its name, and the finding says it is a guess and offers no fix; it is not judged \
        while the target imports a module nothing accounts for (the product may provide it under \
        another name), nor in an Xcode project. In an Xcode project only declared dependencies are \
        checked: a Frameworks-phase link is linking, and extensions, bundles, XPC services, watch \
        apps and test hosts are embedded or hosting, never imported. A dependency declared only to be linked (an app \
        that declares a live implementation so it registers itself, with a DependencyKey say) is \
        listed in bulkhead.json as linkOnly: ["App → ClientLive"] and never reported.
        """,
        defaultSeverity: .warning,
        triggering: [
            RuleExample("Search declares Analytics and never imports it.", targets: [
                .init("Search", dependencies: ["Models", "↓Analytics"], source: ["import Models"]),
                .init("Models"), .init("Analytics"),
            ]),
        ],
        nonTriggering: [
            RuleExample("A dependency re-exported by another one.", targets: [
                .init("Search", dependencies: ["Kit", "Models"], source: ["import Kit"]),
                .init("Kit", dependencies: ["Models"], source: ["@_exported import Models"]),
                .init("Models"),
            ]),
            RuleExample("A dependency declared only to be linked, listed under linkOnly.", targets: [
                .init("App", dependencies: ["Client", "ClientLive"], source: ["import Client"]),
                .init("Client"), .init("ClientLive", dependencies: ["Client"]),
            ], linkOnly: ["App → ClientLive"]),
            RuleExample("A macro target is used through its declaring library, not imported.", targets: [
                .init("Search", dependencies: ["Macros"], source: ["let x = 1"]),
                .init("Macros", kind: "macro"),
            ]),
        ])

    func findings(in input: CheckInput, severity: Severity) -> [Finding] {
        let graph = input.graph
        let reexports = input.reexports
        let guesses = GuessedProducts(input)
        let revended = Self.revendedModules(in: input, reexports: reexports)
        // A module of a package (a target's, a remote product's): what a re-export hands on that
        // the target could not import otherwise. An SDK module (`@_exported import AppKit`) is
        // there for everyone.
        func isPackageModule(_ module: String) -> Bool {
            input.externalByModule[module] != nil || !graph.targets(importableAs: module).isEmpty
        }
        var findings: [Finding] = []
        for target in graph.targets where !input.isExcluded(target) {
            guard [.library, .executable, .test].contains(target.kind), input.sources[target.id]?.isEmpty == false else { continue }
            // Modules imported, and those that arrive through their @_exported imports, transitively.
            let (imported, reachable) = reexports.used(by: target, in: input)
            // A module the target declares itself is not what another dependency is kept for.
            let declaredModules = Set(graph.dependencies(of: target.id).compactMap { dependency -> String? in
                if case .target(let id) = dependency.node { return graph.moduleName(of: id) }
                return nil
            })
            var reported: Set<String> = []
            // Frameworks-phase entries are linked, not imported (a library another one needs,
            // code that registers itself when loaded); embedded and hosting targets are no module.
            for dependency in graph.dependencies(of: target.id) where dependency.edge.arrival == .declared && !input.isLinkOnly(dependency, of: target) {
                let declared = dependency.product ?? {
                    if case .target(let id) = dependency.node { return id.name }
                    return ""
                }()
                let modules: [String]
                var isGuess = false
                switch dependency.node {
                case .target(let id):
                    guard let other = graph.target(id) else { continue }
                    if [.macro, .plugin, .binary].contains(other.kind) { continue }
                    // A test that depends on an executable wants it built, not imported.
                    if target.kind == .test && other.kind == .executable { continue }
                    // An Xcode target that depends on anything but a framework or a library
                    // embeds it (an extension, a bundle, an XPC service, a watch app) or runs in
                    // it: no module of it is imported.
                    if let type = other.productType, !type.isLibrary { continue }
                    // A framework that compiles no Swift of its own only links others into the
                    // app (a wrapper of a package): it is there to link, not to be imported.
                    if other.productType != nil && other.sources.isEmpty { continue }
                    modules = [other.moduleName]
                case .external(let package, let product):
                    guard let external = input.externalProduct(package: package, name: product) else { continue }
                    // Without a checkout, judged by the product's name, unless the target imports a
                    // module nothing accounts for, which the product may provide.
                    if external.isGuess && !guesses.mayJudge(target, imported: imported) { continue }
                    isGuess = external.isGuess
                    modules = external.modules
                }
                // Used: imported, or re-exporting what the target imports (a `.dynamic` product
                // whose source is `@_exported import M`, linked for M), or linked into this
                // target's image for the images that load it, which import it through it.
                if modules.contains(where: reachable.contains)
                    || modules.contains(where: { !reexports.handedOn(by: $0).subtracting(declaredModules).filter(isPackageModule).isDisjoint(with: imported) })
                    || modules.contains(where: { revended[target.id]?.contains($0) == true }) {
                    reported.insert(declared)  // used: a later target of the same product must not report it
                    continue
                }
                guard !reported.contains(declared) else { continue }
                let usedThroughProduct = dependency.product != nil && graph.dependencies(of: target.id).contains { other in
                    other.product == dependency.product && {
                        if case .target(let id) = other.node, let module = graph.moduleName(of: id) { return reachable.contains(module) }
                        return false
                    }()
                }
                guard !usedThroughProduct else { continue }
                reported.insert(declared)
                var finding = Finding(
                    ruleID: Self.description.id, severity: severity, target: target.id, subject: declared,
                    message: "\(target.name) declares \(declared) but none of its sources imports \(modules.joined(separator: " or "))",
                    place: .manifest(dependency: declared))
                if isGuess {
                    finding.notes.append(GuessedProducts.note)
                } else {
                    finding.fix = .removeDependency(name: declared)
                }
                findings.append(finding)
            }
        }
        return findings
    }

    /// For each target of a loaded image (an umbrella framework, a `.dynamic` product's
    /// targets): the modules the image holds that the images loading it import without holding
    /// them. The image links them for its dependants, so dropping one from it breaks them.
    static func revendedModules(in input: CheckInput, reexports: Reexports) -> [TargetID: Set<String>] {
        let images = input.images
        let graph = input.graph
        var result: [TargetID: Set<String>] = [:]
        for image in images.images where !image.loads.isEmpty {
            var imported: Set<String> = []
            for root in image.roots {
                guard let target = graph.target(root) else { continue }
                imported.formUnion(reexports.used(by: target, in: input).reachable)
            }
            guard !imported.isEmpty else { continue }
            for load in image.loads {
                guard let loaded = images.image(load.image) else { continue }
                let held = Set(loaded.holdings.filter { $0.chain.count > 1 }.map { BinaryImages.moduleName(of: $0.module, in: graph) })
                let through = held.intersection(imported)
                guard !through.isEmpty else { continue }
                for root in loaded.roots { result[root, default: []].formUnion(through) }
            }
        }
        return result
    }
}
