import Foundation
import TestSupport
import Testing
@testable import PackageLoading
@testable import FileAccess
import ModuleGraph

/// The root a run finds from wherever it starts, and the packages discovery takes below it.
@Suite(.tags(.small)) struct WorkspaceRootTests {
    /// A scratch tree of empty files and folders; `.git` may be a file, as in a worktree.
    static func tree(_ entries: [String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-root-\(UUID().uuidString)").path
        for entry in entries {
            let full = root + "/" + entry
            if entry.hasSuffix("/") {
                try FileManager.default.createDirectory(atPath: full, withIntermediateDirectories: true)
            } else {
                try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                FileManager.default.createFile(atPath: full, contents: Data())
            }
        }
        return root
    }

    /// (files in the tree, where the run starts, the root expected), all relative to the tree.
    static let cases: [(entries: [String], start: String, root: String)] = [
        // bulkhead.json wins over a nearer package and over the repository.
        ([".git/", "bulkhead.json", "BrowserKit/Package.swift", "BrowserKit/Sources/UI/"], "BrowserKit/Sources/UI", "."),
        // Without one, the repository's root, even below a nested package; a worktree's .git is a file.
        ([".git", "Package.swift", "BrowserKit/Package.swift", "BrowserKit/Sources/UI/"], "BrowserKit/Sources/UI", "."),
        // Without either, the nearest package upward.
        (["Outer/Package.swift", "Outer/Inner/Package.swift", "Outer/Inner/Sources/A/"], "Outer/Inner/Sources/A", "Outer/Inner"),
        // Nothing at all: where it started.
        (["Loose/Folder/"], "Loose/Folder", "Loose/Folder"),
        // A test input is its own repository: the outer bulkhead.json is not its configuration.
        (["bulkhead.json", "Tests/Fixtures/Sample/Modules/Package.swift"], "Tests/Fixtures/Sample/Modules", "Tests/Fixtures/Sample/Modules"),
        (["bulkhead.json", "Tests/Fixtures/Sample/Modules/Package.swift", "Tests/Fixtures/Sample/Other/"], "Tests/Fixtures/Sample/Other", "Tests/Fixtures/Sample/Other"),
    ]

    @Test(arguments: cases.indices)
    func theRootIsFoundUpward(_ index: Int) throws {
        let scenario = Self.cases[index]
        let tree = try Self.tree(scenario.entries)
        defer { try? FileManager.default.removeItem(atPath: tree) }
        let found = WorkspaceRoot.find(from: tree + "/" + scenario.start)
        #expect(FileSystem.relativePath(found.path, to: tree) == scenario.root, "\(found.reason)")
    }
}

@Suite(.tags(.small)) struct PackageDiscoveryTests {
    static let fixture = Fixtures.path("RootPackage")

    @Test func aRootPackageDoesNotStopDiscoveryOfTheNestedOnes() {
        let found = PackageDiscovery.discover(under: Self.fixture, rules: .defaults)
        #expect(found.folders.map { FileSystem.relativePath($0, to: Self.fixture) } == [".", "BrowserKit", "Packages/Account", "Packages/Settings"])
        #expect(found.decisions.filter { !$0.isTaken }.map(\.folder) == [".toolchain", "BrowserKit/Tests/Fixtures"])
        #expect(found.decisions.first { $0.folder == "BrowserKit/Tests/Fixtures" }?.reason.contains("workspace.include") == true)
    }

    @Test func workspaceRulesExcludeFoldersAndIncludeTestInputs() {
        let rules = DiscoveryRules(excluded: { $0.hasPrefix("Packages/Settings") ? "workspace.exclude[0]" : nil },
                                   included: { $0 == "BrowserKit/Tests/Fixtures" })
        let found = PackageDiscovery.discover(under: Self.fixture, rules: rules)
        #expect(found.folders.map { FileSystem.relativePath($0, to: Self.fixture) } == [".", "BrowserKit", "BrowserKit/Tests/Fixtures/Sample", "Packages/Account"])
        #expect(found.decisions.contains(PackageDiscovery.Decision(folder: "Packages/Settings", isTaken: false, reason: "excluded by workspace.exclude[0] in bulkhead.json", excludedBy: "workspace.exclude[0]")))
    }

    @Test(arguments: [("Tests/Fixtures", true), ("BrowserKit/Tests/Unit/Fixtures", true), ("Fixtures", true), ("Sources/Fixtures", true),
                      ("Tests/Fixtures/A/B", true), ("Sources/FixturesKit", false), ("Tests/Unit", false)])
    func testInputsAreFixturesFolders(_ folder: String, _ expected: Bool) {
        #expect(PackageDiscovery.isTestInput(folder) == expected)
    }

    @Test func buildProductsHiddenFoldersAndLinksAreNotWalked() throws {
        let tree = try WorkspaceRootTests.tree(["Package.swift", ".build/checkouts/X/Package.swift", ".hidden/Package.swift",
                                                "DerivedData/Y/Package.swift", "Vendor/checkouts/Z/Package.swift", "Kit/Package.swift"])
        defer { try? FileManager.default.removeItem(atPath: tree) }
        // A link back up would loop a walk that followed it.
        try FileManager.default.createSymbolicLink(atPath: tree + "/Kit/Loop", withDestinationPath: tree)
        let found = PackageDiscovery.discover(under: tree, rules: .defaults)
        #expect(found.folders.map { FileSystem.relativePath($0, to: tree) } == [".", "Kit"])
    }

    /// The walk opens folders by name from their parents, held open down to `heldDepth`, and by
    /// path below: a package at either depth is found, and every folder's listing is the one a
    /// listing by path gives.
    @Test func foldersBelowTheHeldDepthAreWalkedAndListedAlike() throws {
        let deep = (0..<(PackageDiscovery.heldDepth + 8)).map { "D\($0)" }.joined(separator: "/")
        let shallow = "A/B"
        let tree = try WorkspaceRootTests.tree(["\(shallow)/Package.swift", "\(shallow)/Sources/Kit/Kit.swift", "\(deep)/Package.swift",
                                                "\(deep)/Sources/Deep/Deep.swift", "\(deep)/Sources/Deep/More/Other.swift", "Empty/"])
        defer { try? FileManager.default.removeItem(atPath: tree) }
        let found = PackageDiscovery.discover(under: tree, rules: .defaults)
        #expect(found.folders.map { FileSystem.relativePath($0, to: tree) } == [shallow, deep])
        for folder in [tree, tree + "/" + shallow, tree + "/" + shallow + "/Sources/Kit", tree + "/" + deep, tree + "/" + deep + "/Sources/Deep", tree + "/Empty"] {
            #expect(found.listings.entries(of: folder) == DirectoryListing.list(folder, descend: { _ in false }).entries, "\(folder)")
        }
        #expect(found.listings.entries(of: tree + "/" + deep + "/Sources/Deep")?.map(\.path) == ["Deep.swift", "More"])
    }
}

/// The loader on a repository whose root is a tool package and whose code is in nested packages.
@Suite(.tags(.medium)) struct RootPackageLoadingTests {
    static let fixture = Fixtures.path("RootPackage")

    @Test func everyPackageBelowTheRootLoadsWithPathsRelativeToTheRoot() throws {
        let loaded = try PackageGraphLoader(describer: RecordedPackageDescriber(root: Self.fixture)).load(at: Self.fixture)
        #expect(loaded.graph.packages.filter(\.isLocal).compactMap(\.localPath).sorted() == [".", "BrowserKit", "Packages/Account", "Packages/Settings"])
        #expect(loaded.graph.targets.map(\.name).sorted() == [
            "AccountKit", "AccountKitTests", "BrowserCore", "BrowserCoreTests", "BrowserUI", "OpenPage", "ReleaseNotes", "SettingsKit",
        ])
    }

    @Test func aMissingPathDependencyIsAWarningAtItsManifestLineAndTheRestLoads() throws {
        let loaded = try PackageGraphLoader(describer: RecordedPackageDescriber(root: Self.fixture)).load(at: Self.fixture)
        #expect(loaded.warnings.map(\.text) == [
            "Packages/Settings/Package.swift:9: missing-package: .package(path:) names 'Vendor/SharedDesign', which holds no Package.swift;"
                + " its products are left unresolved (restore or generate the package there, or remove the dependency, to check them)",
        ])
        // Only a folder outside the repository is another repository to check out beside it.
        #expect(MissingPackageDependency.warning(dependencyFolder: "/work/Shared", manifestFolder: "/work/repo/App", root: "/work/repo").text
            == "App/Package.swift: missing-package: .package(path:) names '../Shared', which holds no Package.swift;"
            + " its products are left unresolved (check it out beside this repository to check them)")
        let settings = try #require(loaded.graph.targets(named: "SettingsKit").first)
        #expect(loaded.graph.dependencies(of: settings.id).map(\.node).contains(.target(TargetID(package: "account", name: "AccountKit"))))
    }

    @Test func snippetsLoadAsSnippetTargetsWithTheirImplicitDependencies() throws {
        let loaded = try PackageGraphLoader(describer: RecordedPackageDescriber(root: Self.fixture)).load(at: Self.fixture)
        let snippet = try #require(loaded.graph.targets(named: "OpenPage").first)
        #expect(snippet.kind == .snippet)
        #expect(snippet.path == "Snippets")
        #expect(snippet.sources == ["OpenPage.swift"])
        #expect(snippet.dependencies.map(\.destination) == [.target(TargetID(package: "browserkit", name: "BrowserCore")), .target(TargetID(package: "browserkit", name: "BrowserUI"))])
        #expect(loaded.graph.dependants(of: snippet.id).isEmpty, "no test depends on a snippet, so a snippet change selects none")
    }

    @Test func narrowingToOnePackageKeepsPathsRelativeToTheRoot() throws {
        let loaded = try PackageGraphLoader(describer: RecordedPackageDescriber(root: Self.fixture))
            .load(root: Self.fixture, narrowedTo: Self.fixture + "/Packages/Account", rules: .defaults)
        #expect(loaded.graph.packages.filter(\.isLocal).compactMap(\.localPath).sorted() == ["BrowserKit", "Packages/Account"])
    }

    @Test(arguments: [
        ("warning: 'x': unused\nerror: dependency cycle\nerror: second\n", "error: dependency cycle; error: second"),
        ("warning: only a warning\n", "warning: only a warning"),
        ("", "no output"),
    ])
    func aFailedDescribeIsExplainedByItsErrorLines(_ standardError: String, _ expected: String) {
        #expect(PackageGraphLoader.errorLines(of: .commandFailed(command: ["swift"], status: 1, standardError: standardError)) == expected)
    }
}

