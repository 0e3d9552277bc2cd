import Diagnostics
import ModuleGraph

/// `redundant-dependency`: a declared dependency that the target's other declarations already
/// provide in every build where it is declared — the same product or target twice, a product
/// whose modules another declared product or target also vends, or a module another declared
/// dependency hands on with `@_exported import` to a target that never imports it by name.
struct RedundantDependencyRule: Rule {
    static let description = RuleDescription(
        id: "redundant-dependency",
        summary: "A target declares a dependency that its other declared dependencies already provide.",
        rationale: """
        A declaration that adds no module is noise in the manifest, and when one of the two \
        changes, the one left is not always the one meant. Reported: the same target or product \
        declared twice (a byName dependency and a product of the same name count as one); a \
        product whose modules another declared product or target also vends (unless it asks for \
        .static or .dynamic linkage); and a dependency whose modules another declared dependency \
        hands on with @_exported import, when none of the target's sources imports them by name \
        (a target that imports a module declares it, or undeclared-import asks for it back). Only \
        what holds in every build counts: the other declaration's .when(platforms:configuration:) \
        must hold wherever this one does, and a re-export counts only outside #if, of a whole \
        module, by a module that reaches it without a condition. A declaration no source uses is \
        unused-dependency's, which takes precedence, and provides nothing here (removing it is the \
        fix). The finding is at the declaration whose removal leaves every build's modules the \
        same, and check --fix removes it (of two equal elements the first); one with a condition \
        is left to be removed by hand. Off by default. Package targets only: an Xcode target's \
        product list also decides what is linked and embedded, which modules alone do not tell.
        """,
        defaultSeverity: nil,
        triggering: [
            RuleExample("Search gets Models through Kit's @_exported import, and declares it too.", targets: [
                .init("Search", dependencies: ["Kit", "↓Models"], source: ["import Kit"]),
                .init("Kit", dependencies: ["Models"], source: ["@_exported import Models"]),
                .init("Models"),
            ]),
            RuleExample("Search declares Models twice.", targets: [
                .init("Search", dependencies: ["Models", "↓Models"], source: ["import Models"]),
                .init("Models"),
            ]),
        ],
        nonTriggering: [
            RuleExample("Kit re-exports Models on iOS only: elsewhere Search needs its own declaration.", targets: [
                .init("Search", dependencies: ["Kit", "Models"], source: ["import Kit"]),
                .init("Kit", dependencies: ["Models"], source: ["#if os(iOS)", "@_exported import Models", "#endif"]),
                .init("Models"),
            ]),
            RuleExample("Search imports Models itself, so it declares it.", targets: [
                .init("Search", dependencies: ["Kit", "Models"], source: ["import Kit", "import Models"]),
                .init("Kit", dependencies: ["Models"], source: ["@_exported import Models"]),
                .init("Models"),
            ]),
        ])

    func findings(in input: CheckInput, severity: Severity) -> [Finding] {
        let graph = input.graph
        let reexports = input.reexports
        var reach = UnconditionalReach(graph: graph)
        let projects = Set(graph.packages.filter { $0.projectPath != nil }.map(\.identity))
        var findings: [Finding] = []
        for target in graph.targets where target.productType == nil && !projects.contains(target.id.package) && !input.isExcluded(target) {
            let declarations = target.dependencies.enumerated().compactMap { Declaration(index: $0.offset, edge: $0.element, of: target, in: input) }
            guard declarations.count > 1 else { continue }
            let (imported, reachable) = reexports.used(by: target, in: input)
            var handedOn: [Int: [String: (chain: [String], path: String)]] = [:]
            for declaration in declarations where declaration.isProvider {
                var modules: [String: (chain: [String], path: String)] = [:]
                for local in declaration.locals {
                    for (module, route) in reexports.handedOn(by: local, in: graph, reach: &reach) where modules[module] == nil { modules[module] = route }
                }
                handedOn[declaration.index] = modules
            }
            let context = Context(target: target, declarations: declarations, imported: imported, reachable: reachable, handedOn: handedOn,
                                  linkOnly: Set(declarations.filter { $0.isLinkOnly(of: target, in: input) }.map(\.index)))
            // Smaller declarations first, later ones before earlier ones: of two equal
            // declarations the second goes, and a product vending more than a target stays.
            let order = declarations.sorted { ($0.modules.count, -$0.index) < ($1.modules.count, -$1.index) }
            var removed: [Int: Reason] = [:]
            for candidate in order where !context.linkOnly.contains(candidate.index) {
                if let reason = context.reason(candidate, keeping: declarations.filter { $0.index != candidate.index && removed[$0.index] == nil }) {
                    removed[candidate.index] = reason
                }
            }
            // Each removal again, against what stays: a declaration another removal relied on
            // is kept (keeping one more only covers more).
            let kept = declarations.filter { removed[$0.index] == nil }
            for index in removed.keys.sorted() {
                guard let candidate = declarations.first(where: { $0.index == index }) else { continue }
                if context.reason(candidate, keeping: kept) == nil { removed[index] = nil }
            }
            var reported: Set<String> = []
            for candidate in declarations where removed[candidate.index] != nil && reported.insert(candidate.name).inserted {
                guard let reason = removed[candidate.index] else { continue }
                findings.append(finding(candidate, reason: reason, in: context, severity: severity))
            }
        }
        return findings
    }

