import ModuleGraph
import Selection
import Testing

/// What an Xcode target owns besides the Swift it compiles (its `resources`: what its build
/// phases and path settings name, the `.xcconfig` files it reads, a test bundle's folder), placed
/// by `TargetOwnership`: a change there is that target's, not "outside every target".
@Suite(.tags(.small)) struct ProjectOwnershipTests {
    static let project = "shop.xcodeproj"

    static func id(_ name: String) -> TargetID { TargetID(package: project, name: name) }

    static func target(_ name: String, kind: TargetKind = .executable, path: String, sources: [String], resources: [String] = []) -> Target {
        var target = Target(id: id(name), kind: kind, moduleName: name, path: path, sources: sources, resources: resources)
        target.productType = kind == .test ? .unitTestBundle : .application
        return target
    }

    /// The app compiles `Shop/Sources`; its resources, `Info.plist` and `.xcconfig` lie beside
    /// that folder, the widget shares the asset catalog, and the tests' folder holds a nested
    /// UI-test folder of its own.
    static let ownership: TargetOwnership = {
        let graph = ModuleGraph(
            packages: [PackageNode(identity: project, name: "Shop", origin: .project(path: "Shop.xcodeproj"))],
            targets: [
                target("Shop", path: "Shop/Sources", sources: ["ShopApp.swift"],
                       resources: ["Shop/Info.plist", "Shop/Resources/fr.lproj/Localizable.strings", "Shared/Assets.xcassets", "Configuration/Shop.xcconfig"]),
                target("Widget", path: "Widget", sources: ["Widget.swift"], resources: ["Shared/Assets.xcassets", "Configuration/Shared.xcconfig"]),
                target("ShopTests", kind: .test, path: "Tests", sources: ["ShopTests.swift"], resources: ["Tests"]),
                target("ShopUITests", kind: .test, path: "Tests/UI", sources: ["ShopUITests.swift"], resources: ["Tests/UI"]),
            ])
        return TargetOwnership(graph: graph, layout: RepositoryLayout(top: "/repo", packageFolders: [project: "/repo"],
                                                                      projectFiles: ["/repo/Shop.xcodeproj/project.pbxproj": project]))
    }()

    @Test(arguments: [
        ("Shop/Info.plist", ["Shop"]),
        ("Shop/Resources/fr.lproj/Localizable.strings", ["Shop"]),
        ("Configuration/Shop.xcconfig", ["Shop"]),
        ("Configuration/Shared.xcconfig", ["Widget"]),
        // A folder the project names (an asset catalog) owns what is below it, for each target.
        ("Shared/Assets.xcassets/AccentColor.colorset/Contents.json", ["Shop", "Widget"]),
        ("Tests/__Snapshots__/ShopTests/opens.1.png", ["ShopTests"]),
        // The nearest folder speaks: the UI tests' own, inside the unit tests'.
        ("Tests/UI/__Snapshots__/launch.png", ["ShopUITests"]),
    ])
    func aFileTheProjectNamesIsItsTargets(path: String, owners: [String]) {
        #expect(Self.ownership.owners(of: "/repo/" + path) == owners.map(Self.id))
    }

    @Test(arguments: ["Gemfile", "Shop/Resources/de.lproj/Localizable.strings", "Configuration/Unused.xcconfig", "Shared/Other.png"])
    func aFileNoTargetNamesIsOutsideEveryTarget(path: String) {
        #expect(Self.ownership.owners(of: "/repo/" + path) == [])
    }

    /// A package below a folder a project target owns keeps its own files: the deepest owner wins.
    @Test func aPackageTargetBelowAnOwnedFolderKeepsItsFiles() {
        let graph = ModuleGraph(
            packages: [PackageNode(identity: Self.project, name: "Shop", origin: .project(path: "Shop.xcodeproj")),
                       PackageNode(identity: "fixture", name: "Fixture", origin: .local(path: "Tests/Fixture"))],
            targets: [
                Self.target("ShopTests", kind: .test, path: "Tests", sources: ["ShopTests.swift"], resources: ["Tests"]),
                Target(id: TargetID(package: "fixture", name: "Fixture"), kind: .library, moduleName: "Fixture", path: "Sources/Fixture"),
            ])
        let ownership = TargetOwnership(graph: graph, layout: RepositoryLayout(top: "/repo", packageFolders: [Self.project: "/repo", "fixture": "/repo/Tests/Fixture"]))
        #expect(ownership.owners(of: "/repo/Tests/Fixture/Sources/Fixture/F.swift") == [TargetID(package: "fixture", name: "Fixture")])
        #expect(ownership.owners(of: "/repo/Tests/data.json") == [Self.id("ShopTests")])
    }
}
