/// The link graph: the binaries a build produces, the modules whose code each one holds, and the
/// images each process maps. The module graph says who *declares* what; this says where the code
/// ends up, which decides what a process holds twice ("Class X is implemented in both"), what a
/// target reaches through a framework it links, and what a hosted test bundle sees.
///
/// An image holds its own targets' code and the static closure of what they link, stopping at a
/// dynamic image, which it loads instead. Static here: a package target reached through a product
/// that is `automatic` or `.static` (SwiftPM and Xcode link automatic products statically, and
/// Xcode warns when two images of one app do), a remote product, a static library or framework.
/// Dynamic: a framework or library of an Xcode project whose `MACH_O_TYPE` is `mh_dylib` (the
/// default) — a mergeable one too, merged into its app as one copy — and a `.dynamic` product of
/// a local package. A binary target's slices are not read, so its linkage is unknown: it is held
/// by no image and never reported.
///
/// Built from the graph alone, once per check; every answer is sorted.
package struct BinaryImages: Sendable {
    /// An image: a target of an Xcode project or of a package that becomes a binary, or a
    /// `.dynamic` product of a local package.
    package enum ImageID: Sendable, Hashable, Comparable {
        case target(TargetID)
        case product(package: String, name: String)

        /// Targets first, then products, each by package and name.
        private var order: (Int, String, String) {
            switch self {
            case .target(let id): (0, id.package, id.name)
            case .product(let package, let name): (1, package, name)
            }
        }

        package static func < (lhs: ImageID, rhs: ImageID) -> Bool { lhs.order < rhs.order }
    }

    package enum Kind: String, Sendable, Hashable, CaseIterable {
        case application
        case appExtension = "app-extension"
        case xpcService = "xpc-service"
        case systemExtension = "system-extension"
        case watchApp = "watch-app"
        /// A command-line tool, a package's executable target or snippet.
        case executable
        /// A unit-test bundle: loaded into its host's process when it has one.
        case unitTests = "unit-tests"
        /// A UI-test bundle: its runner is a process of its own.
        case uiTests = "ui-tests"
        /// A package's test target, loaded by the test runner.
        case packageTests = "package-tests"
        /// A dynamic framework or library of an Xcode project.
        case framework
        /// A `.dynamic` library product of a local package.
        case dynamicProduct = "dynamic-product"
        /// A loadable bundle (a plug-in): loaded by a process Bulkhead does not see.
        case bundle

        /// Whether the image is loaded by others rather than started: frameworks, dynamic
        /// products and bundles.
        package var isLoaded: Bool {
            switch self {
            case .framework, .dynamicProduct, .bundle: true
            default: false
            }
        }
    }

    /// The code of one module: a target of the graph, or a module of a remote product.
    package enum HeldModule: Sendable, Hashable, Comparable {
        case target(TargetID)
        case remote(package: String, module: String)

        /// Targets first, then remote modules, each by package and name.
        private var order: (Int, String, String) {
            switch self {
            case .target(let id): (0, id.package, id.name)
            case .remote(let package, let module): (1, package, module)
            }
        }

        package static func < (lhs: HeldModule, rhs: HeldModule) -> Bool { lhs.order < rhs.order }
    }

    /// A module an image holds, and the shortest chain of static links that brought it in: from
    /// one of the image's own targets to the module's target or remote product.
    package struct Holding: Sendable, Hashable {
        package var module: HeldModule
        package var chain: [GraphNode]
    }

    /// A dynamic image an image links, and the chain of static links from one of its own targets
    /// to the target that links it.
    package struct Load: Sendable, Hashable {
        package var image: ImageID
        package var via: [GraphNode]
    }

    package struct Image: Sendable {
        package var id: ImageID
        package var kind: Kind
        /// The targets whose code is the image's own: the target, or a product's targets.
        package var roots: [TargetID]
        /// Shortest chain first, each module once; its own targets first of all.
        package var holdings: [Holding]
        /// Directly linked dynamic images, sorted.
        package var loads: [Load]
        /// For a unit-test bundle with a host: the host, whose process it is loaded into.
        package var host: ImageID?

        /// Whether the image is a process of its own (an app, an extension, a tool, a test runner).
        package var startsProcess: Bool { !kind.isLoaded && host == nil }
    }

    /// Every image, sorted by id.
    package let images: [Image]
    private let graph: ModuleGraph
    private let externals: [ProductKey: ExternalProduct]
    private let dynamicProducts: Set<ProductKey>
    private let positionByID: [ImageID: Int]
    /// The image each target is the root of (its own binary), when it is one.
    private let imageByTarget: [TargetID: ImageID]

    package init(graph: ModuleGraph) {
        self.graph = graph
        var made: [Image] = []
        let externals = Dictionary(graph.externalProducts.map { (ProductKey(package: $0.package, name: $0.name), $0) },
                                   uniquingKeysWith: { first, _ in first })
        var dynamicProducts: Set<ProductKey> = []
        for package in graph.packages where package.projectPath == nil && package.isLocal {
            for product in package.products where product.type == "library" && product.linkage == "dynamic" {
                dynamicProducts.insert(ProductKey(package: package.identity, name: product.name))
            }
        }
        self.externals = externals
        self.dynamicProducts = dynamicProducts
        let walker = Walker(graph: graph, externals: externals, dynamicProducts: dynamicProducts)
        for target in graph.targets {
            guard let kind = Self.kind(of: target, in: graph) else { continue }
            let id = ImageID.target(target.id)
            var host: ImageID?
            if kind == .unitTests, let name = target.testHost {
                let hostID = TargetID(package: target.id.package, name: name)
                if let hostTarget = graph.target(hostID), Self.kind(of: hostTarget, in: graph).map({ !$0.isLoaded }) == true { host = .target(hostID) }
            }
            let (holdings, loads) = walker.walk(from: [target.id], image: id)
            made.append(Image(id: id, kind: kind, roots: [target.id], holdings: holdings, loads: loads, host: host))
        }
        for key in dynamicProducts.sorted(by: { ($0.package, $0.name) < ($1.package, $1.name) }) {
            guard let product = graph.package(key.package)?.products.first(where: { $0.name == key.name }) else { continue }
            let roots = product.targets.map { TargetID(package: key.package, name: $0) }.filter { graph.target($0) != nil }
            let id = ImageID.product(package: key.package, name: key.name)
            let (holdings, loads) = walker.walk(from: roots, image: id)
            made.append(Image(id: id, kind: .dynamicProduct, roots: roots, holdings: holdings, loads: loads, host: nil))
        }
        made.sort { $0.id < $1.id }
        images = made
        positionByID = Dictionary(uniqueKeysWithValues: made.enumerated().map { ($1.id, $0) })
        var imageByTarget: [TargetID: ImageID] = [:]
        for image in made {
            if case .target(let id) = image.id { imageByTarget[id] = image.id }
        }
        self.imageByTarget = imageByTarget
    }

    /// What a target becomes, when it becomes an image of its own.
    static func kind(of target: Target, in graph: ModuleGraph) -> Kind? {
        if let type = target.productType {
            switch type {
            case .application: return .application
            case .appExtension: return .appExtension
            case .xpcService: return .xpcService
            case .systemExtension: return .systemExtension
            case .watchApp: return .watchApp
            case .tool: return .executable
            case .unitTestBundle: return .unitTests
            case .uiTestBundle: return .uiTests
            case .bundle: return .bundle
            case .framework, .dynamicLibrary: return (target.linkage ?? .dynamic) == .dynamic ? .framework : nil
            case .staticLibrary, .stickerPack, .aggregate, .other: return nil
            }
        }
        guard graph.package(target.id.package)?.isLocal == true else { return nil }
        switch target.kind {
        case .executable, .snippet: return .executable
        case .test: return .packageTests
        default: return nil
        }
    }

    // MARK: Lookup

    package func image(_ id: ImageID) -> Image? {
        positionByID[id].map { images[$0] }
    }

    /// The image `target` is the root of: its own binary, when it becomes one.
    package func image(of target: TargetID) -> Image? {
        imageByTarget[target].flatMap(image)
    }

    /// The images one process maps, started from `root`: the root, every image it loads,
    /// transitively, and for a hosted unit-test bundle its host's process too. Each comes with
    /// the loads that bring it in from the root (empty for the root itself), shortest first.
    package func mappedImages(from root: ImageID) -> [(image: ImageID, loads: [Load])] {
        var found: [ImageID: [Load]] = [root: []]
        var order: [ImageID] = [root]
        var index = 0
        while index < order.count {
            let current = order[index]
            index += 1
            guard let image = image(current) else { continue }
            var next = image.loads
            // A hosted bundle runs inside its host: the host's images are the process's too.
            if let host = image.host { next.append(Load(image: host, via: image.roots.prefix(1).map { .target($0) })) }
            for load in next where found[load.image] == nil {
                found[load.image] = (found[current] ?? []) + [load]
                order.append(load.image)
            }
        }
        return order.map { ($0, found[$0] ?? []) }
    }

    /// The modules held by images `target`'s own image loads (transitively, and its host's
    /// process for a hosted bundle), each with the image that holds it and the loads that reach
    /// that image and the chain inside it: what the target reaches without holding it, and could not link without a
    /// second copy. A loaded image's own targets are left out: linking one loads the image. Empty for a target that is no
    /// image (a package library, a static library), which is linked into its dependants instead.
    package func modulesHeldElsewhere(seenFrom target: TargetID) -> [HeldModule: (image: ImageID, loads: [Load], chain: [GraphNode])] {
        guard let own = imageByTarget[target] else { return [:] }
        var result: [HeldModule: (image: ImageID, loads: [Load], chain: [GraphNode])] = [:]
        for (id, loads) in mappedImages(from: own) where id != own {
            // An image's own targets are the image: declaring one links the image, which is
            // loaded, not copied.
            for holding in image(id)?.holdings ?? [] where holding.chain.count > 1 && result[holding.module] == nil {
                result[holding.module] = (id, loads, holding.chain)
            }
        }
        return result
    }

    /// The modules whose code declaring a dependency would copy into an image: the static
    /// closure of `target` reached through `product` (nothing when that links a dynamic image,
    /// which is loaded instead), or a remote product's modules.
    package func modulesCopied(byLinking destination: DependencyEdge.Destination) -> Set<HeldModule> {
        let walker = Walker(graph: graph, externals: externals, dynamicProducts: dynamicProducts)
        switch destination {
        case .target(let id):
            guard let target = graph.target(id), case .hold = walker.link(target, through: nil) else { return [] }
            return Set(walker.walk(from: [id], image: .target(id)).holdings.map(\.module))
        case .product(let name, let package):
            if let product = graph.package(package)?.products.first(where: { $0.name == name }) {
                let roots = product.targets.map { TargetID(package: package, name: $0) }.filter { graph.target($0) != nil }
                guard !dynamicProducts.contains(ProductKey(package: package, name: name)),
                      roots.allSatisfy({ graph.target($0).map { target in
                          if case .hold = walker.link(target, through: name) { return true }
                          return false
                      } ?? false }) else { return [] }
                return Set(walker.walk(from: roots, image: .product(package: package, name: name)).holdings.map(\.module))
            }
            let modules = externals[ProductKey(package: package, name: name)]?.buildsModules ?? [name]
            return Set(modules.map { HeldModule.remote(package: package, module: $0) })
        }
    }

    // MARK: Duplicate copies

    /// A module whose code two images of one process hold.
    package struct DuplicateCopy: Sendable, Hashable {
        /// What the build makes of it. SwiftPM's build links each copy (the two `.dynamic`
        /// products of one package each link the target they share), and so does Xcode for a
        /// static library or framework of the project. For package products Xcode looks for such
        /// diamonds itself: it builds the shared module as a framework of its own where the
        /// product is automatic, and stops where it is `.static` — unless a target of the
        /// process sets `DISABLE_DIAMOND_PROBLEM_DIAGNOSTIC`, when both copies ship.
        package enum Outcome: Sendable, Hashable {
            /// Both copies are loaded.
            case twoCopies
            /// Xcode builds the module as a framework of its own, one copy: an image nobody
            /// declared, added to the app.
            case xcodeAddsAFramework
            /// Xcode stops the build: the `.static` product named is linked by both images.
            case xcodeStops(product: String)
        }

        /// The image that starts the process.
        package var process: ImageID
        package var module: HeldModule
        package var outcome: Outcome = .twoCopies
        /// Each image holding it, with the loads from the process's root to it and its chain of
        /// static links inside: at least two, sorted by the length of the whole chain.
        package var copies: [Copy]

        package struct Copy: Sendable, Hashable {
            package var image: ImageID
            package var loads: [Load]
            package var chain: [GraphNode]
        }
    }

    /// Every module held twice in one process, per process started (an app, an extension, a
    /// tool, a test runner) — never across two processes: an app and its extension each holding
    /// a copy is footprint, not a defect. Hosted unit-test bundles are not judged: whether Xcode
    /// links a package product into a bundle whose host holds it already depends on its version.
    package func duplicateCopies() -> [DuplicateCopy] {
        // Each process's copies, grouped by module.
        var result: [DuplicateCopy] = []
        for root in images where root.startsProcess {
            var copies: [HeldModule: [DuplicateCopy.Copy]] = [:]
            for (id, loads) in mappedImages(from: root.id) {
                for holding in image(id)?.holdings ?? [] {
                    copies[holding.module, default: []].append(.init(image: id, loads: loads, chain: holding.chain))
                }
            }
            // Whether Xcode builds the process and looks for diamonds itself.
            let mapped = mappedImages(from: root.id).map(\.image)
            let xcodeLooks = root.roots.allSatisfy { graph.target($0)?.productType != nil }
                && !mapped.contains { id in image(id)?.roots.contains { graph.target($0)?.keepsStaticDiamonds == true } == true }
            for (module, held) in copies where held.count > 1 {
                let sorted = held.sorted {
                    ($0.loads.count + $0.chain.count, $0.image) < ($1.loads.count + $1.chain.count, $1.image)
                }
                let outcome = xcodeLooks ? xcodeOutcome(of: module) : .twoCopies
                result.append(DuplicateCopy(process: root.id, module: module, outcome: outcome, copies: sorted))
            }
        }
        return result.sorted { ($0.process, $0.module) < ($1.process, $1.module) }
    }

    /// What Xcode does with a package module two images of one process link statically: a
    /// target of a `.static` product stops the build; any other package module (a product left
    /// automatic, a remote product, whose linkage is not read) is built as a framework of its own.
    /// A static library or framework of the project is linked twice.
    private func xcodeOutcome(of module: HeldModule) -> DuplicateCopy.Outcome {
        switch module {
        case .remote: return .xcodeAddsAFramework
        case .target(let id):
            guard let target = graph.target(id), target.productType == nil else { return .twoCopies }
            if let product = graph.package(id.package)?.products.first(where: { $0.linkage == "static" && $0.targets.contains(id.name) }) {
                return .xcodeStops(product: product.name)
            }
            return .xcodeAddsAFramework
        }
    }

    // MARK: Walking static links

    struct ProductKey: Hashable, Sendable {
        var package: String
        var name: String
    }

    /// The static closure of an image's own targets: what each edge links, as the build does.
    private struct Walker {
        let graph: ModuleGraph
        let externals: [ProductKey: ExternalProduct]
        let dynamicProducts: Set<ProductKey>

        /// Breadth-first from `roots`, so every module keeps its shortest chain; each target is
        /// met once, and a loop in the graph (a cycle the dependency rules report) ends.
        func walk(from roots: [TargetID], image: ImageID) -> (holdings: [Holding], loads: [Load]) {
            var holdings: [Holding] = []
            var loads: [ImageID: Load] = [:]
            var held: Set<HeldModule> = []
            var seen = [Bool](repeating: false, count: graph.targets.count)
            var queue: [(index: Int, chain: [GraphNode])] = []
            for root in roots {
                guard let index = graph.index(of: root), !seen[index] else { continue }
                seen[index] = true
                queue.append((index, [.target(root)]))
                held.insert(.target(root))
                holdings.append(Holding(module: .target(root), chain: [.target(root)]))
            }
            var next = 0
            while next < queue.count {
                let (index, chain) = queue[next]
                next += 1
                let (dependencies, positions) = graph.dependencies(atIndex: index)
                for (dependency, position) in zip(dependencies, positions) {
                    switch dependency.edge.arrival {
                    case .embedded, .hosted, .plugin: continue
                    case .declared, .linked: break
                    }
                    switch dependency.node {
                    case .external(let package, let product):
                        let modules = externals[ProductKey(package: package, name: product)]?.buildsModules ?? [product]
                        for module in modules where held.insert(.remote(package: package, module: module)).inserted {
                            holdings.append(Holding(module: .remote(package: package, module: module), chain: chain + [dependency.node]))
                        }
                    case .target(let id):
                        guard let position else { continue }
                        let target = graph.targets[position]
                        switch link(target, through: dependency.product) {
                        case .none:
                            continue
                        case .load(let loaded):
                            if loaded != image && loads[loaded] == nil { loads[loaded] = Load(image: loaded, via: chain) }
                        case .hold:
                            guard !seen[position] else { continue }
                            seen[position] = true
                            held.insert(.target(id))
                            holdings.append(Holding(module: .target(id), chain: chain + [dependency.node]))
                            queue.append((position, chain + [dependency.node]))
                        }
                    }
                }
            }
            return (holdings, loads.values.sorted { $0.image < $1.image })
        }

        enum Link {
            case none
            case hold
            case load(ImageID)
        }

        /// What linking `target` (through `product`, when the edge names one) does to the image.
        func link(_ target: Target, through product: String?) -> Link {
            // Only libraries are linked: executables, tests, macros and plugins are built or run,
            // a system library is the system's, and a binary target's linkage is not read.
            guard target.kind == .library || target.kind == .cFamily else { return .none }
            if let type = target.productType {
                guard type.isLibrary else { return .none }
                return (target.linkage ?? (type == .staticLibrary ? .static : .dynamic)) == .dynamic ? .load(.target(target.id)) : .hold
            }
            if let product, dynamicProducts.contains(ProductKey(package: target.id.package, name: product)) {
                return .load(.product(package: target.id.package, name: product))
            }
            return .hold
        }
    }
}