    private func finding(_ candidate: Declaration, reason: Reason, in context: Context, severity: Severity) -> Finding {
        let target = context.target
        let message: String
        switch reason {
        case .duplicate:
            message = "\(target.name) declares \(candidate.name) twice; the other declaration already provides it"
        case .covered(let providers):
            var ways: [String] = []
            for (provider, routes) in Dictionary(grouping: providers, by: \.provider).sorted(by: { $0.key < $1.key }) {
                let exports = routes.filter { !$0.chain.isEmpty }.map { route in
                    zip(route.chain, route.chain.dropFirst()).map { "\($0.0) re-exports \($0.1)" }.joined(separator: ", ") + ", @_exported in \(route.path)"
                }
                ways.append(exports.isEmpty ? provider : "\(provider) (\(exports.joined(separator: "; ")))")
            }
            let what = candidate.modules.count == 1 ? "its module \(candidate.modules[0])" : "its modules \(ListPhrase.joined(candidate.modules))"
            message = "\(target.name) declares \(candidate.name), but already gets \(what) through \(ListPhrase.joined(ways))"
        }
        var finding = Finding(ruleID: Self.description.id, severity: severity, target: target.id, subject: candidate.name, message: message,
                              place: .manifest(dependency: candidate.name))
        // The manifest editor removes the first literal, unconditional element of the name: right
        // only when every such element is this same declaration.
        let sameName = context.declarations.filter { $0.name == candidate.name && $0.edge.condition == nil }
        if candidate.edge.condition != nil {
            finding.notes.append("it has a condition, so remove it by hand")
        } else if sameName.contains(where: { $0.edge.destination != candidate.edge.destination }) {
            finding.notes.append("another declaration of the same name is not the same dependency, so remove it by hand")
        } else {
            // Of two equal elements the editor removes the first, keeping the other.
            finding.fix = sameName.count > 1 ? .removeDuplicateDependency(name: candidate.name) : .removeDependency(name: candidate.name)
        }
        return finding
    }


    /// Why a declaration adds nothing.
    enum Reason {
        /// Another declaration of the same target or product holds wherever it does.
        case duplicate
        /// Each module comes from another declaration: vended by it (`chain` empty) or handed on
        /// by its `@_exported` imports (`chain` from its module to this one, `path` the last
        /// import's file).
        case covered([(module: String, provider: String, chain: [String], path: String)])
    }

    /// One target's declarations, and what its sources use.
    struct Context {
        var target: Target
        var declarations: [Declaration]
        var imported: Set<String>
        var reachable: Set<String>
        /// By declaration index: the modules a provider hands on in every build.
        var handedOn: [Int: [String: (chain: [String], path: String)]]
        var linkOnly: Set<Int>

