import Foundation
import ModuleGraph
import TestSupport
import Testing
@testable import PackageLoading
@testable import XcodeProjects
@testable import FileAccess

/// Xcode targets as Xcode builds them, on the LinkedProjects fixture: a workspace of App.xcodeproj
/// (an app, a framework, an action extension that links Core only in its Frameworks phase, a
/// resource bundle, a hosted unit-test bundle, synchronized folders with exception sets) and
/// Kit.xcodeproj (frameworks the app links through container proxies), and a local package whose
/// product the app links only by `productRef` in its Frameworks phase.
@Suite(.tags(.small)) struct LinkedProjectsReaderTests {
    static let root = Fixtures.path("LinkedProjects")

    static func read(_ name: String) throws -> XcodeProject {
        try XcodeProjectReader.read(projectAt: root + "/" + name, shownAs: name + "/project.pbxproj", boundary: ReadBoundary(root: root))
    }

    static func targets(_ name: String) throws -> [String: XcodeProject.NativeTarget] {
        Dictionary(uniqueKeysWithValues: try read(name).targets.map { ($0.name, $0) })
    }

    static func relative(_ paths: [String]) -> [String] {
        paths.map { FileSystem.relativePath($0, to: root) }
    }

    @Test func theFrameworksPhaseLinksPackageProductsAndProductsOfThisAndOtherProjects() throws {
        let targets = try Self.targets("App.xcodeproj")
        let app = try #require(targets["App"])
        // Helpers: only a productRef in the Frameworks phase, no packageProductDependencies entry.
        #expect(app.packageProducts.isEmpty)
        #expect(app.linkedProducts == [.init(productName: "Helpers", package: .local(relativePath: "Packages/Helpers"))])
        // Core is a target dependency too: declared, not only linked.
        #expect(app.targetDependencies == ["Core", "Action", "Assets"])
        #expect(app.linkedTargets.isEmpty)
        // Toolbox: a target dependency through a container proxy alone; Kit: a PBXReferenceProxy
        // in the Frameworks phase. SwiftUI.framework and libz.tbd (SDKROOT) are no target.
        #expect(app.otherProjectTargets == [
            .init(project: Self.root + "/Kit.xcodeproj", remoteIdentifier: "KT0000000000000000000003", name: "Toolbox", isLinkOnly: false),
            .init(project: Self.root + "/Kit.xcodeproj", remoteIdentifier: "KF0000000000000000000001", name: "Kit", isLinkOnly: true),
        ])
        // The extension links Core only in its Frameworks phase.
        #expect(targets["Action"]?.targetDependencies == [])
        #expect(targets["Action"]?.linkedTargets == ["Core"])
    }

    @Test func productTypesSayWhichTargetsProduceAModule() throws {
        let targets = try Self.targets("App.xcodeproj")
        #expect(targets["Assets"]?.productType == .bundle)
        #expect(targets.values.filter { $0.productType.producesModule }.map(\.name).sorted() == ["App", "Core"])
        #expect(targets.values.filter { $0.productType.isLibrary }.map(\.name) == ["Core"])
    }

    @Test(arguments: [
        ("com.apple.product-type.bundle", ProjectProductType.bundle), ("com.apple.product-type.system-extension", .systemExtension),
        ("com.apple.product-type.driver-extension", .systemExtension), ("com.apple.product-type.xpc-service", .xpcService),
        ("com.apple.product-type.app-extension.messages-sticker-pack", .stickerPack), ("com.apple.product-type.application.watchapp2", .watchApp),
        ("com.apple.product-type.application.watchapp2-container", .watchApp), ("com.apple.product-type.tool", .tool),
        ("com.apple.product-type.library.dynamic", .dynamicLibrary), ("com.apple.product-type.library.static", .staticLibrary),
    ])
    func productTypesAreKnownByTheirIdentifier(_ identifier: String, expected: ProjectProductType) {
        let type = ProjectProductType(identifier: identifier)
        #expect(type == expected)
        #expect(type.producesModule == [.dynamicLibrary, .staticLibrary].contains(expected))
    }

    /// Xcode 16: an exception set for a target excludes files from a folder it includes and adds
    /// them from one it does not; a group build-phase exception moves a file to another phase; an
    /// explicit folder is a resource; hidden files are not the target's.
    @Test func synchronizedFolderMembershipFollowsXcode16() throws {
        let targets = try Self.targets("App.xcodeproj")
        #expect(Self.relative(targets["App"]?.sources ?? []) == ["App/AppMain.swift", "App/PreviewMock.swift", "Shared/SharedModel.swift"])
        #expect(Self.relative(targets["Action"]?.sources ?? []) == ["Action/ActionViewController.swift", "Shared/SharedModel.swift"])
        #expect(Self.relative(targets["App"]?.ownedFiles ?? []) == ["Shared/Notes.txt", "Shared/Script.swift", "Shared/Templates/Template.swift"])
        #expect(Self.relative(targets["AppTests"]?.sources ?? []) == ["AppTests/AppTests.swift"])
    }

    /// Edges to targets of another project resolve to that project's node; each carries how it
    /// arrived.
    @Test func eachEdgeCarriesHowItArrived() throws {
        let projects = [try Self.read("App.xcodeproj"), try Self.read("Kit.xcodeproj")]
        let assembled = ProjectAssembler(root: Self.root, packageIdentities: [Self.root + "/Packages/Helpers": "helpers"], localProductOwners: ["Helpers": ["helpers"]])
            .assemble(projects, pins: [:])
        func edges(_ name: String) -> [String] {
            (assembled.targets.first { $0.name == name }?.dependencies ?? []).map { edge in
                switch edge.destination {
                case .target(let id): "\(id) \(edge.arrival.rawValue)"
                case .product(let name, let package): "\(package)/\(name) \(edge.arrival.rawValue)"
                }
            }.sorted()
        }
        #expect(edges("App") == [
            "app.xcodeproj/Action embedded", "app.xcodeproj/Assets embedded", "app.xcodeproj/Core declared",
            "helpers/Helpers linked", "kit.xcodeproj/Kit linked", "kit.xcodeproj/Toolbox declared",
        ])
        #expect(edges("Action") == ["app.xcodeproj/Core linked"])
        #expect(edges("AppTests") == ["app.xcodeproj/App hosted"])
    }

    /// A test bundle's dependency on an extension it tests is hosted, an app's on the same
    /// extension embedded, a framework's on a framework declared or linked.
    @Test(arguments: [
        (ProjectProductType.unitTestBundle, ProjectProductType.appExtension, false, DependencyEdge.Arrival.hosted),
        (.application, .appExtension, false, .embedded), (.application, .xpcService, true, .embedded),
        (.framework, .framework, false, .declared), (.framework, .staticLibrary, true, .linked),
        (.unitTestBundle, .framework, false, .declared),
    ])
    func arrivalByProductTypes(_ from: ProjectProductType, _ to: ProjectProductType, _ linkOnly: Bool, _ expected: DependencyEdge.Arrival) {
        let target = ProjectAssemblerTests.target("From", from)
        #expect(ProjectAssembler.arrival(of: to, from: target, hosted: false, linkOnly: linkOnly) == expected)
    }

    /// A proxy into a project the run did not read is left out, not an error.
    @Test func aProxyIntoAProjectThatWasNotReadIsLeftOut() throws {
        let assembled = ProjectAssembler(root: Self.root, packageIdentities: [:], localProductOwners: [:]).assemble([try Self.read("App.xcodeproj")], pins: [:])
        let app = try #require(assembled.targets.first { $0.name == "App" })
        #expect(!app.dependencies.contains { if case .target(let id) = $0.destination { id.package == "kit.xcodeproj" } else { false } })
    }
}

