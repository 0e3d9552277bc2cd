import ModuleGraph
import TestSupport
import Testing
@testable import PackageLoading
@testable import XcodeProjects

/// Project targets as graph targets: kinds, paths, edges to packages and to hosts.
@Suite(.tags(.small)) struct ProjectAssemblerTests {
    static func target(_ name: String, _ type: ProjectProductType, sources: [String] = [], products: [XcodeProject.ProductDependency] = [],
                       dependencies: [String] = [], host: String? = nil) -> XcodeProject.NativeTarget {
        XcodeProject.NativeTarget(name: name, productType: type, moduleName: name, productName: name, sources: sources.map { "/repo/" + $0 },
                                  packageProducts: products, targetDependencies: dependencies, testHost: host, compilationConditions: [:])
    }

    static let project = XcodeProject(name: "App", path: "/repo/App.xcodeproj", objectVersion: 77, targets: [
        target("App", .application, sources: ["App/Sources/A.swift", "App/Sources/Deep/B.swift"],
               products: [.init(productName: "Kit", package: .local(relativePath: "Packages/Kit")),
                          .init(productName: "Missing", package: .local(relativePath: "Nowhere"))]),
        // Hosted by the app through TEST_HOST alone, with no target dependency.
        target("AppTests", .unitTestBundle, sources: ["AppTests/T.swift"], host: "App"),
    ])

    static func assembled() -> ProjectAssembler.Assembled {
        ProjectAssembler(root: "/repo", packageIdentities: ["/repo/Packages/Kit": "kit"], localProductOwners: ["Kit": ["kit"]])
            .assemble([project], pins: [:])
    }

    @Test func targetsTakeTheirKindTheirCommonFolderAndTheirEdges() {
        let result = Self.assembled()
        #expect(result.packages.map(\.identity) == ["app.xcodeproj"])
        #expect(result.packages.first?.origin == .project(path: "App.xcodeproj"))
        #expect(result.packages.first?.dependencies == ["kit"])
        let app = result.targets.first { $0.name == "App" }
        #expect(app?.kind == .executable)
        #expect(app?.path == "App/Sources")
        #expect(app?.sources == ["A.swift", "Deep/B.swift"])
        #expect(app?.dependencies == [DependencyEdge(.product(name: "Kit", package: "kit"))])
        let tests = result.targets.first { $0.name == "AppTests" }
        #expect(tests?.isTest == true)
        #expect(tests?.dependencies == [DependencyEdge(.target(TargetID(package: "app.xcodeproj", name: "App")), arrival: .hosted)])
    }

    @Test func aMissingLocalPackageIsOneWarningNamingTheProjectAndTheFolder() {
        #expect(Self.assembled().warnings.map(\.text) == [
            "App.xcodeproj: missing-package: refers to a package at Nowhere that has no Package.swift; its products used by App are left out",
        ])
    }

    @Test(arguments: [
        ([String](), nil as String?), (["A/B/x.swift"], "A/B"), (["A/B/x.swift", "A/C/y.swift"], "A"), (["x.swift", "A/y.swift"], "."),
        (["../Shared/x.swift"], "."),
    ])
    func commonFolder(_ files: [String], expected: String?) {
        #expect(ProjectAssembler.commonFolder(of: files) == expected)
    }

    /// The byte-prefix shortcut gives what splitting every path gives, over paths made of a few
    /// folder names (with doubled and trailing slashes, `..`, and `é` spelled two ways).
    @Test func commonFolderAgreesWithSplittingEveryPath() {
        func bySplitting(_ files: [String]) -> String? {
            guard let first = files.first else { return nil }
            var common = first.split(separator: "/").dropLast().map(String.init)
            for file in files.dropFirst() {
                let parts = file.split(separator: "/").dropLast()
                var shared = 0
                while shared < common.count && shared < parts.count && common[shared] == parts[shared] { shared += 1 }
                common.removeLast(common.count - shared)
            }
            if common.first == ".." || common.isEmpty { return "." }
            return common.joined(separator: "/")
        }
        let pieces = ["A", "B", "Sources", "caf\u{E9}", "cafe\u{301}", "..", "", "x.swift", "A.swift"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            let files = (0..<Int.random(in: 0...5, using: &generator)).map { _ in
                (0..<Int.random(in: 1...5, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined(separator: "/")
                    + (Bool.random(using: &generator) ? "/" : "")
            }
            #expect(ProjectAssembler.commonFolder(of: files) == bySplitting(files), "\(files)")
        }
    }

    /// A configuration named Debug, or whose conditions contain DEBUG, is a debug build; any
    /// other is a release build; each condition becomes one `define` for its configuration.
    @Test(arguments: [
        (["Debug": ["DEBUG"], "Release": ["APPSTORE"]], ["debug: DEBUG", "release: APPSTORE"]),
        (["Staging": ["DEBUG", "STAGING"], "AppStore": ["STORE"]], ["debug: DEBUG", "debug: STAGING", "release: STORE"]),
        (["debug": ["MOCKS"], "Beta": ["BETA"], "Release": []], ["debug: MOCKS", "release: BETA"]),
    ])
    func configurationsMapToDebugOrRelease(_ conditions: [String: [String]], expected: [String]) {
        var target = Self.target("App", .application)
        target.compilationConditions = conditions
        target.swiftVersion = "5.0"
        let settings = ProjectAssembler.settings(target)
        #expect(settings.filter { $0.kind == "define" }.map { "\($0.condition?.configuration ?? "-"): \($0.values.joined())" } == expected)
        #expect(settings.filter { $0.kind == "swiftLanguageMode" }.map(\.values) == [["5.0"]])
    }
}
