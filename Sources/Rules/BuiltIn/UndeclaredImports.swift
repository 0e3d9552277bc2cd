import Diagnostics
import ImportScanning
import ModuleGraph

/// The imports of modules a target does not declare, each sorted into how it breaks: reachable
/// through a declared chain (it builds until the chain changes), unreachable (a clean build fails),
/// or undecided (a declared remote product whose modules are unknown may provide it). Shared by
/// `undeclared-import` and `unreachable-import`, which report one kind each.
struct UndeclaredImports {
    enum Kind: Sendable, Equatable {
        /// Declared dependencies lead to the module: the chain, as shown names, ends with it.
        case reachable(chain: [String])
        case unreachable
        /// Remote products whose modules are unknown (no checkout) may provide it: declared by
        /// the target itself (`chain` empty), or reached through declared dependencies (`chain`
        /// ends with the product). `products` are shown names, `Product (package)`, sorted.
        case undecided(products: [String], chain: [String])
    }

    /// The module, as the fix would declare it.
    enum Provider: Sendable, Hashable {
        case target(TargetID)
        case product(name: String, package: String)
    }

    struct Occurrence: Sendable {
        var target: Target
        var file: SourceFile
        var declaration: ImportDeclaration
        var kind: Kind
        /// Nil for undecided ones, which name no provider.
        var provider: Provider?
        /// For a target that is an image of its own (an app, an extension, a framework): the
        /// image it loads that holds the module's code (an umbrella framework, a `.dynamic`
        /// product), with the loads that reach it. Linking the module into this target too would
        /// put a second copy in its process: `image-import` reports it, with no fix.
        var throughImage: ImageReach? = nil
        /// Inside `#if canImport` of its own module: a build without the module skips it, so it
        /// never fails a build; only a reachable one is reported (it is skipped when the chain
        /// changes).
        var isGuardedByCanImport = false
        /// What its finding says wherever the import is: shared by the occurrences of its module
        /// in its target.
        var explanation = Explanation(notes: [], fix: nil)
    }

    /// An image a target loads that holds a module, and the loads from the target's own image to it.
    struct ImageReach: Sendable {
        var image: BinaryImages.ImageID
        var loads: [BinaryImages.Load]
        /// Inside the image: from its own target to the module.
        var chain: [GraphNode]
    }

    /// What every finding about the imports of one module in one target says, wherever the
    /// import is: made once per module and target, not once per finding (a monorepo's
    /// thousands of findings repeat a few hundred of these).
    struct Explanation: Sendable {
        /// The notes before the one about the import's `#if`, if any.
        var notes: [String]
        /// The fix, for an import outside every `#if`.
        var fix: ManifestFix?
        /// Why there is no fix though the notes name a provider: what `--fix` says of the finding.
        var fixWithheld: String? = nil
    }

    /// Every undeclared import of the checked targets, in target and file order: made once per
    /// input and shared by the two rules, which report one kind each.
    static func occurrences(in input: CheckInput) -> [Occurrence] {
        input.undeclaredImports.value { find(in: input) }
    }

    /// Where an import of a module comes from in one target: the same for every import of it
    /// there, so asked once per module and target rather than once per import. (No payload:
    /// a table of one per module is made for every target.)
    private enum Source {
        /// Declared (or visible to the target), or no module of the graph: a system or SDK
        /// module. Nothing to report.
        case nothingToReport
        case localTarget
        /// A remote product whose modules are unknown may provide it.
        case guessedProduct
        /// A known remote product provides it.
        case remoteProduct
    }

