import Configuration
import Formats
import ImportScanning
import ModuleGraph
import ParallelWork
import Synchronization

/// Everything the rules look at: the graph, each target's scanned sources, the configuration and
/// the layer of every target. Built once per run; rules are pure functions of it.
///
/// Immutable: the tables derived from its parts (layers, external products, exclusion globs,
/// each target's builds, the undeclared imports two rules share) are made with it, so a part
/// assigned later would leave them describing another input. `with(_:)` makes a changed copy
/// whole.
package struct CheckInput: Sendable {
    package let graph: ModuleGraph
    package let sources: [TargetID: [SourceFile]]
    package let configuration: Configuration
    /// What is known of the build that `#if` clauses are decided in, when no platform build is
    /// configured (`builds` empty): `.unknown` decides only `#if true` and `#if false`.
    package let environment: BuildEnvironment
    /// The platforms and configurations `#if` is decided for; each target gets its own
    /// environments for them (its defines, language mode and visible modules).
    package let builds: [PlatformBuild]
    /// The bytes of each target's Swift sources on disk, for `footprint-budget`'s
    /// `maxSourceBytes`: measured only when a budget asks (empty otherwise).
    package let sourceBytes: [TargetID: Int]
    /// By target position in the graph: rules ask for every import, and hashing the target's id
    /// for each cost more than deciding most of them.
    private let targetBuilds: [(builds: TargetBuilds, place: ActivityMemo.Place)]
    package let layers: LayerAssignment
    /// External products by the modules they provide.
    let externalByModule: [String: [ExternalProduct]]
    /// External products by package and name, in the graph's order: rules look one up per
    /// declared dependency, which a search of the whole list made quadratic.
    private let externalByKey: [ProductKey: [ExternalProduct]]
    /// The undeclared imports `undeclared-import` and `unreachable-import` share (one kind
    /// each): found on first use and kept, so the two rules walk every import and search chains
    /// once between them.
    let undeclaredImports = Once<[UndeclaredImports.Occurrence]>()
    /// The link graph, made on first use and kept: which image holds each module's code.
    private let madeImages = Once<BinaryImages>()
    private let madeDuplicates = Once<[BinaryImages.DuplicateCopy]>()
    private let madeReexports = Once<Reexports>()
    /// Numbered on first use and kept: most rules read every import's module by its number.
    private let numberedModules = Once<ImportedModules>()
    /// The answer for each distinct list of enclosing `#if` clauses and kind of target (its
    /// builds' environments, up to the modules those clauses' `canImport` names): rules ask for
    /// every import, and the files of hundreds of targets repeat the same few clauses.
    private let activities = ActivityMemo()
    private let excludeGlobs: [Glob]

    /// `prepared`: the targets' builds made ahead (`PreparedTargetBuilds`), taken when they were
    /// made from this very graph, these builds and this environment, else made here.
    package init(graph: ModuleGraph, sources: [TargetID: [SourceFile]], configuration: Configuration,
                 environment: BuildEnvironment = .unknown, builds: [PlatformBuild] = [], prepared: PreparedTargetBuilds? = nil,
                 sourceBytes: [TargetID: Int] = [:]) {
        self.graph = graph
        self.sourceBytes = sourceBytes
        self.environment = environment
        self.builds = builds
        if let prepared, prepared.holds(for: graph, builds: builds, environment: environment) {
            self.targetBuilds = prepared.table.value
        } else {
            self.targetBuilds = Self.targetBuilds(of: graph, builds: builds, environment: environment)
        }
        self.sources = sources
        self.configuration = configuration
        self.layers = LayerAssignment(graph: graph, layers: configuration.layers)
        var externalByModule: [String: [ExternalProduct]] = [:]
        var externalByKey: [ProductKey: [ExternalProduct]] = [:]
        for product in graph.externalProducts {
            for module in product.modules { externalByModule[module, default: []].append(product) }
            externalByKey[ProductKey(package: product.package, name: product.name), default: []].append(product)
        }
        self.externalByModule = externalByModule
        self.externalByKey = externalByKey
        self.excludeGlobs = configuration.exclude.map(Glob.init)
    }

    /// Every target's builds, made before the sources are read: they depend only on the graph,
    /// the builds and the environment, and took a third of a warm check's rules on a package of
    /// hundreds of targets on four platforms, after the sources phase instead of beside it.
    package struct PreparedTargetBuilds: Sendable {
        let graph: ModuleGraph
        let builds: [PlatformBuild]
        let environment: BuildEnvironment
        fileprivate let table: BackgroundValue<[(builds: TargetBuilds, place: ActivityMemo.Place)]>

        /// Starts making them on another core.
        package init(graph: ModuleGraph, builds: [PlatformBuild], environment: BuildEnvironment) {
            self.graph = graph
            self.builds = builds
            self.environment = environment
            table = BackgroundValue { CheckInput.targetBuilds(of: graph, builds: builds, environment: environment) }
        }

        func holds(for graph: ModuleGraph, builds: [PlatformBuild], environment: BuildEnvironment) -> Bool {
            self.graph.isSame(as: graph) && self.builds == builds && self.environment == environment
        }
    }

    /// What an input is made from, to change in `with(_:)`.
    package struct Parts: Sendable {
        package var graph: ModuleGraph
        package var sources: [TargetID: [SourceFile]]
        package var configuration: Configuration
        package var environment: BuildEnvironment
        package var builds: [PlatformBuild]
        package var sourceBytes: [TargetID: Int]
    }

    /// This input made again from its parts as `change` leaves them: nothing derived is kept.
    package func with(_ change: (inout Parts) -> Void) -> CheckInput {
        var parts = Parts(graph: graph, sources: sources, configuration: configuration, environment: environment, builds: builds, sourceBytes: sourceBytes)
        change(&parts)
        return CheckInput(graph: parts.graph, sources: parts.sources, configuration: parts.configuration,
                          environment: parts.environment, builds: parts.builds, sourceBytes: parts.sourceBytes)
    }

    /// Every target's environments, made on every core: each is independent of the others, and
    /// one core took a tenth of a warm check of hundreds of targets making them. None without
    /// builds to make them for.
    fileprivate static func targetBuilds(of graph: ModuleGraph, builds: [PlatformBuild], environment: BuildEnvironment)
        -> [(builds: TargetBuilds, place: ActivityMemo.Place)] {
        guard !builds.isEmpty else { return [] }
        // The fallback environment carries the user's toolchain version, when it is known.
        let compiler = environment.compilerVersion ?? BuildEnvironment.toolchainCompilerVersion
        let unbuilt = UnbuiltModules.byBuild(graph: graph, builds: builds)
        let knownMissing = TargetBuilds.knownMissing(builds: builds, unbuilt: unbuilt)
        let products = TargetBuilds.ExternalModules(graph: graph)
        let made = graph.targets.concurrentMap {
            TargetBuilds(target: $0, graph: graph, builds: builds, products: products, compilerVersion: compiler, unbuilt: unbuilt,
                         knownMissing: knownMissing)
        }
        // Targets of one kind share answers: each kind is numbered once.
        var kinds: [TargetBuilds.Kind: Int] = [:]
        var placed: [(builds: TargetBuilds, place: ActivityMemo.Place)] = []
        var lastOfID: [TargetID: Int] = [:]
        for (index, (target, targetBuilds)) in zip(graph.targets, made).enumerated() {
            // Looked up once: kinds hash cheaply and compare at length.
            let kind: Int
            if let known = kinds[targetBuilds.kind] {
                kind = known
            } else {
                kind = kinds.count
                kinds[targetBuilds.kind] = kind
            }
            placed.append((targetBuilds, ActivityMemo.Place(target: index, kind: kind)))
            lastOfID[target.id] = index
        }
        // Targets of one id (a graph that repeats one) are all asked about as the last of them.
        return graph.targets.indices.map { placed[lastOfID[graph.targets[$0].id] ?? $0] }
    }

    /// Targets checked by rules: all but the excluded ones, by name or by folder. Folders, like
    /// files, are matched relative to the folder that was checked (the package, or the
    /// repository of packages).
    package func isExcluded(_ target: Target) -> Bool {
        // Asked by every rule of every target: with nothing excluded, no `package/name` is made.
        guard !configuration.exclude.isEmpty else { return false }
        return configuration.exclude.contains(target.name) || configuration.exclude.contains(target.id.description)
            || excludeGlobs.contains { $0.matchesItselfOrParent(folderFromRoot(of: target)) }
    }

    private func folderFromRoot(of target: Target) -> String {
        let package = graph.package(target.id.package)?.localPath ?? "."
        return package == "." ? target.path : "\(package)/\(target.path)"
    }

    package func isExcluded(file path: String) -> Bool {
        excludeGlobs.contains { $0.matchesItselfOrParent(path) }
    }

    /// Whether a build of `target` may compile `declaration`: the one place rules ask whether an
    /// import counts. True when some configured build compiles it or cannot be decided.
    package func mayCompile(_ declaration: ImportDeclaration, in target: Target) -> Bool {
        guard !builds.isEmpty else { return environment.mayCompile(declaration) }
        return activity(of: declaration, in: target).mayCompile
    }

    /// `mayCompile(_:in:)` of the target at `index` among the graph's targets, for rules that
    /// walk them in order: no lookup of the target.
    func mayCompile(_ declaration: ImportDeclaration, inTargetAt index: Int) -> Bool {
        guard !builds.isEmpty else { return environment.mayCompile(declaration) }
        return activity(of: declaration, inTargetAt: index).mayCompile
    }

    /// Whether any build at all, on any platform, may compile `declaration`: only `#if false`
    /// and the like are ruled out. `unused-dependency` asks this rather than `mayCompile`: a
    /// dependency imported only under `#if os(Windows)` is used by Windows builds even when the
    /// check decides `#if` for Linux only, and declaring it is not the mistake the rule reports.
    package func mayCompileOnAnyPlatform(_ declaration: ImportDeclaration) -> Bool {
        environment.mayCompile(declaration)
    }

    /// Which configured builds of `target` compile `declaration`: a build compiles it when any
    /// variant of its platform (device, simulator, architecture) does.
    package func activity(of declaration: ImportDeclaration, in target: Target) -> ImportActivity {
        activity(of: declaration, inTargetAt: targetBuilds.isEmpty ? nil : graph.index(of: target.id))
    }

    /// `activity(of:in:)` of the target at `index` among the graph's targets.
    // Not inlined: Swift 6.3.1's optimizer crashes (an ownership check of the memo's closure)
    // inlining it through `mayCompile(_:in:)` into `ForbiddenImportRule`.
    @inline(never)
    func activity(of declaration: ImportDeclaration, inTargetAt index: Int?) -> ImportActivity {
        guard let index, targetBuilds.indices.contains(index) else {
            return ImportActivity(active: [], undecided: [], builds: [], mayCompile: environment.mayCompile(declaration))
        }
        let (builds, place) = targetBuilds[index]
        let depth = declaration.conditionDepth
        // Outside every `#if`: compiled wherever the target is built.
        guard depth > 0 else { return builds.unconditional }
        // Equal clauses (condition, branch, the conditions before it) are decided alike in
        // equal builds: answered once per distinct clause list and kind of target.
        // (Imports nested deeper than a handful of clauses are rare and asked about directly:
        // their lists cost more to compare than to decide.)
        guard depth <= ActivityMemo.deepestRemembered else { return Self.activity(of: declaration, perBuild: builds.environments) }
        return activities.answer(declaration, at: place, builds: builds) {
            Self.activity(of: declaration, perBuild: builds.environments)
        }
    }

    /// Which of `perBuild` compile `declaration`, asked of each build's variants.
    static func activity(of declaration: ImportDeclaration, perBuild: [(build: PlatformBuild, variants: [BuildEnvironment])]) -> ImportActivity {
        var active: [PlatformBuild] = []
        var undecided: [PlatformBuild] = []
        for (build, variants) in perBuild {
            switch declaration.isActive(inAnyOf: variants) {
            case true?: active.append(build)
            case nil: undecided.append(build)
            case false?: break
            }
        }
        // The target's own builds: a project target's differ from the configured ones.
        return ImportActivity(active: active, undecided: undecided, builds: perBuild.map(\.build))
    }

    /// " (on iOS, macOS debug)" for a finding's message when `declaration` is compiled by some
    /// of the configured builds but not all; empty otherwise: an import every build compiles
    /// needs no label.
    package func buildLabel(of declaration: ImportDeclaration, in target: Target) -> String {
        guard !builds.isEmpty, declaration.conditionDepth > 0 else { return "" }
        return activity(of: declaration, in: target).label.map { " (\($0))" } ?? ""
    }

    /// Whether `bulkhead.json` lists `dependency` of `target` under `linkOnly`: declared to be
    /// linked, never imported.
    package func isLinkOnly(_ dependency: ResolvedDependency, of target: Target) -> Bool {
        // Most configurations list none: the dependency's names (spelled out, `package/name`
        // among them) are made only when one is listed. Asked of every declared dependency.
        guard !configuration.linkOnly.isEmpty else { return false }
        let names = dependency.declaredNames
        return configuration.linkOnly.contains { linkOnly in
            (linkOnly.target == target.name || linkOnly.target == target.id.description) && names.contains(linkOnly.dependency)
        }
    }

    /// The sources of a target that rules should read.
    package func checkedSources(of target: Target) -> [SourceFile] {
        let all = sources[target.id] ?? []
        // Without exclude patterns every file is checked: the stored array is shared, not copied
        // file by file (every rule asks, for every target).
        guard !excludeGlobs.isEmpty else { return all }
        return all.filter { !isExcluded(file: $0.path) }
    }

    /// Every import's module by number, numbered on first use (`ImportedModules`).
    var importedModules: ImportedModules {
        numberedModules.value { ImportedModules(graph: graph, sources: sources) }
    }

    /// The sources of the target at `index` among the graph's targets that rules should read
    /// (`checkedSources(of:)`), each with its imports' module numbers (`importedModules`).
    func checkedImports(ofTargetAt index: Int, modules: ImportedModules) -> [(file: SourceFile, modules: [Int])] {
        let target = graph.targets[index]
        let all = zip(sources[target.id] ?? [], modules.numbers(ofTargetAt: index)).map { (file: $0.0, modules: $0.1) }
        guard !excludeGlobs.isEmpty else { return all }
        return all.filter { !isExcluded(file: $0.file.path) }
    }

    /// The local target a module name refers to from `target`: one in the same package first.
    package func localTarget(forModule module: String, from target: TargetID) -> TargetID? {
        graph.targets(importedAs: module, from: target).first
    }

    /// The remote products `target` declares whose modules are only guessed (no checkout was
    /// described), so an import they might provide cannot be called undeclared.
    package func guessedProducts(of target: Target) -> [ExternalProduct] {
        graph.dependencies(of: target.id).compactMap { dependency in
            guard case .external(let package, let product) = dependency.node else { return nil }
            return externalByKey[ProductKey(package: package, name: product)]?.first { $0.isGuess }
        }
    }

    /// Whether an import of `module`, which no local target provides but a remote product does,
    /// may come from one of the guessed products `target` declares: the module is only known
    /// through guesses (its real product may be the declared one), or it belongs to a package one
    /// of them comes from.
    package func mayComeFromGuessedProduct(_ module: String, in target: Target) -> Bool {
        // A module no product is known to provide is a system module, as for any target. (Asked
        // first: it is one lookup, and the guessed products are a walk of the target's edges.)
        guard let providers = externalByModule[module], !providers.isEmpty else { return false }
        let guessed = guessedProducts(of: target)
        guard !guessed.isEmpty else { return false }
        return providers.allSatisfy(\.isGuess) || providers.contains { provider in guessed.contains { $0.package == provider.package } }
    }

    /// Whether `product` may build `module` although no known product's modules list it: its
    /// own modules are unknown (a guess), and `module` is known only through guesses or comes
    /// from `product`'s package; or its modules are known and it depends on other packages'
    /// products, which may build `module` of another package.
    package func mayProvide(_ product: ExternalProduct, _ module: String) -> Bool {
        guard let providers = externalByModule[module], !providers.isEmpty else { return false }
        if product.isGuess {
            return providers.allSatisfy(\.isGuess) || providers.contains { $0.package == product.package }
        }
        return product.dependsOnOtherPackages && !providers.contains { $0.package == product.package }
    }

    /// The modules a target declares: its own, its target dependencies', and those of the
    /// products it names.
    package func declaredModules(of target: Target) -> Set<String> {
        var modules: Set<String> = [target.moduleName]
        for dependency in graph.dependencies(of: target.id) {
            switch dependency.node {
            case .target(let id): if let module = graph.moduleName(of: id) { modules.insert(module) }
            case .external(let package, let product):
                modules.formUnion(externalProduct(package: package, name: product)?.modules ?? [product])
            }
        }
        return modules
    }

    /// Which binary image holds each module's code, which images each process maps.
    package var images: BinaryImages {
        madeImages.value { BinaryImages(graph: graph) }
    }

    /// The workspace's `@_exported import`s, read once: `unused-dependency`,
    /// `redundant-dependency` and the imports found through images each read them.
    var reexports: Reexports {
        madeReexports.value { Reexports(self) }
    }

    /// `images.duplicateCopies()`, found once: `duplicate-copy` and `product-type` both read them.
    package var duplicateCopies: [BinaryImages.DuplicateCopy] {
        madeDuplicates.value { images.duplicateCopies() }
    }

    /// The modules an import in `target` may name without an `undeclared-import` finding: the
    /// ones it declares, and for a unit-test bundle that runs inside an app (`TEST_HOST`) also
    /// every module its host's process holds — the host's image and the frameworks it loads,
    /// transitively — unless `testing.hostedTests` is `explicit`. The bundle is built after its
    /// host and loaded into it; linking the host's modules again can duplicate their code.
    package func visibleModules(of target: Target) -> Set<String> {
        var modules = declaredModules(of: target)
        guard configuration.hostedTests == .host, target.productType == .unitTestBundle,
              let host = images.image(of: target.id)?.host else { return modules }
        // What the host links directly, binary targets too (whose linkage is not read), and
        // everything its process holds.
        if case .target(let hostID) = host {
            for dependency in graph.dependencies(of: hostID) where dependency.edge.arrival == .declared || dependency.edge.arrival == .linked {
                switch dependency.node {
                case .target(let id): if let module = graph.moduleName(of: id) { modules.insert(module) }
                case .external(let package, let product):
                    modules.formUnion(externalProduct(package: package, name: product)?.modules ?? [product])
                }
            }
        }
        for (image, _) in images.mappedImages(from: host) {
            for holding in images.image(image)?.holdings ?? [] {
                modules.insert(BinaryImages.moduleName(of: holding.module, in: graph))
            }
        }
        return modules
    }

    /// The external product `package` names `name`: the first in the graph's order.
    package func externalProduct(package: String, name: String) -> ExternalProduct? {
        externalByKey[ProductKey(package: package, name: name)]?.first
    }

    private struct ProductKey: Hashable, Sendable {
        var package: String
        var name: String
    }
}