extension BinaryImages {
    /// How messages name an image: a target's shown name, `Name (.dynamic product)` for a product.
    package static func name(of image: ImageID, in graph: ModuleGraph) -> String {
        switch image {
        case .target(let id): graph.displayName(id)
        case .product(_, let name): "\(name) (.dynamic product)"
        }
    }

    /// How messages name a held module: its module name.
    package static func moduleName(of module: HeldModule, in graph: ModuleGraph) -> String {
        switch module {
        case .target(let id): graph.moduleName(of: id) ?? id.name
        case .remote(_, let module): module
        }
    }

    /// A chain as people read it, from the process's (or the image's) root to the module:
    /// `Widget → Shared → Networking`, each loaded image by its name.
    package static func chainText(loads: [Load], chain: [GraphNode], in graph: ModuleGraph) -> String {
        var names: [String] = []
        func append(_ name: String) {
            if names.last != name { names.append(name) }
        }
        func nodeName(_ node: GraphNode) -> String {
            switch node {
            case .target(let id): graph.displayName(id)
            case .external(let package, let product): "\(product) (\(package))"
            }
        }
        for load in loads {
            load.via.forEach { append(nodeName($0)) }
            append(name(of: load.image, in: graph))
        }
        chain.forEach { append(nodeName($0)) }
        return names.joined(separator: " → ")
    }
}
