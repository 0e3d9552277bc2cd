import ImportScanning
import ModuleGraph

/// The graph's modules no target builds on a platform: `canImport` of one is false there. A
/// module reached only through `.when(platforms:)` dependencies of other platforms is never
/// compiled for this one, so a build of it cannot find it (SwiftPM puts a build's modules in
/// its own folder).
///
/// Built, on a platform: every local target (tests, executables and macros too, since
/// `swift build --build-tests` builds them beside the rest), and what their dependencies whose
/// conditions hold there reach, transitively; macros and plugins run on the host, so their
/// dependencies count whatever their conditions. When a product reached may build modules the
/// graph does not know (a guess, or a checkout whose targets use other packages' products), no
/// external module is said to be unbuilt.
package enum UnbuiltModules {
    /// For each build, the modules of the graph that no target builds for its platform, minus
    /// those the platform's SDK or toolchain has (which stay importable).
    package static func byBuild(graph: ModuleGraph, builds: [PlatformBuild]) -> [PlatformBuild: Set<String>] {
        var graphModules = Set(graph.targets.map(\.moduleName))
        for product in graph.externalProducts { graphModules.formUnion(product.buildsModules) }
        // Looked up per dependency edge: a search of the list made the walk quadratic.
        var products: [String: ExternalProduct] = [:]
        for product in graph.externalProducts where products[product.package + "/" + product.name] == nil {
            products[product.package + "/" + product.name] = product
        }
        var result: [PlatformBuild: Set<String>] = [:]
        var byPlatform: [Platform: Set<String>] = [:]
        // A walk reaches the same modules on every platform that decides the platform lists it
        // met as its own did: a graph without `.when(platforms:)` is walked once, not per platform.
        var walks: [Walk] = []
        for build in builds {
            if let known = byPlatform[build.platform] { result[build] = known; continue }
            // Configurations change only `.when(configuration:)`; the platform's answer must hold
            // for both, so only edges that hold in every configuration are left unfollowed.
            let walk = walks.first { $0.decidesAlike(build.platform) } ?? {
                let made = built(on: build.platform, graph: graph, products: products)
                walks.append(made)
                return made
            }()
            let unbuilt = unbuilt(on: build.platform, graph: graph, graphModules: graphModules, walk: walk)
            byPlatform[build.platform] = unbuilt
            result[build] = unbuilt
        }
        return result
    }

    static func unbuilt(on platform: Platform, graph: ModuleGraph, graphModules: Set<String>,
                        products: [String: ExternalProduct]) -> Set<String> {
        unbuilt(on: platform, graph: graph, graphModules: graphModules, walk: built(on: platform, graph: graph, products: products))
    }

    /// What one walk of the graph found built on `platform`, and the platform lists of the edges
    /// it met: another platform each of them holds for exactly when it holds for `platform`
    /// is walked alike.
    struct Walk {
        var platform: Platform
        var built: Set<String>
        var externalsUncertain: Bool
        var platformLists: [[String]]

        func decidesAlike(_ other: Platform) -> Bool {
            platformLists.allSatisfy { platforms in
                platforms.contains { Platform(named: $0) == platform } == platforms.contains { Platform(named: $0) == other }
            }
        }
    }

    private static func unbuilt(on platform: Platform, graph: ModuleGraph, graphModules: Set<String>, walk: Walk) -> Set<String> {
        var unbuilt = graphModules.subtracting(walk.built).subtracting(SDKModules.importable(on: platform))
            .subtracting(SDKModules.uncertainModules(on: platform))
        if walk.externalsUncertain { unbuilt.formIntersection(graph.targets.map(\.moduleName)) }
        return unbuilt
    }

    static func built(on platform: Platform, graph: ModuleGraph, products: [String: ExternalProduct]) -> Walk {
        var built: Set<String> = []
        // By position among the graph's targets (a target's first position, as its id finds it),
        // so no step hashes an id or copies a target out. Per reach: a target first met on this
        // platform's edges is met again through a macro.
        var seen = [Bool](repeating: false, count: graph.targets.count)
        var seenAnyPlatform = seen
        // Local targets only: a checkout's targets are built when something depends on them.
        var pending: [(position: Int, anyPlatform: Bool)] = graph.targets.filter { graph.package($0.id.package)?.isLocal ?? true }
            .compactMap { target in graph.index(of: target.id).map { ($0, target.kind == .macro || target.kind == .plugin) } }
        var externalsUncertain = false
        var platformLists: [[String]] = []
        var metLists: Set<[String]> = []
        while let (position, anyPlatform) = pending.popLast() {
            if anyPlatform {
                guard !seenAnyPlatform[position] else { continue }
                seenAnyPlatform[position] = true
            } else {
                guard !seen[position] else { continue }
                seen[position] = true
            }
            built.insert(graph.targets[position].moduleName)
            let kind = graph.targets[position].kind
            let (dependencies, targetPositions) = graph.dependencies(atIndex: position)
            for (dependency, targetPosition) in zip(dependencies, targetPositions) {
                if !anyPlatform, let platforms = dependency.edge.condition?.platforms, !platforms.isEmpty {
                    if metLists.insert(platforms).inserted { platformLists.append(platforms) }
                    if !platforms.contains(where: { Platform(named: $0) == platform }) { continue }
                }
                switch dependency.node {
                case .target:
                    guard let targetPosition else { continue }
                    pending.append((targetPosition, anyPlatform || kind == .macro || kind == .plugin))
                case .external(let package, let product):
                    guard let external = products[package + "/" + product] else {
                        externalsUncertain = true
                        continue
                    }
                    built.formUnion(external.buildsModules)
                    if external.isGuess || external.dependsOnOtherPackages { externalsUncertain = true }
                }
            }
        }
        return Walk(platform: platform, built: built, externalsUncertain: externalsUncertain, platformLists: platformLists)
    }
}
