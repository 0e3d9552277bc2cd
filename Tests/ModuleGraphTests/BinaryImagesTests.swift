import TestSupport
import Testing
@testable import ModuleGraph

/// The link graph on hand-built graphs: an Xcode project "app" over a local package "kit" and a
/// remote package "promises".
@Suite(.tags(.small)) struct BinaryImagesTests {
    static func app(_ name: String) -> TargetID { TargetID(package: "app.xcodeproj", name: name) }
    static func kit(_ name: String) -> TargetID { TargetID(package: "kit", name: name) }

    static func project(_ name: String, _ type: ProjectProductType, linkage: Linkage? = nil, host: String? = nil,
                        _ dependencies: [DependencyEdge]) -> Target {
        Target(id: app(name), kind: type.targetKind, moduleName: name, path: name, sources: ["\(name).swift"], dependencies: dependencies,
               productType: type, testHost: host, linkage: linkage ?? (type.isLibrary ? (type == .staticLibrary ? .static : .dynamic) : nil))
    }

    static func package(_ name: String, kind: TargetKind = .library, _ dependencies: [DependencyEdge.Destination] = []) -> Target {
        Target(id: kit(name), kind: kind, moduleName: name, path: "Sources/\(name)", sources: ["\(name).swift"],
               dependencies: dependencies.map { DependencyEdge($0) })
    }

    static func product(_ name: String, _ package: String = "kit") -> DependencyEdge { DependencyEdge(.product(name: name, package: package)) }
    static func target(_ name: String) -> DependencyEdge { DependencyEdge(.target(app(name))) }

    static func graph(_ targets: [Target], products: [Product] = [Product(name: "Networking", type: "library", linkage: "automatic", targets: ["Networking"])]) -> ModuleGraph {
        ModuleGraph(
            packages: [
                PackageNode(identity: "app.xcodeproj", name: "App", origin: .project(path: "App.xcodeproj"), dependencies: ["kit", "promises"]),
                PackageNode(identity: "kit", name: "Kit", origin: .local(path: "Kit"), products: products, dependencies: ["promises"]),
                PackageNode(identity: "promises", name: "promises", origin: .remote(url: "https://example.com/promises.git", requirement: "exact: 2.0.0")),
            ],
            targets: targets,
            externalProducts: [ExternalProduct(name: "Promises", package: "promises", modules: ["Promises"], isGuess: false)])
    }

    static func text(_ duplicate: BinaryImages.DuplicateCopy, in graph: ModuleGraph) -> [String] {
        duplicate.copies.map { BinaryImages.chainText(loads: $0.loads, chain: $0.chain, in: graph) }
    }

    /// The diamond: the app links Networking statically and embeds Shared, a dynamic framework
    /// that links it statically too.
    @Test func anAppAndTheFrameworkItLoadsEachHoldingAModuleAreOneDuplicate() throws {
        let graph = Self.graph([
            Self.project("App", .application, [Self.product("Networking"), Self.target("Shared")]),
            Self.project("Shared", .framework, [Self.product("Networking")]),
            Self.package("Networking"),
        ])
        let images = BinaryImages(graph: graph)
        let duplicates = images.duplicateCopies()
        #expect(duplicates.count == 1)
        let duplicate = try #require(duplicates.first)
        #expect(duplicate.process == .target(Self.app("App")))
        #expect(duplicate.module == .target(Self.kit("Networking")))
        #expect(Self.text(duplicate, in: graph) == ["App → Networking", "App → Shared → Networking"])
        // An automatic product in an Xcode build: Xcode builds it as a framework of its own.
        #expect(duplicate.outcome == .xcodeAddsAFramework)
        // Shared is loaded, not started: it is no process of its own.
        #expect(images.image(of: Self.app("Shared"))?.startsProcess == false)
        #expect(images.image(of: Self.app("Networking")) == nil)
    }

    /// What Xcode makes of the diamond: a `.static` product stops the build; with its diamond
    /// check silenced both copies ship; a static library of the project is linked twice.
    @Test func whatXcodeMakesOfADiamond() {
        func outcome(products: [Product] = [Product(name: "Networking", type: "library", linkage: "automatic", targets: ["Networking"])],
                     silenced: Bool = false, projectLibrary: Bool = false) -> BinaryImages.DuplicateCopy.Outcome? {
            var app = Self.project("App", .application, [Self.product("Networking"), Self.target("Shared")])
            app.keepsStaticDiamonds = silenced
            let networking = projectLibrary ? Self.project("Networking", .staticLibrary, []) : Self.package("Networking")
            var targets = [app, Self.project("Shared", .framework, [Self.product("Networking")]), networking]
            if projectLibrary {
                targets[0].dependencies = [Self.target("Networking"), Self.target("Shared")]
                targets[1].dependencies = [Self.target("Networking")]
            }
            return BinaryImages(graph: Self.graph(targets, products: products)).duplicateCopies().first?.outcome
        }
        #expect(outcome() == .xcodeAddsAFramework)
        #expect(outcome(products: [Product(name: "Networking", type: "library", linkage: "static", targets: ["Networking"])]) == .xcodeStops(product: "Networking"))
        #expect(outcome(silenced: true) == .twoCopies)
        #expect(outcome(projectLibrary: true) == .twoCopies)
    }

    /// A static framework is copied into the app: one image, one copy.
    @Test func aStaticFrameworkIsHeldByItsLinkerNotLoaded() {
        let graph = Self.graph([
            Self.project("App", .application, [Self.product("Networking"), Self.target("Shared")]),
            Self.project("Shared", .framework, linkage: .static, [Self.product("Networking")]),
            Self.package("Networking"),
        ])
        let images = BinaryImages(graph: graph)
        #expect(images.duplicateCopies().isEmpty)
        #expect(images.image(of: Self.app("App"))?.holdings.map(\.module) == [.target(Self.app("App")), .target(Self.app("Shared")), .target(Self.kit("Networking"))])
    }

    /// An app and its extension each holding a copy are two processes: footprint, no duplicate.
    @Test func twoProcessesEachHoldingACopyAreNoDuplicate() {
        let graph = Self.graph([
            Self.project("App", .application, [Self.product("Networking"), DependencyEdge(.target(Self.app("Widget")), arrival: .embedded)]),
            Self.project("Widget", .appExtension, [Self.product("Networking")]),
            Self.package("Networking"),
        ])
        let images = BinaryImages(graph: graph)
        #expect(images.duplicateCopies().isEmpty)
        for name in ["App", "Widget"] {
            #expect(images.image(of: Self.app(name))?.holdings.contains { $0.module == .target(Self.kit("Networking")) } == true, "\(name)")
        }
    }

    /// Two `.dynamic` products of one package sharing a target, used by one executable.
    @Test func twoDynamicProductsSharingATargetAreADuplicateInTheirUser() throws {
        let graph = Self.graph([
            Self.project("Tool", .tool, [Self.product("NetworkKit"), Self.product("StoreKit2")]),
            Self.package("Networking"),
            Self.package("Store", [.target(Self.kit("Networking"))]),
        ], products: [
            Product(name: "NetworkKit", type: "library", linkage: "dynamic", targets: ["Networking"]),
            Product(name: "StoreKit2", type: "library", linkage: "dynamic", targets: ["Store"]),
        ])
        let images = BinaryImages(graph: graph)
        let duplicate = try #require(images.duplicateCopies().first)
        #expect(images.duplicateCopies().count == 1)
        #expect(duplicate.outcome == .xcodeAddsAFramework)
        #expect(duplicate.module == .target(Self.kit("Networking")))
        #expect(Self.text(duplicate, in: graph) == ["Tool → NetworkKit (.dynamic product) → Networking", "Tool → StoreKit2 (.dynamic product) → Store → Networking"])
    }

    /// A remote static library in the app and in the framework it embeds; then the fix: a local
    /// `.dynamic` product that holds it, linked by both instead.
    @Test func aRemoteLibraryInAnAppAndItsFrameworkThenInOneDynamicProduct() {
        let before = Self.graph([
            Self.project("App", .application, [Self.product("Promises", "promises"), Self.target("Shared")]),
            Self.project("Shared", .framework, [Self.product("Promises", "promises")]),
        ])
        #expect(BinaryImages(graph: before).duplicateCopies().map(\.module) == [.remote(package: "promises", module: "Promises")])
        let after = Self.graph([
            Self.project("App", .application, [Self.product("PromisesDynamic"), Self.target("Shared")]),
            Self.project("Shared", .framework, [Self.product("PromisesDynamic")]),
            Self.package("PromisesDynamic", [.product(name: "Promises", package: "promises")]),
        ], products: [Product(name: "PromisesDynamic", type: "library", linkage: "dynamic", targets: ["PromisesDynamic"])])
        let images = BinaryImages(graph: after)
        #expect(images.duplicateCopies().isEmpty)
        #expect(images.image(.product(package: "kit", name: "PromisesDynamic"))?.holdings.map(\.module)
            == [.target(Self.kit("PromisesDynamic")), .remote(package: "promises", module: "Promises")])
    }

    /// A hosted unit-test bundle is loaded into its host's process: what the host holds, even
    /// through a framework it loads, the bundle reaches.
    @Test func aHostedBundleReachesWhatItsHostsProcessHolds() {
        let graph = Self.graph([
            Self.project("App", .application, [Self.target("Feature")]),
            Self.project("Feature", .framework, [Self.product("Networking")]),
            Self.package("Networking"),
            Self.project("AppTests", .unitTestBundle, host: "App", [DependencyEdge(.target(Self.app("App")), arrival: .hosted)]),
        ])
        let images = BinaryImages(graph: graph)
        #expect(images.image(of: Self.app("AppTests"))?.host == .target(Self.app("App")))
        #expect(images.image(of: Self.app("AppTests"))?.startsProcess == false)
        #expect(images.mappedImages(from: .target(Self.app("AppTests"))).map(\.image)
            == [.target(Self.app("AppTests")), .target(Self.app("App")), .target(Self.app("Feature"))])
        let elsewhere = images.modulesHeldElsewhere(seenFrom: Self.app("AppTests"))
        #expect(elsewhere[.target(Self.kit("Networking"))]?.image == .target(Self.app("Feature")))
        // The host's own code and the framework's own target are images: linking them loads them.
        #expect(elsewhere[.target(Self.app("Feature"))] == nil)
    }

    /// Edges that embed, host or apply a plugin link nothing; a cycle ends.
    @Test func onlyLinkingEdgesAreWalkedAndACycleEnds() {
        let graph = Self.graph([
            Self.project("App", .application, [Self.product("Networking"), DependencyEdge(.target(Self.app("Widget")), arrival: .embedded)]),
            Self.project("Widget", .appExtension, []),
            Self.package("Networking", [.target(Self.kit("Loop"))]),
            Self.package("Loop", [.target(Self.kit("Networking"))]),
        ])
        let holdings = BinaryImages(graph: graph).image(of: Self.app("App"))?.holdings.map(\.module)
        #expect(holdings == [.target(Self.app("App")), .target(Self.kit("Networking")), .target(Self.kit("Loop"))])
    }

    /// `MACH_O_TYPE` as Xcode reads it.
    @Test func machOTypes() {
        #expect(Linkage(machOType: "staticlib") == .static)
        #expect(Linkage(machOType: "mh_dylib") == .dynamic)
        #expect(Linkage(machOType: "mh_bundle") == nil)
    }
}