@Suite(.tags(.small)) struct NestedRootTests {
    @Test func aFolderWithItsOwnConfigurationIsARootOfItsOwnAndSkipped() throws {
        let tree = try WorkspaceRootTests.tree(["bulkhead.json", "Package.swift", "Examples/Demo/Package.swift", "Examples/Demo/bulkhead.json", "Kit/Package.swift"])
        defer { try? FileManager.default.removeItem(atPath: tree) }
        let found = PackageDiscovery.discover(under: tree, rules: .defaults)
        #expect(found.folders.map { FileSystem.relativePath($0, to: tree) } == [".", "Kit"])
        #expect(found.decisions.first { $0.folder == "Examples/Demo" }?.reason.contains("a root of its own") == true)
        #expect(WorkspaceRoot.find(from: tree + "/Examples/Demo").path == tree + "/Examples/Demo")
    }
    /// What discovery reads from a folder's own listing decides as the file system would: a
    /// link to a manifest is a manifest, a folder called Package.swift is not, a Fixtures folder
    /// with its own bulkhead.json is skipped for its configuration, and a folder excluded by
    /// name is never entered (its bulkhead.json is not the reason given).
    @Test func whatAFolderHoldsIsReadFromItsListing() throws {
        let tree = try WorkspaceRootTests.tree(["bulkhead.json", "Real/Package.swift", "Linked/", "Odd/Package.swift/",
                                                "Tests/Fixtures/bulkhead.json", "Tests/Fixtures/Sample/Package.swift",
                                                "Skipped/Fixtures/Package.swift", "node_modules/bulkhead.json", "node_modules/Package.swift"])
        defer { try? FileManager.default.removeItem(atPath: tree) }
        try FileManager.default.createSymbolicLink(atPath: tree + "/Linked/Package.swift", withDestinationPath: tree + "/Real/Package.swift")
        let found = PackageDiscovery.discover(under: tree, rules: .defaults)
        #expect(found.folders.map { FileSystem.relativePath($0, to: tree) } == ["Linked", "Real"])
        let reasons = Dictionary(found.decisions.filter { !$0.isTaken }.map { ($0.folder, $0.reason) }, uniquingKeysWith: { first, _ in first })
        #expect(reasons["Tests/Fixtures"]?.contains("a root of its own") == true)
        #expect(reasons["Skipped/Fixtures"]?.contains("test inputs") == true)
        #expect(reasons["node_modules"]?.contains("third-party") == true)
        #expect(reasons.count == 3)
    }
}
