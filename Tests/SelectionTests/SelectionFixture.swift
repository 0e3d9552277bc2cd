import Formats
import Foundation
import ModuleGraph
import Selection

/// A small repository as plain values: the app package at `/repo` (App → Feature →
/// FeatureInterface, Images on the remote Kingfisher, two test targets) and the local `Kit`
/// package at `/repo/Kit` (Core ← Utilities, CoreTests), whose product Feature uses.
enum SelectionFixture {
    static func id(_ name: String, _ package: String = "app") -> TargetID { TargetID(package: package, name: name) }

    static let graph: ModuleGraph = {
        func target(_ name: String, in package: String = "app", kind: TargetKind = .library, _ dependencies: [DependencyEdge.Destination]) -> Target {
            Target(id: id(name, package), kind: kind, moduleName: name, path: (kind == .test ? "Tests/" : "Sources/") + name,
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
                target("App", [.target(id("Feature"))]),
                target("Feature", [.target(id("FeatureInterface")), .product(name: "KitProduct", package: "kit")]),
                target("FeatureInterface", []),
                target("Images", [.product(name: "Kingfisher", package: "kingfisher")]),
                target("FeatureTests", kind: .test, [.target(id("Feature"))]),
                target("ImagesTests", kind: .test, [.target(id("Images"))]),
                target("Core", in: "kit", []),
                target("Utilities", in: "kit", [.target(id("Core", "kit"))]),
                target("CoreTests", in: "kit", kind: .test, [.target(id("Core", "kit"))]),
            ],
            externalProducts: [ExternalProduct(name: "Kingfisher", package: "kingfisher", modules: ["Kingfisher"], isGuess: true)])
    }()

    static let layout = RepositoryLayout(top: "/repo", packageFolders: ["app": "/repo", "kit": "/repo/Kit"])

    static func classify(_ changes: [FileChange], ignoring globs: [String] = ["**/*.md"]) -> [PlacedPath] {
        PathClassifier(graph: graph, layout: layout, ignores: globs.map(Glob.init)).classify(changes)
    }

    /// A `dump-package` output of the app package, evaluated in `folder`, with these targets.
    static func appDump(targets: String, products: String = "[]", platforms: String = "[]", kitPath: String = "/repo/Kit", in folder: String = "/repo")
        -> ManifestVersion {
        let json = """
        {"name":"App","packageKind":{"root":["\(folder)"]},"platforms":\(platforms),"products":\(products),
         "dependencies":[{"fileSystem":[{"identity":"kit","path":"\(kitPath)"}]},
                         {"sourceControl":[{"identity":"kingfisher","requirement":{"exact":["8.0.0"]}}]}],
         "targets":\(targets)}
        """
        return ManifestVersion(dump: Data(json.utf8), folder: folder)
    }

    /// The app's targets as its manifest declares them today.
    static let appTargets = """
    [{"name":"App","type":"executable","dependencies":[{"byName":["Feature",null]}]},
     {"name":"Feature","type":"regular","dependencies":[{"byName":["FeatureInterface",null]},{"product":["KitProduct","kit",null,null]}]},
     {"name":"FeatureInterface","type":"regular","dependencies":[]},
     {"name":"Images","type":"regular","dependencies":[{"product":["Kingfisher","kingfisher",null,null]}]},
     {"name":"FeatureTests","type":"test","dependencies":[{"byName":["Feature",null]}]},
     {"name":"ImagesTests","type":"test","dependencies":[{"byName":["Images",null]}]}]
    """
}
