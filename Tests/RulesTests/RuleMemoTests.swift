import Configuration
import ImportScanning
import ModuleGraph
import TestSupport
import Testing
@testable import Rules

/// The answers rules remember (a chain per pair of targets, an import's activity per target and
/// clause list, a target's visible modules per distinct build) equal the direct computation.
@Suite(.tags(.small)) struct RuleMemoTests {
    /// A layered graph with diamonds, equal-length alternatives, a conditional edge and targets
    /// that reach nothing: every pair is asked.
    static func layered() -> ModuleGraph {
        func target(_ name: String, _ dependencies: [String], iOSOnly: Set<String> = []) -> Target {
            Target(id: TargetID(package: "p", name: name), kind: .library, moduleName: name, path: "Sources/\(name)",
                   dependencies: dependencies.map { dependency in
                       DependencyEdge(.target(TargetID(package: "p", name: dependency)),
                                      condition: iOSOnly.contains(dependency) ? DependencyCondition(platforms: ["ios"]) : nil)
                   })
        }
        let targets = [
            target("App", ["Search", "Profile", "Booking"], iOSOnly: ["Booking"]),
            target("Booking", ["Payments", "Network"]),
            target("Search", ["SearchUI", "Network"]),
            target("Profile", ["Network", "Storage"]),
            target("SearchUI", ["DesignSystem", "Models"]),
            target("Payments", ["Models", "Network"]),
            target("Network", ["Models"]),
            target("Storage", ["Models"]),
            target("DesignSystem", []),
            target("Models", []),
            target("Island", []),
        ]
        let package = PackageNode(identity: "p", name: "P", origin: .local(path: "."), toolsVersion: "6.0")
        return ModuleGraph(packages: [package], targets: targets)
    }

    @Test func shortestChainIsTheFirstPathTheGraphFinds() {
        let graph = Self.layered()
        var chains = ShortestChains(graph: graph)
        var compared = 0
        for start in graph.targets {
            for end in graph.targets {
                let expected = graph.paths(from: start.id, to: end.id, limit: 1).first?.targets
                #expect(chains.chain(from: start.id, to: end.id) == expected, "\(start.name) → \(end.name)")
                if expected != nil { compared += 1 }
            }
        }
        #expect(compared > graph.targets.count)  // not only the trivial chains of a target to itself
        #expect(chains.chain(from: TargetID(package: "p", name: "App"), to: TargetID(package: "p", name: "Nowhere")) == nil)
    }

    @Test func rememberedActivityEqualsTheDirectAnswer() {
        let graph = Self.layered()
        let builds = PlatformBuild.all(platforms: [.ios, .macos], configurations: [.debug, .release])
        let app = graph.target(TargetID(package: "p", name: "App"))!
        // The same clauses in several files, each with its own clause table, and clauses that
        // differ only by branch or by the conditions before them.
        let text = """
            import Foundation
            #if canImport(Booking)
            import Booking
            #elseif os(macOS)
            import AppKit
            #else
            import Storage
            #endif
            #if DEBUG
            import Search
            #if os(iOS)
            import UIKit
            #endif
            #endif
            """
        let files = (0..<3).map { SourceFile(path: "App/File\($0).swift", imports: ImportScanner.scan(text).imports) }
        let input = CheckInput(graph: graph, sources: [app.id: files], configuration: Configuration(), builds: builds)
        let perBuild = TargetBuilds(target: app, graph: graph, builds: builds).environments
        var labels: Set<String> = []
        for _ in 0..<2 {  // asked again: answered from memory
            for file in files {
                for declaration in file.imports {
                    let direct = CheckInput.activity(of: declaration, perBuild: perBuild)
                    #expect(input.activity(of: declaration, in: app) == direct, "\(declaration.module)")
                    labels.insert(direct.label ?? "every build")
                }
            }
        }
        #expect(labels.count >= 4)  // the clauses are decided differently, not all alike
    }

    @Test func visibleModulesAreWalkedOncePerDistinctBuildAndEqualAWalkPerBuild() {
        let graph = Self.layered()
        let builds = PlatformBuild.all(platforms: [.ios, .macos, .tvos, .watchos], configurations: [.debug, .release])
        let products = TargetBuilds.ExternalModules(graph: graph)
        for target in graph.targets {
            let made = TargetBuilds(target: target, graph: graph, builds: builds)
            #expect(made.environments.map(\.build) == builds)
            for (build, variants) in made.environments {
                let walked = TargetBuilds.visibleModules(of: target, in: graph, build: build, products: products).modules
                for variant in variants {
                    #expect(variant.platformConditions["canImport"] == walked, "\(target.name) \(build)")
                    #expect(variant.platformModules == SDKModules.importable(on: build.platform), "\(target.name) \(build)")
                }
                // Payments comes to App only through its iOS-only dependency on Booking.
                if target.name == "App" { #expect(walked.contains("Payments") == (build.platform == .ios), "\(build)") }
            }
        }
    }

    /// The targets' builds made ahead are taken for the very graph, builds and environment they
    /// were made from, and give the answers made in place; a graph built again (however alike),
    /// other builds or another environment make their own.
    @Test func targetBuildsMadeAheadAreTakenOnlyForWhatTheyWereMadeFrom() {
        let graph = Self.layered()
        let builds = PlatformBuild.all(platforms: [.ios, .macos], configurations: [.debug, .release])
        let app = graph.target(TargetID(package: "p", name: "App"))!
        let text = "#if canImport(Booking)\nimport Booking\n#else\nimport Storage\n#endif\n#if os(iOS)\nimport UIKit\n#endif\n"
        let sources = [app.id: [SourceFile(path: "App/File.swift", imports: ImportScanner.scan(text).imports)]]
        let prepared = CheckInput.PreparedTargetBuilds(graph: graph, builds: builds, environment: .unknown)
        #expect(prepared.holds(for: graph, builds: builds, environment: .unknown))
        let copy = graph
        #expect(prepared.holds(for: copy, builds: builds, environment: .unknown))
        let rebuilt = ModuleGraph(packages: graph.packages, targets: graph.targets, externalProducts: graph.externalProducts)
        #expect(!prepared.holds(for: rebuilt, builds: builds, environment: .unknown))
        #expect(!prepared.holds(for: graph, builds: Array(builds.prefix(2)), environment: .unknown))
        var newer = BuildEnvironment.unknown
        newer.compilerVersion = [99]
        #expect(!prepared.holds(for: graph, builds: builds, environment: newer))

        let made = CheckInput(graph: graph, sources: sources, configuration: Configuration(), builds: builds)
        let taken = CheckInput(graph: graph, sources: sources, configuration: Configuration(), builds: builds, prepared: prepared)
        // Made for the other builds: not taken, so the answers are those of these builds.
        let other = CheckInput.PreparedTargetBuilds(graph: graph, builds: [PlatformBuild(.macos, .debug)], environment: .unknown)
        let refused = CheckInput(graph: graph, sources: sources, configuration: Configuration(), builds: builds, prepared: other)
        for declaration in sources[app.id]![0].imports {
            #expect(taken.activity(of: declaration, in: app) == made.activity(of: declaration, in: app), "\(declaration.module)")
            #expect(refused.activity(of: declaration, in: app) == made.activity(of: declaration, in: app), "\(declaration.module)")
        }
        #expect(made.activity(of: sources[app.id]![0].imports.last!, in: app).label != nil)  // decided per build, not alike
    }

    @Test func aGraphIsTheSameAsItsCopiesOnly() {
        let graph = Self.layered()
        let copy = graph
        #expect(graph.isSame(as: copy))
        #expect(!graph.isSame(as: Self.layered()))
    }
}
