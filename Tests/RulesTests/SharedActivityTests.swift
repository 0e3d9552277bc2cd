import Configuration
import ImportScanning
import ModuleGraph
import Testing
@testable import Rules

/// An import's activity is remembered per kind of target (`TargetBuilds.Kind`), clause list and
/// the modules of the clauses' `canImport` each target sees, and shared by every target of that
/// kind: the shared answers equal each target's direct one, whichever target asks first.
@Suite(.tags(.small)) struct SharedActivityTests {
    static func target(_ name: String, _ dependencies: [String] = [], iOSOnly: Set<String> = [], defines: [BuildSetting] = [],
                       productType: ProjectProductType? = nil, platforms: [String] = []) -> Target {
        Target(id: TargetID(package: "p", name: name), kind: .library, moduleName: name, path: "Sources/\(name)", settings: defines,
               dependencies: dependencies.map { dependency in
                   DependencyEdge(.target(TargetID(package: "p", name: dependency)),
                                  condition: iOSOnly.contains(dependency) ? DependencyCondition(platforms: ["ios"]) : nil)
               }, productType: productType, platforms: platforms)
    }

    static func define(_ name: String, on platforms: [String]? = nil) -> BuildSetting {
        BuildSetting(tool: "swift", kind: "define", values: [name], condition: platforms.map { DependencyCondition(platforms: $0) })
    }

    /// Targets that differ in what they see of `Plots` and `Atlas` (directly, only on iOS, not
    /// at all), in defines (everywhere, on one platform), in language mode, and project targets.
    static func graph() -> ModuleGraph {
        let targets = [
            target("Plots"), target("Atlas"), target("Plain"), target("Plain2"),
            target("SeesPlots", ["Plots"]), target("SeesPlots2", ["Plots"]),
            target("SeesPlotsOnIOS", ["Plots"], iOSOnly: ["Plots"]),
            target("SeesBoth", ["Plots", "Atlas"]), target("SeesAtlasThroughPlots", ["SeesBoth"]),
            target("Flagged", defines: [define("FEATURE")]), target("FlaggedOnIOS", defines: [define("FEATURE", on: ["ios"])]),
            target("Swift5", defines: [BuildSetting(tool: "swift", kind: "swiftLanguageMode", values: ["5"])]),
            target("AppTarget", ["Plots"], productType: .application, platforms: ["ios"]),
            target("MacApp", productType: .application, platforms: ["macos"]),
        ]
        let package = PackageNode(identity: "p", name: "P", origin: .local(path: "."), toolsVersion: "6.0")
        return ModuleGraph(packages: [package], targets: targets)
    }

    /// Clauses whose answers turn on each part of a kind and on the modules a target sees.
    static let text = """
        import Foundation
        #if canImport(Plots)
        import PlotsUser
        #elseif canImport(Atlas.Core) || FEATURE
        import AtlasUser
        #else
        import Neither
        #endif
        #if DEBUG && canImport(Atlas)
        import DebugAtlas
        #if os(iOS) || !canImport(Plots, _version: 2)
        import Nested
        #endif
        #endif
        #if swift(>=6.0) && SWIFT_PACKAGE
        import SixPackage
        #endif
        #if canImport(UIKit)
        import UIKit
        #elseif canImport(AppKit)
        import AppKit
        #endif
        """

    /// Each target's files: scanned (clause tables), and the same imports made by hand (clause
    /// lists of their own), which share answers with the scanned ones.
    static func files(of target: Target) -> [SourceFile] {
        let scanned = ImportScanner.scan(text).imports
        let handMade = scanned.map { declaration in
            ImportDeclaration(path: declaration.path, position: declaration.position, conditions: declaration.conditions)
        }
        return [SourceFile(path: "\(target.name)/A.swift", imports: scanned), SourceFile(path: "\(target.name)/B.swift", imports: scanned),
                SourceFile(path: "\(target.name)/C.swift", imports: handMade)]
    }

    @Test(arguments: [false, true])
    func everyTargetGetsItsOwnAnswerWhicheverAsksFirst(reversed: Bool) {
        let graph = Self.graph()
        let builds = PlatformBuild.all(platforms: [.ios, .macos, .tvos, .watchos], configurations: [.debug, .release])
        let sources = Dictionary(uniqueKeysWithValues: graph.targets.map { ($0.id, Self.files(of: $0)) })
        let input = CheckInput(graph: graph, sources: sources, configuration: Configuration(), builds: builds)
        let unbuilt = UnbuiltModules.byBuild(graph: graph, builds: builds)
        var answersByImport: [String: Set<ImportActivity>] = [:]
        for target in reversed ? graph.targets.reversed() : graph.targets {
            let perBuild = TargetBuilds(target: target, graph: graph, builds: builds, unbuilt: unbuilt).environments
            for _ in 0..<2 {  // asked again: answered from memory
                for file in sources[target.id] ?? [] {
                    for declaration in file.imports {
                        let direct = CheckInput.activity(of: declaration, perBuild: perBuild)
                        #expect(input.activity(of: declaration, in: target) == direct, "\(target.name) \(file.path) \(declaration.module)")
                        answersByImport[declaration.module, default: []].insert(direct)
                    }
                }
            }
        }
        // The targets do differ: a memo that shared answers too widely would fail above.
        for module in ["PlotsUser", "AtlasUser", "Neither", "DebugAtlas", "Nested", "SixPackage", "UIKit"] {
            #expect((answersByImport[module]?.count ?? 0) >= 2, "\(module)")
        }
    }

    @Test func targetsThatDifferOnlyInModulesNoClauseNamesAreOfOneKind() {
        let graph = Self.graph()
        let builds = PlatformBuild.all(platforms: [.ios, .macos], configurations: [.debug, .release])
        func kind(_ name: String) -> TargetBuilds.Kind {
            TargetBuilds(target: graph.target(TargetID(package: "p", name: name))!, graph: graph, builds: builds).kind
        }
        #expect(kind("Plain") == kind("Plain2"))
        #expect(kind("Plain") == kind("SeesPlots"))
        #expect(kind("Plain") != kind("Flagged"))
        #expect(kind("Flagged") != kind("FlaggedOnIOS"))
        #expect(kind("Plain") != kind("Swift5"))
        #expect(kind("AppTarget") != kind("Plain"))
        #expect(kind("AppTarget") != kind("MacApp"))
        // Seen only on iOS: another walk for the other builds.
        #expect(kind("Plain") != kind("SeesPlotsOnIOS"))
    }

    @Test func anImportOutsideEveryClauseIsActiveInEveryBuild() {
        let graph = Self.graph()
        let builds = PlatformBuild.all(platforms: [.ios, .macos], configurations: [.debug, .release])
        for target in graph.targets {
            let made = TargetBuilds(target: target, graph: graph, builds: builds)
            let declaration = ImportDeclaration(path: ["Foundation"], position: SourcePosition(offset: 0, line: 1, column: 8))
            #expect(made.unconditional == CheckInput.activity(of: declaration, perBuild: made.environments), "\(target.name)")
        }
    }

    /// The missing modules made once per build equal those each target's variants made.
    @Test func sharedMissingModulesEqualEachTargetsOwn() {
        let graph = Self.graph()
        let builds = PlatformBuild.all(platforms: [.ios, .linux], configurations: [.debug])
        let unbuilt: [PlatformBuild: Set<String>] = [builds[0]: ["Atlas"], builds[1]: []]
        let knownMissing = TargetBuilds.knownMissing(builds: builds, unbuilt: unbuilt)
        let products = TargetBuilds.ExternalModules(graph: graph)
        for target in graph.targets {
            let own = TargetBuilds(target: target, graph: graph, builds: builds, unbuilt: unbuilt)
            let shared = TargetBuilds(target: target, graph: graph, builds: builds, products: products,
                                      compilerVersion: BuildEnvironment.toolchainCompilerVersion, unbuilt: unbuilt, knownMissing: knownMissing)
            #expect(own.environments.map(\.build) == shared.environments.map(\.build))
            for (mine, theirs) in zip(own.environments, shared.environments) {
                #expect(mine.variants == theirs.variants, "\(target.name) \(mine.build)")
            }
        }
    }
}
