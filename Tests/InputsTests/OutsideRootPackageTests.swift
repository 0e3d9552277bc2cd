import Foundation
import ModuleGraph
import TestSupport
import Testing
@testable import PackageLoading
@testable import FileAccess

/// Issue 24 for packages, through the real toolchain: a `.package(path:)` outside the root is not
/// loaded, and a target's sources that lead outside (a folder or a file that is a symbolic link
/// out) are not scanned; `workspace.include` reads them on purpose.
@Suite(.tags(.medium)) struct OutsideRootPackageTests {
    static func manifest(_ body: String) -> String {
        "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(\(body))\n"
    }

    static func load(_ folder: RootBesideOutside, includes: [String] = []) throws -> LoadedGraph {
        let rules = DiscoveryRules(includedOutside: { fromRoot, _ in includes.contains { fromRoot == $0 || fromRoot.hasPrefix($0 + "/") } })
        return try PackageGraphLoader().load(root: folder.root, narrowedTo: nil, rules: rules, relativeTo: folder.root)
    }

    static func sources(_ loaded: LoadedGraph, _ target: String) -> [String]? {
        loaded.graph.targets.first { $0.name == target }?.sources
    }

    @Test func aPathDependencyOutsideTheRootIsNotLoadedUnlessIncluded() throws {
        let folder = try RootBesideOutside()
        defer { folder.remove() }
        try folder.write("root/Package.swift", Self.manifest("""
            name: "App",
                dependencies: [.package(path: "../outside")],
                targets: [.target(name: "App", dependencies: [.product(name: "Leaky", package: "outside")])]
            """))
        try folder.write("root/Sources/App/App.swift", "import Leaky\n")
        try folder.write("outside/Package.swift", Self.manifest(#"name: "outside", products: [.library(name: "Leaky", targets: ["Leaky"])], targets: [.target(name: "Leaky", path: ".", sources: ["Secret.swift"])]"#))

        let refused = try Self.load(folder)
        #expect(refused.graph.packages.filter(\.isLocal).map(\.identity) == ["root"])
        #expect(Self.sources(refused, "Leaky") == nil)
        #expect(refused.warnings.map(\.text).contains { $0.hasPrefix("Package.swift:4: outside-root: .package(path: \"../outside\") is \(folder.outside), outside the root; it is not read (name '../outside' in workspace.include") },
                "\(refused.warnings.map(\.text))")

        let included = try Self.load(folder, includes: ["../outside"])
        #expect(Self.sources(included, "Leaky") == ["Secret.swift"])
        #expect(!included.warnings.map(\.text).contains { $0.contains("outside-root") }, "\(included.warnings.map(\.text))")
    }

    @Test func aTargetFolderThatLinksOutIsNotScanned() throws {
        let folder = try RootBesideOutside()
        defer { folder.remove() }
        try folder.write("root/Package.swift", Self.manifest(#"name: "App", targets: [.target(name: "App"), .target(name: "Linked")]"#))
        try folder.write("root/Sources/App/App.swift", "let app = 1\n")
        try folder.link("root/Sources/Linked", to: folder.outside)
        let loaded = try Self.load(folder)
        #expect(Self.sources(loaded, "App") == ["App.swift"])
        #expect(Self.sources(loaded, "Linked") == [])
        #expect(loaded.warnings.map(\.text).contains { $0.hasPrefix("Package.swift: outside-root: the folder '") && $0.contains("of target 'Linked' is \(folder.outside), outside the root") },
                "\(loaded.warnings.map(\.text))")
        #expect(SourceScan.scan(loaded).sources.values.joined().map(\.path).allSatisfy { !$0.contains("outside") })
    }

    @Test func aSourceFileThatLinksOutIsNotScannedAndOneThatStaysInsideIs() throws {
        let folder = try RootBesideOutside()
        defer { folder.remove() }
        try folder.write("root/Package.swift", Self.manifest(#"name: "App", targets: [.target(name: "App")]"#))
        try folder.write("root/Sources/App/App.swift", "let app = 1\n")
        try folder.write("root/Shared/Real.swift", "let real = 1\n")
        try folder.link("root/Sources/App/Leak.swift", to: folder.outside + "/Secret.swift")
        try folder.link("root/Sources/App/Alias.swift", to: "../../Shared/Real.swift")
        let loaded = try Self.load(folder)
        #expect(Self.sources(loaded, "App") == ["Alias.swift", "App.swift"])
        #expect(loaded.warnings.map(\.text).contains { $0.hasPrefix("Package.swift: outside-root: the source 'Sources/App/Leak.swift' of target 'App' is \(folder.outside)/Secret.swift") },
                "\(loaded.warnings.map(\.text))")

        let included = try Self.load(folder, includes: ["../outside"])
        #expect(Self.sources(included, "App") == ["Alias.swift", "App.swift", "Leak.swift"])
    }

    /// From 32 targets on, the targets are confined on every core, each worker with its own
    /// memo of folders: what leaks is refused whichever worker takes its target, the first, a
    /// middle and the last target alike, and every other target keeps all its sources.
    @Test func manyTargetsAreConfinedAsFewAre() throws {
        let folder = try RootBesideOutside()
        defer { folder.remove() }
        let names = (0..<40).map { "Module\($0)" }
        try folder.write("root/Package.swift", Self.manifest("name: \"App\", targets: [" + names.map { ".target(name: \"\($0)\")" }.joined(separator: ", ") + "]"))
        for name in names where name != "Module20" {
            try folder.write("root/Sources/\(name)/\(name).swift", "let value = 1\n")
        }
        try folder.link("root/Sources/Module0/Leak.swift", to: folder.outside + "/Secret.swift")
        try folder.link("root/Sources/Module20", to: folder.outside)
        try folder.link("root/Sources/Module39/Leak.swift", to: folder.outside + "/Secret.swift")
        let loaded = try Self.load(folder)
        for name in names {
            #expect(Self.sources(loaded, name) == (name == "Module20" ? [] : ["\(name).swift"]), "\(name)")
        }
        let warnings = loaded.warnings.map(\.text).filter { $0.contains("outside-root") }
        #expect(warnings.count == 3, "\(warnings)")
        #expect(warnings == warnings.sorted())
        #expect(warnings.contains { $0.contains("the source 'Sources/Module0/Leak.swift' of target 'Module0'") })
        #expect(warnings.contains { $0.contains("the folder 'Sources/Module20' of target 'Module20'") })
        #expect(warnings.contains { $0.contains("the source 'Sources/Module39/Leak.swift' of target 'Module39'") })
    }

    /// An Xcode project's local package reference and a workspace's project outside the root.
    @Test func projectAndWorkspaceReferencesOutsideTheRootAreNotLoaded() throws {
        let folder = try RootBesideOutside()
        defer { folder.remove() }
        try folder.write("outside/Package.swift", Self.manifest(#"name: "outside", products: [.library(name: "Leaky", targets: ["Leaky"])], targets: [.target(name: "Leaky", path: ".", sources: ["Secret.swift"])]"#))
        try folder.write("outside/Other.xcodeproj/project.pbxproj", RootBesideOutside.project(objects: """
            Y = { isa = PBXFileSystemSynchronizedRootGroup; path = Nested; sourceTree = "<group>"; };
            """, folders: ["Y"]))
        try folder.write("root/App.xcodeproj/project.pbxproj", RootBesideOutside.project(objects: """
            R = { isa = XCLocalSwiftPackageReference; relativePath = ../outside; };
            D = { isa = XCSwiftPackageProductDependency; package = R; productName = Leaky; };
            """).replacingOccurrences(of: "fileSystemSynchronizedGroups = ();", with: "fileSystemSynchronizedGroups = (); packageProductDependencies = (D);"))
        try folder.write("root/All.xcworkspace/contents.xcworkspacedata", """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace version = "1.0">
               <FileRef location = "group:App.xcodeproj"></FileRef>
               <FileRef location = "group:../outside/Other.xcodeproj"></FileRef>
            </Workspace>
            """)
        let loaded = try Self.load(folder)
        #expect(loaded.graph.packages.filter(\.isLocal).map(\.identity) == ["app.xcodeproj"])
        #expect(loaded.graph.targets.map(\.name) == ["App"])
        let outside = loaded.warnings.map(\.text).filter { $0.contains("outside-root") }
        #expect(outside.map { String($0.prefix { $0 != "(" }) } == [
            "All.xcworkspace: outside-root: project 'Other.xcodeproj' is \(folder.outside)/Other.xcodeproj, outside the root; it is not read ",
            "App.xcodeproj/project.pbxproj: outside-root: local package reference '../outside' is \(folder.outside), outside the root; it is not read ",
        ])
        #expect(!loaded.warnings.map(\.text).contains { $0.contains("has no Package.swift") }, "\(loaded.warnings.map(\.text))")
    }
}