    private static func find(in input: CheckInput) -> [Occurrence] {
        let graph = input.graph
        let modules = input.importedModules
        var occurrences: [Occurrence] = []
        var withoutModule: [String: BuildEnvironment] = [:]
        // One adjacency for every chain of the check, and one walk per end, not per question.
        var shortest = ShortestChains(graph: graph)
        // How a fix spells a provider in another package (the same from every target): each
        // spelling searches the provider's package for the product that vends it.
        var spellings: [Provider: String] = [:]
        let memo = ImageMemo()
        for (index, target) in graph.targets.enumerated() where !input.isExcluded(target) {
            let declared = input.visibleModules(of: target)
            // Per module number: where the module would come from (asked of the first import of
            // it), and what its occurrences say (worked out for the first one compiled).
            var sources = [Source?](repeating: nil, count: modules.names.count)
            var found: [Int: (kind: Kind, provider: Provider?, throughImage: ImageReach?)] = [:]
            var explained: [Int: Explanation] = [:]
            // Distances once per target: which local targets its declared chains reach.
            var reach: [TargetID: Int]?
            // The chain to each undeclared local target once per target, not once per import
            // of it: each search walks the whole graph.
            var chains: [TargetID: [String]?] = [:]
            // The modules the images this target loads hold, by module name: asked for once per
            // target, and only of targets that import something they do not declare.
            var heldElsewhere: [String: (reach: ImageReach, reexported: Bool)]?
            func imageHolding(_ module: String) -> (reach: ImageReach, reexported: Bool)? {
                if heldElsewhere == nil { heldElsewhere = Self.modulesHeldElsewhere(seenFrom: target, in: input) }
                return heldElsewhere?[module]
            }
            // Whether the target's builds compile an import depends only on its `#if` clauses:
            // decided once per distinct clause list, not once per file (which parsed the same
            // `#if canImport(UIKit)` of every file again, for every build variant).
            var compiled: [[ConditionalClause]: Bool] = [:]
            // A scanned import names its node in its file's clause table, and the restored files
            // of a target share equal tables: keyed by that node, no clause list is made and
            // hashed per import.
            var compiledByNode: [TableNode: Bool] = [:]
            func mayCompile(_ declaration: ImportDeclaration) -> Bool {
                guard declaration.conditionDepth > 0 else { return input.mayCompile(declaration, inTargetAt: index) }
                if let (table, node) = declaration.sharedClauses {
                    let key = TableNode(table: ObjectIdentifier(table), node: node)
                    if let known = compiledByNode[key] { return known }
                    let answer = input.mayCompile(declaration, inTargetAt: index)
                    compiledByNode[key] = answer
                    return answer
                }
                let clauses = declaration.conditions
                if let known = compiled[clauses] { return known }
                let answer = input.mayCompile(declaration, inTargetAt: index)
                compiled[clauses] = answer
                return answer
            }
            func origin(of number: Int) -> Source {
                let module = modules.names[number]
                if declared.contains(module) { return .nothingToReport }
                // Re-exported by an image the target declares (an umbrella framework, a
                // `.dynamic` product whose source is `@_exported import M`): provided, by name,
                // whether or not the repository can see into M.
                if imageHolding(module)?.reexported == true { return .nothingToReport }
                if modules.localTarget(forModule: number, from: target.id) != nil { return .localTarget }
                if input.mayComeFromGuessedProduct(module, in: target) { return .guessedProduct }
                if input.externalByModule[module]?.first != nil { return .remoteProduct }
                // Not a module of the graph: a system or SDK module.
                return .nothingToReport
            }
            func occurrence(of number: Int, from source: Source) -> (kind: Kind, provider: Provider?, throughImage: ImageReach?)? {
                let module = modules.names[number]
                switch source {
                case .nothingToReport:
                    return nil
                case .localTarget:
                    guard let id = modules.localTarget(forModule: number, from: target.id) else { return nil }
                    let chain: [String]?
                    if let known = chains[id] {
                        chain = known
                    } else {
                        chain = shortest.chain(from: target.id, to: id).map { $0.map(graph.displayName) }
                        chains[id] = .some(chain)
                    }
                    return (chain.map { .reachable(chain: $0) } ?? .unreachable, .target(id), imageHolding(module)?.reach)
                case .guessedProduct:
                    let candidates = input.guessedProducts(of: target).filter { input.mayProvide($0, module) }
                    let packages = Set((input.externalByModule[module] ?? []).map(\.package))
                    let samePackage = candidates.filter { packages.contains($0.package) }
                    let products = samePackage.isEmpty ? candidates : samePackage
                    return (.undecided(products: Set(products.map(Self.shownName)).sorted(), chain: []), nil, nil)
                case .remoteProduct:
                    guard let product = input.externalByModule[module]?.first else { return nil }
                    if reach == nil { reach = graph.reachable(from: [target.id], direction: .dependencies) }
                    let kind: Kind
                    if let chain = remoteChain(to: module, from: target, reach: reach ?? [:], input: input, chains: &shortest) {
                        kind = .reachable(chain: chain)
                    } else if let (chain, product) = undecidedChain(to: module, from: target, reach: reach ?? [:], input: input, chains: &shortest) {
                        // A product whose modules are unknown, somewhere down a declared chain,
                        // may build the module: no certainty either way.
                        kind = .undecided(products: [product], chain: chain)
                    } else {
                        kind = .unreachable
                    }
                    return (kind, kind == .unreachable || isReachable(kind) ? .product(name: product.name, package: product.package) : nil,
                            isReachable(kind) ? imageHolding(module)?.reach : nil)
                }
            }
            for (file, numbers) in input.checkedImports(ofTargetAt: index, modules: modules) {
                // By position: an import of a declared or system module (most of them) is passed
                // over by its number alone, never copied out.
                for position in numbers.indices {
                    let number = numbers[position]
                    let source = sources[number] ?? origin(of: number)
                    sources[number] = source
                    if case .nothingToReport = source { continue }
                    let declaration = file.imports[position]
                    guard mayCompile(declaration) else { continue }
                    guard let (kind, provider, throughImage) = found[number] ?? occurrence(of: number, from: source) else { continue }
                    found[number] = (kind, provider, throughImage)
                    var occurrence = Occurrence(target: target, file: file, declaration: declaration, kind: kind, provider: provider,
                                                throughImage: throughImage)
                    // `#if canImport(M)` around `import M`: a build without M skips the import.
                    // Only a reachable one is kept: it never fails a build, but the chain decides
                    // whether the module's code is compiled in.
                    if isGuardedByCanImport(declaration, environments: &withoutModule) {
                        guard case .reachable = kind else { continue }
                        occurrence.isGuardedByCanImport = true
                    }
                    // Two explanations per module: an import guarded by `canImport` reads differently.
                    let key = number * 2 + (occurrence.isGuardedByCanImport ? 1 : 0)
                    occurrence.explanation = explained[key] ?? explanation(of: occurrence, module: modules.names[number], input: input, spellings: &spellings, memo: memo)
                    explained[key] = occurrence.explanation
                    occurrences.append(occurrence)
                }
            }
        }
        return occurrences
    }

