import ImportScanning
import ModuleGraph

/// The `@_exported import`s of the workspace's targets, as the dependency rules read them: what
/// a target's sources use (`unused-dependency`, `redundant-dependency`) and what a declared
/// dependency hands on in every build (`redundant-dependency`).
struct Reexports {
    /// Module → the modules its target's sources re-export, under any `#if`.
    private var any: [String: Set<String>] = [:]
    /// Target → the whole modules its sources re-export outside any `#if`, with the file of the
    /// first such import: what every build of the target hands on to its importers.
    private var unconditional: [TargetID: [(module: String, path: String)]] = [:]

    init(_ input: CheckInput) {
        for target in input.graph.targets {
            var seen: Set<String> = []
            for file in input.sources[target.id] ?? [] {
                // By position: most imports have no attribute and are passed over without being
                // copied out of the file.
                for position in file.imports.indices where !file.imports[position].attributes.isEmpty {
                    let declaration = file.imports[position]
                    guard declaration.hasAttribute("_exported") else { continue }
                    any[target.moduleName, default: []].insert(declaration.module)
                    // `@_exported import struct A.B` hands on one declaration, `import A.B` a
                    // submodule: only `@_exported import A` hands on module A.
                    if declaration.conditionDepth == 0, declaration.kind == nil, declaration.path.count == 1, seen.insert(declaration.module).inserted {
                        unconditional[target.id, default: []].append((declaration.module, file.path))
                    }
                }
            }
        }
    }

    /// The modules `target`'s sources import (in an `#if` any build may compile), and those
    /// that arrive with them through `@_exported` imports, transitively: what the target uses.
    func used(by target: Target, in input: CheckInput) -> (imported: Set<String>, reachable: Set<String>) {
        var imported: Set<String> = []
        // Asked only about the graph's targets, whose imports are numbered.
        guard let index = input.graph.index(of: target.id) else { return ([], []) }
        // By module number: a module already counted is not asked about again, and each is
        // hashed once, not once per import of it.
        let modules = input.importedModules
        var counted = [Bool](repeating: false, count: modules.names.count)
        let numbering = modules.numbers(ofTargetAt: index)
        // Sized for every import at once: grown insert by insert, the set was made again (and
        // every name in it hashed again) at each doubling, for every target.
        imported.reserveCapacity(numbering.reduce(0) { $0 + $1.count })
        for (file, numbers) in zip(input.sources[target.id] ?? [], numbering) {
            for position in numbers.indices where !counted[numbers[position]] && input.mayCompileOnAnyPlatform(file.imports[position]) {
                counted[numbers[position]] = true
                imported.insert(modules.names[numbers[position]])
            }
        }
        // Most workspaces re-export nothing: then what arrives is what is imported.
        guard !any.isEmpty else { return (imported, imported) }
        var reachable = imported
        var frontier = Array(imported)
        while let module = frontier.popLast() {
            for exported in any[module] ?? [] where reachable.insert(exported).inserted {
                frontier.append(exported)
            }
        }
        return (imported, reachable)
    }

    /// The whole modules `target` re-exports in every build (`@_exported import M` outside any
    /// `#if`), whether or not it reaches them through its dependencies.
    func wholeModules(reexportedBy target: TargetID) -> [String] {
        (unconditional[target] ?? []).map(\.module)
    }

    /// The modules `module`'s target re-exports (`@_exported import`, under any `#if`), and
    /// theirs, transitively: what importing `module` brings along.
    func handedOn(by module: String) -> Set<String> {
        guard let direct = any[module] else { return [] }
        var result = direct
        var frontier = Array(direct)
        while let next = frontier.popLast() {
            for exported in any[next] ?? [] where result.insert(exported).inserted {
                frontier.append(exported)
            }
        }
        return result
    }

    /// The whole modules `target` re-exports in every build, and so hands on to whoever depends
    /// on it: its unconditional `@_exported import`s of modules it reaches through dependencies
    /// without a condition, and theirs in turn. Each comes with the chain that hands it on
    /// (`[Kit, Core, Models]`: Kit re-exports Core, which re-exports Models) and the file of the
    /// chain's last import.
    func handedOn(by start: Target, in graph: ModuleGraph, reach: inout UnconditionalReach) -> [String: (chain: [String], path: String)] {
        var result: [String: (chain: [String], path: String)] = [:]
        var visited: Set<TargetID> = [start.id]
        var pending: [(target: Target, chain: [String])] = [(start, [start.moduleName])]
        // Breadth-first, so each module keeps its shortest chain; targets are visited once.
        var index = 0
        while index < pending.count {
            let (target, chain) = pending[index]
            index += 1
            for (module, path) in unconditional[target.id] ?? [] where result[module] == nil && module != start.moduleName {
                guard reach.modules(of: target, in: graph).contains(module) else { continue }
                result[module] = (chain + [module], path)
                if let next = graph.targets(importedAs: module, from: target.id).first.flatMap(graph.target), visited.insert(next.id).inserted {
                    pending.append((next, chain + [module]))
                }
            }
        }
        return result
    }
}

/// Per target, the modules it reaches through dependencies that hold in every build (no
/// `.when(platforms:configuration:)`): those a re-export can rely on everywhere. Made on demand
/// and kept, as chains meet the same targets again.
struct UnconditionalReach {
    private var known: [TargetID: Set<String>] = [:]
    private let products: TargetBuilds.ExternalModules

    init(graph: ModuleGraph) {
        products = TargetBuilds.ExternalModules(graph: graph)
    }

    mutating func modules(of target: Target, in graph: ModuleGraph) -> Set<String> {
        if let modules = known[target.id] { return modules }
        var modules: Set<String> = [target.moduleName]
        var seen: Set<TargetID> = [target.id]
        var pending = [target.id]
        while let id = pending.popLast() {
            for dependency in graph.dependencies(of: id) where dependency.edge.condition?.isUnconditional ?? true {
                switch dependency.node {
                case .target(let next):
                    guard seen.insert(next).inserted, let reached = graph.target(next) else { continue }
                    modules.insert(reached.moduleName)
                    pending.append(next)
                case .external(let package, let product):
                    modules.formUnion(products.modules(package: package, product: product))
                }
            }
        }
        known[target.id] = modules
        return modules
    }
}
