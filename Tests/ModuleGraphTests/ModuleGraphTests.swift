import TestSupport
import Testing
@testable import ModuleGraph

/// A small hand-built graph: app → feature → (interface, core); tests; a local product across
/// packages; a remote product; a name repeated in two packages.
@Suite(.tags(.small)) struct ModuleGraphTests {
    static func id(_ name: String, _ package: String = "app") -> TargetID { TargetID(package: package, name: name) }

    static let graph: ModuleGraph = {
        func target(_ name: String, in package: String = "app", kind: TargetKind = .library, _ dependencies: [DependencyEdge.Destination]) -> Target {
            Target(id: id(name, package), kind: kind, moduleName: name, path: "Sources/\(name)",
                   dependencies: dependencies.map { DependencyEdge($0) })
        }
        return ModuleGraph(
            packages: [
                PackageNode(identity: "app", name: "App", origin: .local(path: "."), dependencies: ["kit", "kingfisher"]),
                PackageNode(identity: "kit", name: "Kit", origin: .local(path: "Kit"),
                            products: [Product(name: "KitProduct", type: "library", linkage: "automatic", targets: ["Core", "Utilities"])]),
                PackageNode(identity: "kingfisher", name: "kingfisher", origin: .remote(url: "https://example.com/Kingfisher.git", requirement: "exact: 8.0.0")),
            ],
            targets: [
                target("App", [.target(id("Feature")), .target(id("Other"))]),
                target("Feature", [.target(id("FeatureInterface")), .product(name: "KitProduct", package: "kit")]),
                target("FeatureInterface", [.product(name: "KitProduct", package: "kit")]),
                target("Other", [.product(name: "Kingfisher", package: "kingfisher")]),
                target("FeatureTests", kind: .test, [.target(id("Feature"))]),
                target("Core", in: "kit", []),
                target("Utilities", in: "kit", [.target(id("Core", "kit"))]),
                target("Other", in: "kit", []),
            ],
            externalProducts: [ExternalProduct(name: "Kingfisher", package: "kingfisher", modules: ["Kingfisher"], isGuess: true)])
    }()

    /// The spelling is the last component of the path or URL, however many slashes end it, and
    /// only when it spells the identity; else the identity.
    @Test(arguments: [
        (PackageNode.Origin.local(path: "Vendor/Kit"), "kit", "Kit"),
        (.local(path: "Vendor/Kit//"), "kit", "Kit"),
        (.local(path: "Kit"), "kit", "Kit"),
        (.local(path: "."), "app", "app"),
        (.local(path: "/"), "app", "app"),
        (.local(path: ""), "app", "app"),
        (.local(path: "Vendor/Kit"), "kit-2", "kit-2"),
        (.local(path: "Vendor/Ünïcode"), "ünïcode", "Ünïcode"),
        (.remote(url: "https://example.com/org/Kingfisher.git", requirement: "exact: 8.0.0"), "kingfisher", "Kingfisher"),
        (.remote(url: "https://example.com/org/Kingfisher/", requirement: "exact: 8.0.0"), "kingfisher", "Kingfisher"),
        (.remote(url: "git@example.com:org/swift-nio.git", requirement: "exact: 2.0.0"), "swift-nio", "swift-nio"),
        (.project(path: "App/App.xcodeproj"), "App", "App"),
    ])
    func aPackageIsSpelledAsItsManifestNamesIt(origin: PackageNode.Origin, identity: String, spelling: String) {
        #expect(PackageNode(identity: identity, name: identity, origin: origin).manifestSpelling == spelling)
    }

    @Test func countsPathsWithoutListingThem() {
        let all = Self.graph.paths(from: Self.id("App"), to: Self.id("Core", "kit"), limit: 1_000).count
        #expect(Self.graph.pathCount(from: Self.id("App"), to: Self.id("Core", "kit")) == all)
        #expect(Self.graph.pathCount(from: Self.id("Core", "kit"), to: Self.id("App")) == 0)
        // An import back from Core to Feature closes a cycle: simple paths are not counted.
        #expect(Self.graph.pathCount(from: Self.id("App"), to: Self.id("Core", "kit"), importEdges: [Self.id("Core", "kit"): [Self.id("Feature")]]) == nil)
    }

    @Test func expandsLocalProductsToTheirTargets() {
        let nodes = Self.graph.dependencies(of: Self.id("Feature")).map(\.node)
        #expect(nodes == [.target(Self.id("FeatureInterface")), .target(Self.id("Core", "kit")), .target(Self.id("Utilities", "kit"))].sorted())
        let viaProduct = Self.graph.dependencies(of: Self.id("Feature")).filter { $0.product == "KitProduct" }
        #expect(viaProduct.count == 2)
    }

    @Test func keepsRemoteProductsAsExternalNodes() {
        let dependency = Self.graph.dependencies(of: Self.id("Other")).first
        #expect(dependency?.node == .external(package: "kingfisher", product: "Kingfisher"))
        #expect(dependency?.isGuess == true)
    }

    @Test func answersDependantsAndClosures() {
        #expect(Self.graph.dependants(of: Self.id("Core", "kit")) == [Self.id("Feature"), Self.id("FeatureInterface"), Self.id("Utilities", "kit")])
        #expect(Self.graph.reverseClosure(of: [Self.id("Core", "kit")]) == [
            Self.id("Core", "kit"), Self.id("Utilities", "kit"), Self.id("FeatureInterface"), Self.id("Feature"),
            Self.id("FeatureTests"), Self.id("App"),
        ])
        #expect(Self.graph.closure(of: [Self.id("FeatureInterface")]) == [Self.id("FeatureInterface"), Self.id("Core", "kit"), Self.id("Utilities", "kit")])
    }

    @Test func limitsReachabilityByDepth() {
        let reached = Self.graph.reachable(from: [Self.id("App")], direction: .dependencies, maximumDepth: 1)
        #expect(reached == [Self.id("App"): 0, Self.id("Feature"): 1, Self.id("Other"): 1])
    }

    @Test func findsTargetsByNameOrPackageQualifiedName() {
        #expect(Self.graph.targets(named: "Other").map(\.id) == [Self.id("Other"), Self.id("Other", "kit")])
        #expect(Self.graph.targets(named: "kit/Other").map(\.id) == [Self.id("Other", "kit")])
        #expect(Self.graph.targets(named: "Missing").isEmpty)
        #expect(Self.graph.displayName(Self.id("Other", "kit")) == "kit/Other")
        #expect(Self.graph.displayName(Self.id("Feature")) == "Feature")
    }

    @Test func listsPathsShortestFirstThenByName() {
        let paths = Self.graph.paths(from: Self.id("App"), to: Self.id("Core", "kit"), limit: 10)
        #expect(paths.map { $0.targets.map(\.name) } == [
            ["App", "Feature", "Core"],
            ["App", "Feature", "FeatureInterface", "Core"],
            ["App", "Feature", "Utilities", "Core"],
            ["App", "Feature", "FeatureInterface", "Utilities", "Core"],
        ])
        #expect(paths.allSatisfy { $0.hops.allSatisfy { $0 == .manifest } })
        #expect(Self.graph.paths(from: Self.id("App"), to: Self.id("Core", "kit"), limit: 2).count == 2)
        #expect(Self.graph.paths(from: Self.id("Core", "kit"), to: Self.id("App")).isEmpty)
    }

    @Test func labelsImportOnlyHops() {
        let paths = Self.graph.paths(from: Self.id("Other"), to: Self.id("Core", "kit"), importEdges: [Self.id("Other"): [Self.id("Core", "kit")]])
        #expect(paths.map(\.hops) == [[.sourceImport]])
        let both = Self.graph.paths(from: Self.id("App"), to: Self.id("Feature"), importEdges: [Self.id("App"): [Self.id("Feature")]])
        #expect(both.first?.hops == [[.manifest, .sourceImport]])
    }

    @Test func pathSearchStaysBoundedOnADenseGraph() {
        // 30 layers of 4 targets, each depending on every target of the next layer: 4^29 paths.
        var targets: [Target] = []
        for layer in 0..<30 {
            for column in 0..<4 {
                let next = layer < 29 ? (0..<4).map { DependencyEdge(.target(Self.id("L\(layer + 1)C\($0)"))) } : []
                targets.append(Target(id: Self.id("L\(layer)C\(column)"), kind: .library, moduleName: "L\(layer)C\(column)", path: "", dependencies: next))
            }
        }
        let dense = ModuleGraph(packages: [PackageNode(identity: "app", name: "App", origin: .local(path: "."))], targets: targets)
        let paths = dense.paths(from: Self.id("L0C0"), to: Self.id("L29C3"), limit: 25)
        #expect(paths.count == 25)
        #expect(paths.allSatisfy { $0.targets.count == 30 })
    }
}
