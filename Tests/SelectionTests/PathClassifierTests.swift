import ModuleGraph
import Selection
import TestSupport
import Testing

@Suite(.tags(.small)) struct PathClassifierTests {
    func id(_ name: String, _ package: String = "app") -> TargetID { SelectionFixture.id(name, package) }

    func placement(of change: FileChange, ignoring globs: [String] = ["**/*.md"], sourceLocation: SourceLocation = #_sourceLocation) -> PlacedPath.Placement? {
        let placed = SelectionFixture.classify([change], ignoring: globs)
        #expect(placed.count == 1, sourceLocation: sourceLocation)
        return placed.first?.placement
    }

    @Test(arguments: [
        ("Sources/Feature/Feature.swift", "app", "Feature"),
        ("Sources/Feature/Resources/icon.png", "app", "Feature"),
        ("Kit/Sources/Core/Core.swift", "kit", "Core"),
        ("Kit/Tests/CoreTests/CoreTests.swift", "kit", "CoreTests"),
        ("./Sources/App/../Images/Image.swift", "app", "Images"),
    ])
    func aFileInATargetsFolderBelongsToIt(path: String, package: String, target: String) {
        #expect(placement(of: FileChange(.modified, path: path)) == .target(id(target, package)))
    }

    @Test func aFolderNamedLikeATargetsPrefixIsNotItsFolder() {
        #expect(placement(of: FileChange(.modified, path: "Sources/FeatureKit/A.swift")) == .outside)
    }

    @Test func theDeepestTargetFolderOwnsAFile() {
        let ownership = TargetOwnership(folders: [
            (folder: "/repo/Sources/App", target: id("App")),
            (folder: "/repo/Sources/App/Plugins", target: id("Plugins")),
        ])
        #expect(ownership.owners(of: "/repo/Sources/App/Plugins/P.swift") == [id("Plugins")])
        #expect(ownership.owners(of: "/repo/Sources/App/Resources/x.png") == [id("App")])
        #expect(ownership.owners(of: "/repo/Sources/AppKit/A.swift") == [])
    }

    /// pocket-casts-ios: the watch app compiles files from its own folder and from the app's, so
    /// its sources share only the project folder, the repository's top; a `Gemfile` there is
    /// nobody's, and a file both compile selects both.
    @Test func anXcodeTargetOwnsTheFilesItCompilesAndNoFolderAboveThem() {
        func projectTarget(_ name: String, path: String, sources: [String]) -> Target {
            var target = Target(id: TargetID(package: "podcasts.xcodeproj", name: name), kind: .executable, moduleName: name, path: path, sources: sources)
            target.productType = .application
            return target
        }
        let graph = ModuleGraph(
            packages: [PackageNode(identity: "podcasts.xcodeproj", name: "podcasts", origin: .project(path: "podcasts.xcodeproj"))],
            targets: [
                projectTarget("podcasts", path: "podcasts", sources: ["Settings.swift"]),
                projectTarget("Watch", path: ".", sources: ["Watch App/WatchApp.swift", "podcasts/Settings.swift"]),
            ])
        let ownership = TargetOwnership(graph: graph, layout: RepositoryLayout(top: "/repo", packageFolders: ["podcasts.xcodeproj": "/repo"],
                                                                               projectFiles: ["/repo/podcasts.xcodeproj/project.pbxproj": "podcasts.xcodeproj"]))
        let podcasts = TargetID(package: "podcasts.xcodeproj", name: "podcasts")
        let watch = TargetID(package: "podcasts.xcodeproj", name: "Watch")
        #expect(ownership.owners(of: "/repo/Gemfile") == [])
        #expect(ownership.owners(of: "/repo/podcasts/Settings.swift") == [watch, podcasts])
        #expect(ownership.owners(of: "/repo/Watch App/WatchApp.swift") == [watch])
        // The app's folder lies below the project's: its resources are the app's.
        #expect(ownership.owners(of: "/repo/podcasts/en.lproj/Localizable.strings") == [podcasts])
    }

    @Test(arguments: ["Makefile", ".github/workflows/ci.yml", "Kit/Scripts/lint.sh"])
    func aFileOutsideEveryTargetIsOutside(path: String) {
        #expect(placement(of: FileChange(.modified, path: path)) == .outside)
    }

    @Test func anIgnoreGlobWinsOverEverything() {
        #expect(placement(of: FileChange(.modified, path: "README.md")) == .ignored)
        #expect(placement(of: FileChange(.modified, path: "Sources/Feature/Notes.md")) == .ignored)
        #expect(placement(of: FileChange(.modified, path: "Sources/Feature/A.swift"), ignoring: ["Sources/**"]) == .ignored)
        #expect(placement(of: FileChange(.modified, path: "README.md"), ignoring: []) == .outside)
    }

    @Test func manifestsAndLockfilesAreComparedNotOwned() {
        #expect(placement(of: FileChange(.modified, path: "Package.swift")) == .manifest(package: "app"))
        #expect(placement(of: FileChange(.modified, path: "Kit/Package.swift")) == .manifest(package: "kit"))
        #expect(placement(of: FileChange(.modified, path: "Package.resolved")) == .lockfile)
        // A deleted manifest of no loaded package: a package removed with its folder.
        #expect(placement(of: FileChange(.deleted, path: "Old/Package.swift")) == .goneWithPackage(manifest: "Old/Package.swift"))
    }

    /// A nested package Bulkhead did not load (swift-nio's `Benchmarks/`): its manifest and its
    /// sources are alike outside every target, edited or added; only a deletion removes it.
    @Test(arguments: [FileChange.Status.modified, .added, .unknown])
    func aManifestOfAPackageNotLoadedIsOutsideLikeItsSources(status: FileChange.Status) {
        #expect(placement(of: FileChange(status, path: "Benchmarks/Package.swift")) == .outside)
        #expect(placement(of: FileChange(status, path: "Benchmarks/Benchmarks/Alloc/main.swift")) == .outside)
    }

    @Test func aFileGoneWithARemovedPackageIsTheRemovalsBusiness() {
        let changes = [FileChange(.deleted, path: "Old/Package.swift"), FileChange(.deleted, path: "Old/Sources/A/A.swift"),
                       FileChange(.deleted, path: "Scripts/old.sh")]
        #expect(SelectionFixture.classify(changes).map(\.placement)
                == [.goneWithPackage(manifest: "Old/Package.swift"), .goneWithPackage(manifest: "Old/Package.swift"), .outside])
    }

    @Test(arguments: ["bulkhead.json", "bulkhead-baseline.json", "ci/baseline.json"])
    func bulkheadsOwnFilesAreNoCode(path: String) {
        let layout = RepositoryLayout(top: "/repo", packageFolders: SelectionFixture.layout.packageFolders, bulkheadFiles: [
            "/repo/bulkhead.json": "Bulkhead's configuration", "/repo/bulkhead-baseline.json": "Bulkhead's baseline",
            "/repo/ci/baseline.json": "Bulkhead's baseline",
        ])
        let classifier = PathClassifier(graph: SelectionFixture.graph, layout: layout, ignores: [])
        for status in [FileChange.Status.added, .modified, .deleted] {
            #expect(classifier.classify([FileChange(status, path: path)]).map(\.placement) == [.bulkheadFile(path == "bulkhead.json" ? "Bulkhead's configuration" : "Bulkhead's baseline")])
        }
        // Only the files the run names: another package's bulkhead.json is outside every target.
        #expect(classifier.classify([FileChange(.modified, path: "Kit/bulkhead.json")]).map(\.placement) == [.outside])
    }

    @Test func aDeletedFileStillBelongsToItsTarget() {
        let placed = SelectionFixture.classify([FileChange(.deleted, path: "Sources/Images/Cache.swift")])
        #expect(placed == [PlacedPath(path: "Sources/Images/Cache.swift", reason: "deleted", placement: .target(id("Images")))])
    }

    @Test func aRenameAcrossTargetsPlacesBothSides() {
        let placed = SelectionFixture.classify([FileChange(.renamed(from: "Sources/Feature/Card.swift"), path: "Kit/Sources/Core/Card.swift")])
        #expect(placed == [
            PlacedPath(path: "Sources/Feature/Card.swift", reason: "moved away to Kit/Sources/Core/Card.swift", placement: .target(id("Feature"))),
            PlacedPath(path: "Kit/Sources/Core/Card.swift", reason: "moved here from Sources/Feature/Card.swift", placement: .target(id("Core", "kit"))),
        ])
    }

    @Test func aFileThatLeftWithATargetItsManifestRemovedIsTheManifestsBusiness() {
        let changes = [
            FileChange(.renamed(from: "Sources/Pictures/Image.swift"), path: "Sources/Images/Image.swift"),
            FileChange(.modified, path: "Package.swift"),
        ]
        #expect(SelectionFixture.classify(changes).map(\.placement)
                == [.goneBelowChangedManifest(manifest: "Package.swift"), .target(id("Images")), .manifest(package: "app")])
        // Without the manifest change, the same old path is a file outside every target.
        #expect(SelectionFixture.classify(Array(changes.prefix(1))).map(\.placement) == [.outside, .target(id("Images"))])
        // A file that still exists there is no such file.
        #expect(SelectionFixture.classify([FileChange(.modified, path: "Sources/Pictures/Image.swift"), changes[1]]).map(\.placement)
                == [.outside, .manifest(package: "app")])
    }

    @Test func eachStatusGivesItsReason() {
        let reasons = [FileChange.Status.added, .modified, .deleted, .copied, .typeChanged, .unknown].map {
            FileChange($0, path: "Sources/App/main.swift").sides.map(\.reason)
        }
        #expect(reasons == [["added"], ["changed"], ["deleted"], ["changed"], ["changed"], ["changed"]])
        #expect(FileChange(.renamed(from: "a"), path: "b").paths == ["a", "b"])
    }
}
