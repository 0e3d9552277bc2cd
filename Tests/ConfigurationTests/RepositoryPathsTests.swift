import Configuration
import Foundation
import ModuleGraph
import TestSupport
import Testing

/// Paths in `bulkhead.json` are relative to the root for every package; a preset's follow the
/// package; a pattern that matches nothing is said so at its key path.
@Suite(.tags(.small)) struct RepositoryPathsTests {
    /// Two packages below the root, each with a target in `Sources/Features/<Name>`.
    static let graph = ModuleGraph(
        packages: [
            PackageNode(identity: "account", name: "Account", origin: .local(path: "Packages/Account")),
            PackageNode(identity: "browserkit", name: "BrowserKit", origin: .local(path: "BrowserKit")),
        ],
        targets: [
            Target(id: TargetID(package: "account", name: "AccountKit"), kind: .library, moduleName: "AccountKit",
                   path: "Sources/Features/AccountKit", sources: ["Account.swift"]),
            Target(id: TargetID(package: "browserkit", name: "BrowserUI"), kind: .library, moduleName: "BrowserUI",
                   path: "Sources/Features/BrowserUI", sources: ["Page.swift"]),
        ],
        externalProducts: [])

    static let account = TargetID(package: "account", name: "AccountKit")
    static let browser = TargetID(package: "browserkit", name: "BrowserUI")

    @Test func layerPathsMatchTheFolderRelativeToTheRoot() {
        let layers = [Configuration.Layer(name: "Account", paths: ["Packages/Account/**"]), Configuration.Layer(name: "Rest", paths: ["Sources/**"])]
        let assignment = LayerAssignment(graph: Self.graph, layers: layers)
        #expect(assignment.layer(of: Self.account)?.name == "Account")
        #expect(assignment.layer(of: Self.browser) == nil, "Sources/** is relative to the root, where there is no Sources")
    }

    @Test func aPresetsPathsMatchEachNestedPackage() {
        let assignment = LayerAssignment(graph: Self.graph, layers: Presets.layers.layers)
        #expect(assignment.layer(of: Self.account)?.name == "Features")
        #expect(assignment.layer(of: Self.browser)?.name == "Features")
    }

    @Test func patternsThatMatchNothingAreNamedByKeyPath() {
        var configuration = Configuration(layers: [
            .init(name: "Account", paths: ["Packages/Account/**", "Sources/Features/*"]),
            .init(name: "UI", targets: ["BrowserUI"]),
        ], exclude: ["BrowserKit/Sources/Features/BrowserUI/Page.swift", "AccountKit", "Legacy/**"])
        #expect(configuration.unmatchedPatterns(in: Self.graph).map(\.keyPath) == ["layers[0].paths[1]", "exclude[2]"])
        #expect(configuration.unmatchedPatterns(in: Self.graph).first?.description.contains("unmatched-pattern: 'Sources/Features/*' matches no target folder") == true)
        configuration = Presets.layers
        #expect(configuration.unmatchedPatterns(in: Self.graph).isEmpty, "a preset's unused layers are not the team's mistake")
    }

    @Test func theWorkspaceSectionIsReadStrictly() throws {
        let configuration = try ConfigurationParser.parse(Data(#"{ workspace: { exclude: ["Vendor/**"], include: "Tests/Fixtures/Demo" } }"#.utf8), knownRules: []).get()
        #expect(configuration.workspaceExclude == ["Vendor/**"])
        #expect(configuration.workspaceInclude == ["Tests/Fixtures/Demo"])
        let wrong = ConfigurationParser.parse(Data(#"{ workspace: { exlude: [] } }"#.utf8), knownRules: [])
        #expect(throws: ConfigurationProblems([ConfigurationProblem(keyPath: "workspace.exlude", message: "unknown key 'exlude'; did you mean 'exclude'?")])) { try wrong.get() }
    }

    @Test func workspaceCheckoutsNamesFoldersOfCheckouts() throws {
        let configuration = try ConfigurationParser.parse(Data(#"{ workspace: { checkouts: ["Vendor/checkouts", "/opt/SourcePackages"] } }"#.utf8), knownRules: []).get()
        #expect(configuration.workspaceCheckouts == ["Vendor/checkouts", "/opt/SourcePackages"])
        let wrong = ConfigurationParser.parse(Data(#"{ workspace: { checkouts: 3 } }"#.utf8), knownRules: [])
        #expect(throws: ConfigurationProblems.self) { try wrong.get() }
    }

    @Test func generatedProjectsIsRequireOrIgnore() throws {
        #expect(try ConfigurationParser.parse(Data(#"{ workspace: { generatedProjects: "ignore" } }"#.utf8), knownRules: []).get().ignoresUngeneratedProjects)
        #expect(try !ConfigurationParser.parse(Data(#"{ workspace: { generatedProjects: "require" } }"#.utf8), knownRules: []).get().ignoresUngeneratedProjects)
        #expect(try !ConfigurationParser.parse(Data(#"{ workspace: {} }"#.utf8), knownRules: []).get().ignoresUngeneratedProjects)
        let wrong = ConfigurationParser.parse(Data(#"{ workspace: { generatedProjects: "skip" } }"#.utf8), knownRules: [])
        #expect(throws: ConfigurationProblems([ConfigurationProblem(
            keyPath: "workspace.generatedProjects",
            message: "expected \"require\" (the default: a project spec whose project is not generated is an error) or \"ignore\", found 'skip'")])) { try wrong.get() }
    }

    /// Issue 24: only a pattern that itself leaves the root (`../`, or absolute) names a place
    /// outside it; `**` and the test-input patterns never let a read out.
    @Test func onlyAPatternThatLeavesTheRootIncludesAPlaceOutsideIt() {
        var configuration = Configuration()
        configuration.workspaceInclude = ["**", "Tests/**/Fixtures", "./../Shared", "/opt/vendor/*"]
        #expect(configuration.includesOutsideRoot(fromRoot: "../Shared/Sources/A.swift", absolute: "/work/Shared/Sources/A.swift"))
        #expect(configuration.includesOutsideRoot(fromRoot: "../../opt/vendor/Kit", absolute: "/opt/vendor/Kit"))
        #expect(!configuration.includesOutsideRoot(fromRoot: "../Other/A.swift", absolute: "/work/Other/A.swift"))
        #expect(!configuration.includesOutsideRoot(fromRoot: "../../../usr/include", absolute: "/usr/include"))
        configuration.workspaceInclude = ["**"]
        #expect(!configuration.includesOutsideRoot(fromRoot: "../../etc/passwd", absolute: "/etc/passwd"))
    }
}

/// `modules`: the module a binary target provides when its artifact is not there to read.
@Suite(.tags(.small)) struct BinaryModulesConfigurationTests {
    static let graph = ModuleGraph(packages: [PackageNode(identity: "app", name: "App", origin: .local(path: "."))], targets: [
        Target(id: TargetID(package: "app", name: "KmpModule"), kind: .binary, moduleName: "KmpModule", path: "KmpModule.xcframework"),
        Target(id: TargetID(package: "app", name: "Feature"), kind: .library, moduleName: "Feature", path: "Sources/Feature"),
    ])

    @Test func aBinaryTargetProvidesTheModuleTheConfigurationNames() throws {
        let configuration = try ConfigurationParser.parse(Data(#"{ modules: { KmpModule: ["shared"] } }"#.utf8), knownRules: []).get()
        #expect(configuration.binaryModules == ["KmpModule": "shared"])
        #expect(configuration.problems(against: Self.graph).isEmpty)
        let graph = configuration.applyingBinaryModules(to: Self.graph)
        #expect(Dictionary(uniqueKeysWithValues: graph.targets.map { ($0.name, $0.moduleName) }) == ["KmpModule": "shared", "Feature": "Feature"])
    }

    @Test func aModulesEntryForAMissingOrNonBinaryTargetIsAProblem() throws {
        let configuration = try ConfigurationParser.parse(Data(#"{ modules: { KmpModul: "shared", Feature: "F" } }"#.utf8), knownRules: []).get()
        #expect(configuration.problems(against: Self.graph).map(\.keyPath) == ["modules.Feature", "modules.KmpModul"])
        let two = ConfigurationParser.parse(Data(#"{ modules: { KmpModule: ["a", "b"] } }"#.utf8), knownRules: [])
        #expect(throws: ConfigurationProblems.self) { try two.get() }
    }
}

@Suite(.tags(.small)) struct UnmatchedIgnoreTests {
    @Test func anIgnorePatternMatchingNoFileIsNamedByKeyPath() {
        let configuration = Configuration(affectedIgnore: ["**/*.md", "docs/**", "Scripts"])
        let problems = configuration.unmatchedIgnorePatterns(files: ["README.md", "Packages/Account/Sources/A.swift", "Scripts/run.sh"])
        #expect(problems.map(\.keyPath) == ["affected.ignore[1]"])
        #expect(Configuration().unmatchedIgnorePatterns(files: []).isEmpty, "the defaults are not the team's patterns")
    }
}