        /// Why `candidate` adds nothing to `others`, or nil when it adds something.
        func reason(_ candidate: Declaration, keeping others: [Declaration]) -> Reason? {
            let holding = others.filter { Self.holds($0.edge.condition, wherever: candidate.edge.condition) }
            if holding.contains(where: { $0.edge.destination == candidate.edge.destination }) { return .duplicate }
            guard candidate.isCoverable else { return nil }
            // A provider unused-dependency would remove is no provider: removing it is the fix.
            let providers = holding.filter { $0.isProvider && ($0.modules.contains(where: reachable.contains) || linkOnly.contains($0.index)) }
            var ways: [(module: String, provider: String, chain: [String], path: String)] = []
            for module in candidate.modules {
                if let provider = providers.first(where: { $0.modules.contains(module) }) {
                    ways.append((module, provider.name, [], ""))
                } else if !imported.contains(module),
                          let (provider, route) = providers.lazy.compactMap({ provider in self.handedOn[provider.index]?[module].map { (provider, $0) } }).first {
                    ways.append((module, provider.name, route.chain, route.path))
                } else {
                    return nil
                }
            }
            return .covered(ways)
        }

        /// Whether a dependency under `condition` is there in every build that one under
        /// `other` is: unconditional, or naming every platform and the configuration the other
        /// names.
        static func holds(_ condition: DependencyCondition?, wherever other: DependencyCondition?) -> Bool {
            guard let condition, !condition.isUnconditional else { return true }
            guard let other, !other.isUnconditional else { return false }
            if let platforms = condition.platforms, !platforms.isEmpty {
                guard let others = other.platforms, !others.isEmpty else { return false }
                let own = Set(platforms.map { $0.lowercased() })
                guard others.allSatisfy({ own.contains($0.lowercased()) }) else { return false }
            }
            if let configuration = condition.configuration, configuration != other.configuration { return false }
            return true
        }
    }

    /// One element of a target's `dependencies:`, with the modules it provides.
    struct Declaration {
        var index: Int
        var edge: DependencyEdge
        /// As the manifest names it: the target's or the product's name.
        var name: String
        var modules: [String]
        /// Whether `modules` are certain and importable, so other declarations may be found to
        /// provide them all: library targets, and products of known modules.
        var isCoverable: Bool
        /// Whether it may stand for modules it provides: certain ones (not a guessed product).
        var isProvider: Bool
        /// The workspace's targets it stands for, whose `@_exported` imports it hands on.
        var locals: [Target]
        /// Every spelling `linkOnly` may use for it, as `ResolvedDependency.declaredNames` gives.
        var spellings: [String]

        /// Whether `bulkhead.json` lists it under `linkOnly`: declared to be linked, on purpose.
        func isLinkOnly(of target: Target, in input: CheckInput) -> Bool {
            input.configuration.linkOnly.contains { linkOnly in
                (linkOnly.target == target.name || linkOnly.target == target.id.description) && spellings.contains(linkOnly.dependency)
            }
        }

        init?(index: Int, edge: DependencyEdge, of target: Target, in input: CheckInput) {
            // A Frameworks-phase link, an embedded product or a test host is no declaration.
            guard edge.arrival == .declared else { return nil }
            let graph = input.graph
            self.index = index
            self.edge = edge
            switch edge.destination {
            case .target(let id):
                // Plugins are applied, not depended on; a target the graph lacks provides nothing known.
                guard let other = graph.target(id), other.kind != .plugin else { return nil }
                name = id.name
                modules = [other.moduleName]
                isCoverable = other.kind == .library
                isProvider = true
                locals = [other]
                spellings = [id.name, id.description]
            case .product(let productName, let package):
                name = productName
                if let product = graph.package(package)?.products.first(where: { $0.name == productName }) {
                    let targets = product.targets.compactMap { graph.target(TargetID(package: package, name: $0)) }
                    guard !targets.isEmpty, targets.count == product.targets.count, !targets.contains(where: { $0.kind == .plugin }) else { return nil }
                    var seen: Set<String> = []
                    modules = targets.map(\.moduleName).filter { seen.insert($0).inserted }
                    // A product that asks for `.static` or `.dynamic` linkage links differently from
                    // another that vends its modules: only an automatic one may be covered.
                    isCoverable = product.type == "library" && (product.linkage ?? "automatic") == "automatic" && targets.allSatisfy { $0.kind == .library }
                    isProvider = product.type == "library"
                    locals = targets
                    spellings = [productName] + targets.flatMap { [$0.name, $0.id.description] }
                } else {
                    let external = input.externalProduct(package: package, name: productName)
                    modules = external?.modules ?? [productName]
                    isCoverable = external.map { !$0.isGuess } ?? false
                    isProvider = isCoverable
                    locals = []
                    spellings = [productName, "\(package)/\(productName)"]
                }
            }
            guard !modules.isEmpty else { return nil }
        }
    }
}
