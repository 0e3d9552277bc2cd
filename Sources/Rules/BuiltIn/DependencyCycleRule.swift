import Configuration
import Diagnostics
import ImportScanning
import ModuleGraph

/// `dependency-cycle`: targets that reach each other through declared dependencies and imports,
/// within a package or across packages, and layers that reach each other through their targets.
struct DependencyCycleRule: Rule {
    static let description = RuleDescription(
        id: "dependency-cycle",
        summary: "Targets (or layers) depend on each other in a cycle, through dependencies and imports.",
        rationale: """
        SwiftPM refuses a cycle of declared dependencies, but not an import of a module the \
        target does not declare: one that reaches back to a target depending on it links today \
        (through the other's products) and makes the two one unit — neither builds, tests or \
        moves without the other, and declaring the import is impossible. Across packages the \
        same holds, and between layers a cycle means the layering is not one. An import of \
        another local target's module counts as an edge, declared or not. The finding names the \
        shortest cycle and a small set of edges whose removal breaks every cycle among the \
        targets involved: chosen greedily, each the edge of a remaining shortest cycle that \
        leaves the fewest targets on a cycle, undeclared imports first among equals.
        """,
        defaultSeverity: .error,
        triggering: [
            RuleExample("Storage declares Networking; Networking imports Storage back without declaring it.", targets: [
                .init("Storage", dependencies: ["Networking"], source: ["import Networking"]),
                .init("Networking", source: ["import ↓Storage"]),
            ]),
            RuleExample("Three targets import one another in a ring; none declares anything.", targets: [
                .init("Search", source: ["import Booking"]),
                .init("Booking", source: ["import ↓Payment"]),
                .init("Payment", source: ["import Search"]),
            ]),
            RuleExample("Interfaces use Features and Features use Interfaces, through different targets.", targets: [
                .init("SearchInterface", path: "Sources/Interfaces/SearchInterface", dependencies: ["Booking"], source: ["import Booking"]),
                .init("Booking", path: "Sources/Features/Booking", dependencies: ["BookingInterface"], source: ["import ↓BookingInterface"]),
                .init("BookingInterface", path: "Sources/Interfaces/BookingInterface"),
                .init("Search", path: "Sources/Features/Search", dependencies: ["SearchInterface"], source: ["import SearchInterface"]),
            ], layers: exampleLayers),
        ],
        nonTriggering: [
            RuleExample("Imports follow the declared dependencies one way.", targets: [
                .init("Storage", dependencies: ["Networking"], source: ["import Networking"]),
                .init("Networking", source: ["import Foundation"]),
            ]),
            RuleExample("The import back is only compiled under #if false.", targets: [
                .init("Storage", dependencies: ["Networking"], source: ["import Networking"]),
                .init("Networking", source: ["#if false", "import Storage", "#endif"]),
            ]),
        ])

    /// Two layers that may use each other: only the cycle rule sees that they do.
    static let exampleLayers: [Configuration.Layer] = [
        .init(name: "Interfaces", paths: ["Sources/Interfaces/*"], mayUse: ["Interfaces", "Features"]),
        .init(name: "Features", paths: ["Sources/Features/*"], mayUse: ["Interfaces"]),
    ]

    /// An edge between two targets, with where it is written.
    private struct Link {
        var declaredAs: String?
        /// The first import of the module, in file and line order.
        var site: (file: SourceFile, declaration: ImportDeclaration)?
        var importCount = 0

        /// `imports` more imports along the edge; `site` is its first unless one is known.
        mutating func add(site first: (file: SourceFile, declaration: ImportDeclaration), imports: Int) {
            if site == nil { site = first }
            importCount += imports
        }
    }