    /// The modules held by the images `target`'s own image loads, by module name, each with the
    /// image that holds it (the nearest) and whether that image, declared by the target itself,
    /// re-exports it (`@_exported import M` in one of its own targets, outside any `#if`).
    private static func modulesHeldElsewhere(seenFrom target: Target, in input: CheckInput) -> [String: (reach: ImageReach, reexported: Bool)] {
        let images = input.images
        let graph = input.graph
        var result: [String: (reach: ImageReach, reexported: Bool)] = [:]
        let held = images.modulesHeldElsewhere(seenFrom: target.id)
        for module in held.keys.sorted() {
            guard let (image, loads, chain) = held[module] else { continue }
            let name = BinaryImages.moduleName(of: module, in: graph)
            let roots = images.image(image)?.roots ?? []
            // Declared by the target itself: the first load starts at the target.
            let declaredHere = loads.count == 1 && loads[0].via == [.target(target.id)]
            let reexported = declaredHere && roots.contains { input.reexports.wholeModules(reexportedBy: $0).contains(name) }
            if let known = result[name], known.reach.loads.count <= loads.count && (known.reexported || !reexported) { continue }
            result[name] = (ImageReach(image: image, loads: loads, chain: chain), reexported)
        }
        return result
    }

    private static func isReachable(_ kind: Kind) -> Bool {
        if case .reachable = kind { return true }
        return false
    }

    /// Whether `declaration` sits in a clause that a build where its own module cannot be
    /// imported never takes: `#if canImport(M)` (alone or and-ed with more), or the `#else` of
    /// `#if !canImport(M)`. Such an import cannot fail a build for want of M.
    static func isGuardedByCanImport(_ declaration: ImportDeclaration, environments: inout [String: BuildEnvironment]) -> Bool {
        guard declaration.conditionDepth > 0 else { return false }
        // One environment per module: the clause tables cache answers per environment.
        let withoutModule = environments[declaration.module] ?? {
            var made = BuildEnvironment(platformConditions: ["canImport": []])
            made.knownMissingModules = [declaration.module]
            return made
        }()
        environments[declaration.module] = withoutModule
        return declaration.isActive(in: withoutModule) == false
    }

    static func shownName(_ product: ExternalProduct) -> String {
        "\(product.name) (\(product.package))"
    }