/// What a synchronized folder's own keys say is not compiled: `explicitFileTypes` giving a
/// `.swift` file another type, and folders Xcode treats as one resource (`.docc`, `.bundle`).
@Suite(.tags(.small)) struct SynchronizedFolderTypesTests {
    @Test func explicitFileTypesAndWrapperFoldersAreNotCompiled() throws {
        let base = FileSystem.realPath(FileManager.default.temporaryDirectory.path) + "/bulkhead-folders-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: base) }
        for file in ["F/A.swift", "F/B.swift", "F/Guide.docc/Snippet.swift", "F/Art.bundle/Script.swift", "F/Sub/C.swift"] {
            let full = base + "/" + file
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try "import Foundation\n".write(toFile: full, atomically: true, encoding: .utf8)
        }
        let text = """
        { objects = {
          P = {isa = PBXProject; targets = (T, ); mainGroup = G; };
          G = {isa = PBXGroup; children = (S, ); };
          S = {isa = PBXFileSystemSynchronizedRootGroup; explicitFileTypes = { B.swift = text; Sub/C.swift = sourcecode.swift; }; path = F; sourceTree = "<group>"; };
          T = {isa = PBXNativeTarget; name = App; fileSystemSynchronizedGroups = (S, ); productType = "com.apple.product-type.application"; };
        }; rootObject = P; }
        """
        let project = try XcodeProjectReader.parse(Data(text.utf8), projectAt: base + "/App.xcodeproj", shownAs: "App.xcodeproj/project.pbxproj",
                                                   boundary: ReadBoundary(root: base))
        let app = try #require(project.targets.first)
        #expect(app.sources.map { FileSystem.relativePath($0, to: base) } == ["F/A.swift", "F/Sub/C.swift"])
        #expect(app.ownedFiles.map { FileSystem.relativePath($0, to: base) } == ["F/Art.bundle/Script.swift", "F/B.swift", "F/Guide.docc/Snippet.swift"])
    }
}