    func findings(in input: CheckInput, severity: Severity) -> [Finding] {
        let graph = input.graph
        // Positions among the graph's targets, for the tables `CheckInput` keeps by them.
        let positions = graph.targets.indices.filter { !graph.targets[$0].isTest && !input.isExcluded(graph.targets[$0]) }
        let targets = positions.map { graph.targets[$0] }
        let indexByID = Dictionary(targets.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
        let modules = input.importedModules
        var links: [DirectedCycles.Edge: Link] = [:]
        // Per target, how many imports of the one walked lead to it: zero again once added to
        // its link, so one array serves every target.
        var importCount = [Int](repeating: 0, count: targets.count)
        // Per module number, the target an import of it leads to (-1: none, or the target
        // walked); -2 until the module is first met by the target walked. One array for every
        // target, its entries set back once the target is done: made per target, it was a
        // module table's worth of memory written for each.
        var targetOfModule = [Int](repeating: -2, count: modules.names.count)
        var metModules: [Int] = []
        for (from, target) in targets.enumerated() {
            for dependency in graph.dependencies(of: target.id) {
                guard case .target(let id) = dependency.node, let to = indexByID[id], to != from else { continue }
                let edge = DirectedCycles.Edge(from: from, to: to)
                if links[edge]?.declaredAs == nil { links[edge, default: Link()].declaredAs = dependency.product ?? id.name }
            }
            // Most imports are of system or remote modules, and are passed over by their number.
            defer {
                for number in metModules { targetOfModule[number] = -2 }
                metModules.removeAll(keepingCapacity: true)
            }
            // Files in path order and imports in source order, so the first site is the first
            // written; sorted only when they are not already (a scan gives them in order).
            var files = input.checkedImports(ofTargetAt: positions[from], modules: modules)
            if !Self.isOrdered(files, by: { $0.file.path < $1.file.path }) { files.sort { $0.file.path < $1.file.path } }
            // The targets this one imports, in the order first met, with that first import. Added
            // to their links once per target reached: hashing the edge for every import cost more
            // than the rest of the rule.
            var reached: [(to: Int, file: SourceFile, declaration: ImportDeclaration)] = []
            for (file, numbers) in files {
                let imports = file.imports
                let order = Self.isOrdered(imports, by: { $0.position < $1.position }) ? nil
                    : imports.indices.sorted { imports[$0].position < imports[$1].position }
                // By position, so an import of no local module is never copied out whole.
                for step in imports.indices {
                    let position = order?[step] ?? step
                    let number = numbers[position]
                    if targetOfModule[number] == -2 {
                        let to = modules.localTarget(forModule: number, from: target.id).flatMap { indexByID[$0] }
                        targetOfModule[number] = to.flatMap { $0 == from ? nil : $0 } ?? -1
                        metModules.append(number)
                    }
                    let to = targetOfModule[number]
                    guard to >= 0 else { continue }
                    guard imports[position].conditionDepth == 0 || input.mayCompile(imports[position], inTargetAt: positions[from]) else { continue }
                    if importCount[to] == 0 { reached.append((to, file, imports[position])) }
                    importCount[to] += 1
                }
            }
            for (to, file, declaration) in reached {
                // Changed in place: one lookup of the edge, not a removal and an insertion.
                let count = importCount[to]
                importCount[to] = 0
                links[DirectedCycles.Edge(from: from, to: to), default: Link()].add(site: (file, declaration), imports: count)
            }
        }
        var findings = targetCycles(targets: targets, links: links, input: input, severity: severity)
        findings += layerCycles(targets: targets, links: links, input: input, severity: severity)
        return findings
    }

    /// Whether `items` are already in the order `isBefore` gives (ties allowed): then sorting,
    /// stable, would leave them as they are.
    private static func isOrdered<Item>(_ items: [Item], by isBefore: (Item, Item) -> Bool) -> Bool {
        var index = 1
        while index < items.count {
            if isBefore(items[index], items[index - 1]) { return false }
            index += 1
        }
        return true
    }

    // MARK: Targets

    private func targetCycles(targets: [Target], links: [DirectedCycles.Edge: Link], input: CheckInput, severity: Severity) -> [Finding] {
        let cycles = DirectedCycles(count: targets.count, edges: Array(links.keys))
        let name = { (index: Int) in input.graph.displayName(targets[index].id) }
        // Undeclared imports first (deleting one is all it takes), then the fewest imports, then order.
        let preferred = { (left: DirectedCycles.Edge, right: DirectedCycles.Edge) -> Bool in
            let (a, b) = (links[left] ?? Link(), links[right] ?? Link())
            return ((a.declaredAs == nil ? 0 : 1), a.importCount, left) < ((b.declaredAs == nil ? 0 : 1), b.importCount, right)
        }
        var findings: [Finding] = []
        for component in cycles.cyclicComponents() {
            // A cycle of declared dependencies alone is one SwiftPM and Xcode refuse to load.
            let members = Set(component)
            guard links.contains(where: { members.contains($0.key.from) && members.contains($0.key.to) && $0.value.declaredAs == nil }),
                  let shortest = cycles.shortestCycle(in: component) else { continue }
            let breaking = cycles.breakingEdges(of: component, preferred: preferred)
            let cycleEdges = DirectedCycles.edges(of: shortest)
            // Reported at an import of the cycle, one of those to remove when there is one.
            let reported = cycleEdges.filter { links[$0]?.site != nil }.min { (breaking.contains($0) ? 0 : 1, $0) < (breaking.contains($1) ? 0 : 1, $1) }
                ?? cycleEdges.filter { links[$0]?.declaredAs != nil }.min()
            guard let reported, let link = links[reported] else { continue }
            let path = (shortest + [shortest[0]]).map(name).joined(separator: " → ")
            let scope = component.count == shortest.count ? "" : " (the shortest among \(component.count) targets that reach each other)"
            let removal = breaking.map { "\(name($0.from)) → \(name($0.to))" }.joined(separator: ", ")
            let notes = breaking.map { edge -> String in
                let link = links[edge] ?? Link()
                let written = link.site.map { "import at \($0.file.path):\($0.declaration.position.line)" + (link.importCount > 1 ? " and \(link.importCount - 1) more" : "") }
                let declared = link.declaredAs.map { "declared in the manifest as \"\($0)\"" }
                return "remove \(name(edge.from)) → \(name(edge.to)): " + [written, declared].compactMap { $0 }.joined(separator: "; ")
            }
            findings.append(finding(
                at: reported, link: link, from: targets[reported.from], to: targets[reported.to], severity: severity,
                message: "dependency cycle \(path)\(scope); removing \(removal) breaks every cycle among them",
                notes: notes))
        }
        return findings
    }

    // MARK: Layers

    private func layerCycles(targets: [Target], links: [DirectedCycles.Edge: Link], input: CheckInput, severity: Severity) -> [Finding] {
        let layers = input.configuration.layers
        guard layers.count > 1 else { return [] }
        let layerIndex = Dictionary(layers.enumerated().map { ($0.element.name, $0.offset) }, uniquingKeysWith: { first, _ in first })
        let layerOf = targets.map { input.layers.layer(of: $0.id).flatMap { layerIndex[$0.name] } }
        // Per pair of layers, the target edge that stands for it: one with an import, first in order.
        var representative: [DirectedCycles.Edge: DirectedCycles.Edge] = [:]
        func rank(_ edge: DirectedCycles.Edge) -> (Int, Int, DirectedCycles.Edge) {
            let allowed = layerOf[edge.from].map { layers[$0] }.map { layer in layerOf[edge.to].map { layer.allows(layers[$0].name) } ?? false } ?? false
            return (allowed ? 0 : 1, links[edge]?.site == nil ? 1 : 0, edge)
        }
        // Only arrows the table allows: a cycle through a forbidden one is `layer-dependency`'s
        // finding already, and removing that arrow is its fix.
        for edge in links.keys where rank(edge).0 == 0 {
            guard let from = layerOf[edge.from], let to = layerOf[edge.to], from != to else { continue }
            let pair = DirectedCycles.Edge(from: from, to: to)
            if let current = representative[pair], rank(current) <= rank(edge) { continue }
            representative[pair] = edge
        }
        let cycles = DirectedCycles(count: layers.count, edges: Array(representative.keys))
        var findings: [Finding] = []
        for component in cycles.cyclicComponents() {
            guard let shortest = cycles.shortestCycle(in: component) else { continue }
            let pairs = DirectedCycles.edges(of: shortest)
            let breaking = cycles.breakingEdges(of: component) { $0 < $1 }
            guard let pair = pairs.min(by: { rank(representative[$0] ?? $0) < rank(representative[$1] ?? $1) }),
                  let edge = representative[pair], let link = links[edge] else { continue }
            let path = (shortest + [shortest[0]]).map { layers[$0].name }.joined(separator: " → ")
            let notes = pairs.compactMap { pair -> String? in
                guard let edge = representative[pair] else { return nil }
                return "\(layers[pair.from].name) → \(layers[pair.to].name): \(input.graph.displayName(targets[edge.from].id)) uses \(input.graph.displayName(targets[edge.to].id))"
            }
            let removal = breaking.map { "\(layers[$0.from].name) → \(layers[$0.to].name)" }.joined(separator: ", ")
            findings.append(finding(
                at: edge, link: link, from: targets[edge.from], to: targets[edge.to], severity: severity,
                message: "layer cycle \(path): the layer table allows it, and targets use each other both ways; remove every dependency of \(removal)",
                notes: notes))
        }
        return findings
    }

    private func finding(at edge: DirectedCycles.Edge, link: Link, from: Target, to: Target, severity: Severity, message: String, notes: [String]) -> Finding {
        if let site = link.site {
            return Finding(ruleID: Self.description.id, severity: severity, target: from.id, subject: site.declaration.module,
                           message: message, notes: notes,
                           place: .source(site.file, line: site.declaration.position.line, column: site.declaration.position.column))
        }
        let declared = link.declaredAs ?? to.name
        return Finding(ruleID: Self.description.id, severity: severity, target: from.id, subject: declared,
                       message: message, notes: notes, place: .manifest(dependency: declared))
    }
}