    /// The shortest declared chain from `target` through local targets to a remote product whose
    /// modules are unknown and that may provide `module` (as `CheckInput.mayProvide` decides), as
    /// shown names ending with the product, and the product; nil when none does.
    private static func undecidedChain(to module: String, from target: Target, reach: [TargetID: Int], input: CheckInput,
                                       chains: inout ShortestChains) -> ([String], String)? {
        let graph = input.graph
        let carriers = reach.sorted { ($0.value, $0.key) < ($1.value, $1.key) }
        // A product of the package the module is known from first: more likely than another
        // package's product that might depend on it.
        let packages = Set((input.externalByModule[module] ?? []).map(\.package))
        for samePackage in [true, false] {
            for (carrier, _) in carriers {
                for dependency in graph.dependencies(of: carrier) {
                    guard case .external(let package, let name) = dependency.node, !samePackage || packages.contains(package),
                          let external = input.externalProduct(package: package, name: name), input.mayProvide(external, module)
                    else { continue }
                    let path = carrier == target.id ? [graph.displayName(carrier)]
                        : chains.chain(from: target.id, to: carrier)?.map(graph.displayName) ?? [graph.displayName(carrier)]
                    let shown = shownName(external)
                    return (path + [shown], shown)
                }
            }
        }
        return nil
    }

    /// What `secondCopy` asks of the link graph, kept for the whole search: a workspace's hundreds
    /// of findings ask of the same few targets and providers.
    private final class ImageMemo {
        var heldElsewhere: [TargetID: [BinaryImages.HeldModule: (image: BinaryImages.ImageID, loads: [BinaryImages.Load], chain: [GraphNode])]] = [:]
        var copied: [DependencyEdge.Destination: Set<BinaryImages.HeldModule>] = [:]
    }

    /// A clause table (kept alive by the imports that name it while a search runs) and a node in it.
    private struct TableNode: Hashable {
        var table: ObjectIdentifier
        var node: Int
    }

    /// The shortest declared chain from `target` through local targets to a remote product that
    /// provides `module`, as shown names ending with the product; nil when none does.
    private static func remoteChain(to module: String, from target: Target, reach: [TargetID: Int], input: CheckInput,
                                    chains: inout ShortestChains) -> [String]? {
        let graph = input.graph
        // The target itself too: a product it declares may build the module without providing it.
        let carriers = reach.sorted { ($0.value, $0.key) < ($1.value, $1.key) }
        for (carrier, _) in carriers {
            for dependency in graph.dependencies(of: carrier) {
                guard case .external(let package, let product) = dependency.node,
                      let external = input.externalProduct(package: package, name: product),
                      external.buildsModules.contains(module)
                else { continue }
                let path = carrier == target.id ? [graph.displayName(carrier)]
                    : chains.chain(from: target.id, to: carrier)?.map(graph.displayName) ?? [graph.displayName(carrier)]
                return path + ["\(product) (\(package))"]
            }
        }
        return nil
    }

    /// How the fix spells the dependency to add: `"Name"` for a target of the same package,
    /// `.product(name:package:)` otherwise.
    static func spelling(of provider: Provider, for target: Target, in graph: ModuleGraph) -> String {
        switch provider {
        case .target(let id) where id.package == target.id.package:
            return "\"\(id.name)\""
        case .target(let id):
            // The package looked up once: asked for every finding of a large report.
            let package = graph.package(id.package)
            if let projectPath = package?.projectPath {
                // A target of another Xcode project: linked through the workspace, not by a product.
                return "\(id.name) (\(projectPath))"
            }
            let product = package?.products.first { $0.targets.contains(id.name) }?.name ?? id.name
            let dependent = graph.package(target.id.package)
            return ".product(name: \"\(product)\", package: \"\(package?.manifestSpelling(in: dependent) ?? id.package)\")"
        case .product(let name, let package):
            let dependent = graph.package(target.id.package)
            return ".product(name: \"\(name)\", package: \"\(graph.package(package)?.manifestSpelling(in: dependent) ?? dependent?.declaredDependencyNames[package] ?? package)\")"
        }
    }

    /// A target of an Xcode project other than `target`'s: no edit of a manifest or of the
    /// target's project declares it mechanically.
    private static func isOtherProjectTarget(_ provider: Provider, from target: Target, in graph: ModuleGraph) -> Bool {
        guard case .target(let id) = provider else { return false }
        return id.package != target.id.package && graph.package(id.package)?.projectPath != nil
    }