/// Targets that are not native targets, and links a project file may hold in odd shapes.
@Suite(.tags(.small)) struct XcodeLinkShapesTests {
    static func parse(_ text: String) throws(XcodeProjectError) -> XcodeProject {
        try XcodeProjectReader.parse(Data(text.utf8), projectAt: "/repo/App.xcodeproj", shownAs: "App.xcodeproj/project.pbxproj", boundary: ReadBoundary(root: "/repo"))
    }

    /// An aggregate or legacy target (a script, a lint run) builds no module: a dependency on it
    /// orders the build and is declared; a proxy whose container is neither this project nor a
    /// project file leads nowhere and is no error; system frameworks are no edge.
    @Test func aggregateTargetsAndStrayProxiesAreNoEdges() throws {
        let project = try Self.parse("""
        { objects = {
          P = {isa = PBXProject; targets = (A, L, S, ); mainGroup = G; };
          G = {isa = PBXGroup; children = (); };
          A = {isa = PBXNativeTarget; name = App; dependencies = (D1, D2, D3, ); buildPhases = (F, ); productType = "com.apple.product-type.application"; };
          L = {isa = PBXAggregateTarget; name = Lint; };
          S = {isa = PBXLegacyTarget; name = Make; };
          D1 = {isa = PBXTargetDependency; target = L; };
          D2 = {isa = PBXTargetDependency; targetProxy = X; };
          X = {isa = PBXContainerItemProxy; containerPortal = G; proxyType = 1; remoteGlobalIDString = Z; remoteInfo = Stray; };
          D3 = {isa = PBXTargetDependency; target = S; };
          F = {isa = PBXFrameworksBuildPhase; files = (B1, B2, ); };
          B1 = {isa = PBXBuildFile; fileRef = SDK; };
          SDK = {isa = PBXFileReference; path = System/Library/Frameworks/UIKit.framework; sourceTree = SDKROOT; };
          B2 = {isa = PBXBuildFile; };
        }; rootObject = P; }
        """)
        #expect(project.targets.map(\.name) == ["App", "Lint", "Make"])
        #expect(project.targets.map(\.productType) == [.application, .aggregate, .aggregate])
        #expect(!ProjectProductType.aggregate.producesModule)
        let app = try #require(project.targets.first)
        let assembled = ProjectAssembler(root: "/repo", packageIdentities: [:], localProductOwners: [:]).assemble([project], pins: [:])
        #expect(assembled.targets.first { $0.name == "App" }?.dependencies == [
            DependencyEdge(.target(TargetID(package: "app.xcodeproj", name: "Lint"))),
            DependencyEdge(.target(TargetID(package: "app.xcodeproj", name: "Make"))),
        ])
        #expect(app.linkedTargets.isEmpty && app.linkedProducts.isEmpty && app.otherProjectTargets.isEmpty)
    }
}
