import ImportScanning
import ModuleGraph
import Testing
@testable import Rules

/// `canImport` of a module no target builds on a platform is false there.
@Suite(.tags(.small)) struct UnbuiltModulesTests {
    static func target(_ name: String, kind: TargetKind = .library, dependencies: [DependencyEdge] = []) -> Target {
        Target(id: TargetID(package: "p", name: name), kind: kind, moduleName: name, path: "Sources/\(name)", dependencies: dependencies)
    }

    static let graph: ModuleGraph = {
        let package = PackageNode(identity: "p", name: "P", origin: .local(path: "."), toolsVersion: "6.0")
        let app = target("App", dependencies: [
            DependencyEdge(.product(name: "LinuxOnly", package: "remote"), condition: DependencyCondition(platforms: ["linux"])),
            DependencyEdge(.product(name: "Everywhere", package: "remote")),
        ])
        return ModuleGraph(packages: [package], targets: [app], externalProducts: [
            ExternalProduct(name: "LinuxOnly", package: "remote", modules: ["LinuxOnly"], isGuess: false),
            ExternalProduct(name: "Everywhere", package: "remote", modules: ["Everywhere"], isGuess: false),
        ])
    }()

    @Test func aModuleReachedOnlyForAnotherPlatformIsNotImportable() throws {
        let app = try #require(Self.graph.targets.first)
        let builds = [PlatformBuild(.ios, .debug), PlatformBuild(.linux, .debug)]
        let unbuilt = UnbuiltModules.byBuild(graph: Self.graph, builds: builds)
        #expect(unbuilt[builds[0]] == ["LinuxOnly"])
        #expect(unbuilt[builds[1]] == [])
        let environments = TargetBuilds(target: app, graph: Self.graph, builds: builds, unbuilt: unbuilt).environments
        #expect(environments[0].variants.allSatisfy { $0.evaluate("canImport(LinuxOnly)") == false })
        #expect(environments[1].variants.allSatisfy { $0.evaluate("canImport(LinuxOnly)") == true })
        #expect(environments[0].variants.allSatisfy { $0.evaluate("canImport(Everywhere)") == true })
        // A module the graph does not know stays undecided.
        #expect(environments[0].variants.allSatisfy { $0.evaluate("canImport(Elsewhere)") == nil })
    }

    /// Macros run on the host: what they depend on is built whatever the condition says, and a
    /// product that may build modules the graph does not know leaves every external module open.
    @Test func macrosAndUncertainProductsKeepModulesOpen() {
        let package = PackageNode(identity: "p", name: "P", origin: .local(path: "."), toolsVersion: "6.0")
        let macro = Self.target("Macros", kind: .macro, dependencies: [
            DependencyEdge(.product(name: "Syntax", package: "remote"), condition: DependencyCondition(platforms: ["macos"])),
        ])
        let graph = ModuleGraph(packages: [package], targets: [macro], externalProducts: [
            ExternalProduct(name: "Syntax", package: "remote", modules: ["Syntax"], isGuess: false),
        ])
        #expect(UnbuiltModules.byBuild(graph: graph, builds: [PlatformBuild(.ios, .debug)])[PlatformBuild(.ios, .debug)] == [])
        let guessing = ModuleGraph(packages: [package], targets: [Self.target("App", dependencies: [
            DependencyEdge(.product(name: "Guess", package: "remote")),
        ])], externalProducts: [
            ExternalProduct(name: "Guess", package: "remote", modules: ["Guess"], isGuess: true),
            ExternalProduct(name: "Other", package: "remote", modules: ["Other"], isGuess: false),
        ])
        #expect(UnbuiltModules.byBuild(graph: guessing, builds: [PlatformBuild(.ios, .debug)])[PlatformBuild(.ios, .debug)] == [])
    }
    /// One walk serves every platform that decides the platform lists it met alike: the answers
    /// equal a walk per platform, with no conditions, with conditions for some platforms, and
    /// with lists that name platforms the builds do not have.
    @Test(arguments: [[String]?.none, ["linux"], ["ios", "macos"], ["windows"], ["ios", "linux"]])
    func oneWalkPerDistinctAnswerEqualsAWalkPerPlatform(platforms: [String]?) {
        let package = PackageNode(identity: "p", name: "P", origin: .local(path: "."), toolsVersion: "6.0")
        let condition = platforms.map { DependencyCondition(platforms: $0) }
        let graph = ModuleGraph(packages: [package], targets: [
            Self.target("App", dependencies: [
                DependencyEdge(.target(TargetID(package: "p", name: "Feature")), condition: condition),
                DependencyEdge(.product(name: "Remote", package: "remote"), condition: condition),
            ]),
            Self.target("Feature", dependencies: [DependencyEdge(.product(name: "Other", package: "remote"), condition: DependencyCondition(platforms: ["macos"]))]),
        ], externalProducts: [
            ExternalProduct(name: "Remote", package: "remote", modules: ["Remote"], isGuess: false),
            ExternalProduct(name: "Other", package: "remote", modules: ["Other"], isGuess: false),
        ])
        let builds = PlatformBuild.all(platforms: [.ios, .macos, .tvos, .linux], configurations: [.debug, .release])
        let byBuild = UnbuiltModules.byBuild(graph: graph, builds: builds)
        var graphModules = Set(graph.targets.map(\.moduleName))
        for product in graph.externalProducts { graphModules.formUnion(product.buildsModules) }
        let products = Dictionary(uniqueKeysWithValues: graph.externalProducts.map { ($0.package + "/" + $0.name, $0) })
        var answers: Set<Set<String>> = []
        for build in builds {
            let walked = UnbuiltModules.unbuilt(on: build.platform, graph: graph, graphModules: graphModules, products: products)
            #expect(byBuild[build] == walked, "\(build)")
            answers.insert(walked)
        }
        #expect(answers.count >= 2)  // the platforms' answers differ (Other is built for macOS only)
    }
}