    /// The notes and fix of the findings of `occurrence`'s module in its target, but for the
    /// note on the import's `#if` (`finding`).
    private static func explanation(of occurrence: Occurrence, module: String, input: CheckInput,
                                    spellings: inout [Provider: String], memo: ImageMemo) -> Explanation {
        let graph = input.graph
        let target = occurrence.target
        var notes: [String] = []
        // Spelled once for the note and the fix: each spelling looks the package up.
        let spelled = occurrence.provider.map { provider in
            // A target of the importer's own package is spelled by its name alone.
            if case .target(let id) = provider, id.package == target.id.package { return spelling(of: provider, for: target, in: graph) }
            if let known = spellings[provider] { return known }
            let made = spelling(of: provider, for: target, in: graph)
            spellings[provider] = made
            return made
        }
        switch occurrence.kind {
        case .reachable where occurrence.throughImage != nil:
            break  // the note on the image that holds it names the chain
        case .reachable(let chain) where occurrence.isGuardedByCanImport:
            notes.append("reachable only through \(chain.joined(separator: " → ")): "
                + "declare it, or builds skip this import when that chain changes")
        case .reachable(let chain):
            notes.append("reachable only through \(chain.joined(separator: " → ")): "
                + "declare it, or it breaks when that chain changes")
        case .unreachable:
            notes.append("no declared dependency of \(target.name) leads to \(module): a clean build of \(target.name) fails")
        case .undecided:
            break
        }
        if let reach = occurrence.throughImage {
            let image = BinaryImages.name(of: reach.image, in: graph)
            let roots = input.images.image(reach.image)?.roots ?? []
            notes.append("\(image) holds \(module)'s code (\(BinaryImages.chainText(loads: reach.loads, chain: reach.chain, in: graph))): "
                + "linking \(module) into \(target.name) as well would put a second copy of it in one process")
            // The image's own target the chain starts from: where a re-export goes. One that
            // compiles no Swift of its own (a wrapper that only links a package) has no module
            // to re-export through: the import stays as it is.
            let start: TargetID? = {
                if case .target(let id)? = reach.chain.first { return id }
                return roots.first
            }()
            let compilesSwift = start.flatMap { graph.target($0) }.map { !$0.sources.isEmpty } ?? false
            let owner = start.map(graph.displayName) ?? image
            notes.append(compilesSwift
                ? "re-export it from \(owner) (`@_exported import \(module)` there) and import \(owner), or move this import into \(owner)"
                : "keep this import (\(image) compiles no Swift of its own, so there is no module to re-export it through)")
        }
        // What keeps the declaration from being written for the user, asked once for the note and the fix.
        let unvended = occurrence.throughImage == nil ? occurrence.provider.flatMap { unvendedTarget($0, from: target, in: graph) } : nil
        let heldCopy = occurrence.throughImage == nil && unvended == nil
            ? occurrence.provider.flatMap { secondCopy(declaring: $0, in: target, input: input, memo: memo) } : nil
        if occurrence.throughImage == nil, let provider = occurrence.provider, let spelled {
            if case .product(let name, let package) = provider { notes.append("\(module) comes from the product \(name) of \(package)") }
            if let unvended {
                notes.append("\(graph.package(unvended.package)?.name ?? unvended.package) vends no product with \(unvended.name): add one to its manifest's products "
                    + "(.library(name: \"\(unvended.name)\", targets: [\"\(unvended.name)\"])), then declare it in the dependencies of \(target.name)")
            } else if let (copied, holder) = heldCopy {
                notes.append("declaring \(spelled) would also link \(copied) into \(target.name), which \(holder) holds already: "
                    + "a second copy in one process, so it is not declared for you; move this import into \(holder), or make \(copied) one image both link")
            } else {
                notes.append("declare \(spelled) in the dependencies of \(target.name)")
            }
        }
        var fix: ManifestFix?
        var fixWithheld: String?
        if let reach = occurrence.throughImage {
            fixWithheld = "\(BinaryImages.name(of: reach.image, in: graph)) holds \(module)'s code: linking \(module) into \(target.name) as well would put a second copy of it in one process"
        } else if let unvended {
            fixWithheld = "\(graph.package(unvended.package)?.name ?? unvended.package) vends no product with \(unvended.name), so there is none to declare"
        } else if let (copied, holder) = heldCopy, let spelled {
            fixWithheld = "declaring \(spelled) would also link \(copied) into \(target.name), which \(holder) holds already"
        } else if let provider = occurrence.provider, isOtherProjectTarget(provider, from: target, in: graph) {
            fixWithheld = "\(module) is a target of another Xcode project: it is linked through the workspace, which Bulkhead does not edit"
        }
        if let provider = occurrence.provider, let spelled, occurrence.throughImage == nil, !isOtherProjectTarget(provider, from: target, in: graph),
           unvended == nil, heldCopy == nil {
            let name: String
            var package: String?
            switch provider {
            case .target(let id):
                name = id.name
                if id.package != target.id.package { package = id.package }
            case .product(let product, let identity):
                name = product
                package = identity
            }
            fix = .addDependency(spelling: spelled, name: name, package: package)
        }
        return Explanation(notes: notes, fix: fix, fixWithheld: fixWithheld)
    }

    /// A target of another local package that no product of it vends: another package can only
    /// depend on it through a product, and there is none to declare (`--fix` would write one that
    /// does not exist, and the manifest would no longer load).
    private static func unvendedTarget(_ provider: Provider, from target: Target, in graph: ModuleGraph) -> TargetID? {
        guard case .target(let id) = provider, id.package != target.id.package, let package = graph.package(id.package),
              package.projectPath == nil, package.isLocal, !package.products.contains(where: { $0.targets.contains(id.name) })
        else { return nil }
        return id
    }

    /// For a target that is an image of its own: a module that declaring `provider` would copy
    /// into it while an image it loads holds it already, and that image, by shown names; nil
    /// when the declaration makes no second copy. `--fix` never adds such a link.
    private static func secondCopy(declaring provider: Provider, in target: Target, input: CheckInput, memo: ImageMemo) -> (module: String, holder: String)? {
        let images = input.images
        guard images.image(of: target.id) != nil else { return nil }
        let destination: DependencyEdge.Destination
        switch provider {
        case .target(let id):
            // Another package's target is declared through the product that vends it.
            if id.package != target.id.package, let product = input.graph.package(id.package)?.products.first(where: { $0.targets.contains(id.name) }) {
                destination = .product(name: product.name, package: id.package)
            } else {
                destination = .target(id)
            }
        case .product(let name, let package): destination = .product(name: name, package: package)
        }
        let copied = memo.copied[destination] ?? images.modulesCopied(byLinking: destination)
        memo.copied[destination] = copied
        guard !copied.isEmpty else { return nil }
        let held = memo.heldElsewhere[target.id] ?? images.modulesHeldElsewhere(seenFrom: target.id)
        memo.heldElsewhere[target.id] = held
        guard !held.isEmpty else { return nil }
        guard let clash = copied.filter({ held[$0] != nil }).min(), let holder = held[clash]?.image else { return nil }
        return (BinaryImages.moduleName(of: clash, in: input.graph), BinaryImages.name(of: holder, in: input.graph))
    }

    /// The finding for one occurrence, under `ruleID` at `severity`.
    static func finding(_ occurrence: Occurrence, ruleID: String, severity: Severity, input: CheckInput) -> Finding {
        let target = occurrence.target
        let declaration = occurrence.declaration
        let module = declaration.module
        var notes = occurrence.explanation.notes
        let condition = ConditionalClauseText.note(for: declaration)
        if let condition { notes.append(condition) }
        var finding = Finding(
            ruleID: ruleID, severity: severity, target: target.id, subject: module,
            message: "\(target.name) imports \(module), which it does not declare" + input.buildLabel(of: declaration, in: target),
            notes: notes,
            place: .source(occurrence.file, line: declaration.position.line, column: declaration.position.column))
        // An import inside #if may need a conditional dependency: that is a person's decision.
        // A fix withheld wherever the import is says its own reason, inside #if or not.
        if condition == nil { finding.fix = occurrence.explanation.fix }
        finding.fixWithheld = occurrence.explanation.fixWithheld ?? (condition != nil && occurrence.explanation.fix != nil
            ? "the import is inside #if; whether its dependency should be conditional is yours to decide" : nil)
        return finding
    }
}
