import Diagnostics
import ModuleGraph

/// A starting configuration read from a codebase, with the reason and the count of targets
/// behind each choice, for `bulkhead init`. In order:
/// - a preset whose layers place most targets (folders `Sources/<Layer>/<Target>`, the conventions'
///   suffixes, features as `Features/<X>/Interface`, Clean Architecture's names);
/// - a convention of names or folders that explains the graph: naming families (suffixes shared
///   by several targets, `Feature`, `Client`/`ClientLive`, `Kit`; features as `X` beside
///   `XInterface`; prefixes such as `NIO*`) or folders (`Sources/<Layer>/<Target>`,
///   `Modules/<Layer>/<Package>`), kept only when it places most modules in a few layers whose
///   arrows the graph follows, with few dependencies against them;
/// - else layers from the dependency graph itself (`GraphLayers`): its levels, named after the
///   packages, folders or shared words of their modules.
/// Whatever the choice, the tests form a Tests layer, test support a TestSupport layer, and the
/// apps, extensions, executables and plugins a layer of composition roots; modules that depend on
/// no other and that no convention placed join a Foundation layer.
///
/// For inferred layers the allowed arrows are the ones the graph already follows, less those
/// that would close a cycle between layers (the weakest arrow of each cycle goes), so the first
/// `check` shows the real outliers rather than hundreds of findings.
package struct ConfigurationInference: Sendable {
    package struct InferredLayer: Sendable {
        package var layer: Configuration.Layer
        package var reason: String
    }

    package var preset: String?
    package var presetReason: String?
    package var layers: [InferredLayer]
    package var summary: String
    /// How sure the proposal is, on what, and the closest preset.
    package var verdict: String = ""
    /// Targets left unchecked: those of a tool's root manifest.
    package var excluded: [String] = []
    /// Comments on what was left out: targets in no layer, arrows dropped to break cycles, the
    /// closest preset when nothing was recognised.
    package var remarks: [String]

    /// The share of targets a convention must place to be proposed.
    static let threshold = 0.5
    /// The share of modules a convention of names or folders must place to be kept over the
    /// graph's own levels.
    static let explainingShare = 0.8
    /// The most layers of its own a convention of names or folders may have and still be kept:
    /// more are words, not layers.
    static let maximumLayers = 8

    /// The root package when its manifest is a tool's rather than the repository's code: a
    /// package named for a tool (`Danger`, `Tools`), or whose targets are only its dependencies
    /// (`DangerDependencies`, `BuildToolsDeps`), that no other local target uses.
    package static func toolPackage(in graph: ModuleGraph) -> PackageNode? {
        guard let root = graph.packages.first(where: { $0.localPath == "." }) else { return nil }
        let own = graph.targets.filter { $0.id.package == root.identity }
        let toolNames: Set<String> = ["danger", "tools", "buildtools", "devtools", "tooling"]
        let named = toolNames.contains(root.name.lowercased())
            || (!own.isEmpty && own.allSatisfy { $0.name.hasSuffix("Dependencies") || $0.name.hasSuffix("Deps") })
        guard named, graph.packages.contains(where: { $0.isLocal && $0.identity != root.identity }) || graph.targets.contains(where: { $0.productType != nil }) else { return nil }
        let ids = Set(own.map(\.id))
        let used = graph.targets.contains { target in
            target.id.package != root.identity && graph.dependencies(of: target.id).contains { dependency in
                if case .target(let id) = dependency.node { return ids.contains(id) }
                return false
            }
        }
        return used ? nil : root
    }

    /// The name a configuration is headed with: the root package's, unless its manifest is a
    /// tool's; then the repository's folder.
    package static func repositoryName(of graph: ModuleGraph, folder: String) -> String {
        if toolPackage(in: graph) == nil, let root = graph.packages.first(where: { $0.localPath == "." }) { return root.name }
        let last = folder.split(separator: "/").last.map(String.init) ?? ""
        return last.isEmpty ? "this repository" : last
    }

    package static func infer(from graph: ModuleGraph, packageName: String) -> ConfigurationInference {
        var inference = inferLeavingOut(toolPackage(in: graph), from: graph)
        if let tool = toolPackage(in: graph) {
            inference.excluded = Set(graph.targets.filter { $0.id.package == tool.identity }.map(\.name)).sorted()
            inference.remarks.append("The root Package.swift is a tool's (\(tool.name)), not the repository's code: its targets are left out of the layers and unchecked (exclude).")
        }
        return inference
    }

    static func inferLeavingOut(_ tool: PackageNode?, from graph: ModuleGraph) -> ConfigurationInference {
        let local = Set(graph.packages.filter { $0.isLocal && $0.identity != tool?.identity }.map(\.identity))
        let all = graph.targets.filter { local.contains($0.id.package) }
        let placeable = all.filter { !$0.isTest }
        let tests = all.filter(\.isTest)
        guard !placeable.isEmpty else {
            return ConfigurationInference(preset: nil, presetReason: nil, layers: [], summary: "no targets to place in layers",
                                          verdict: "nothing to layer", remarks: ["No non-test targets were found."])
        }

        let presets = Presets.all.keys.sorted().map { name in
            (name: name, placed: placedCount(of: placeable, by: Presets.all[name]?.layers ?? [], in: graph))
        }.sorted { ($0.placed, $1.name) > ($1.placed, $0.name) }
        // Apps, extensions, executables and plugins are composition roots whatever their names;
        // test support may reach anything. A convention is judged on the other targets.
        let roots = placeable.filter(isCompositionRoot)
        // Named for tests and used by no production module: `XCTestDebugSupport` in a module's
        // dependencies is that module's to use, not test support.
        let named = Set(placeable.filter { !isCompositionRoot($0) && isTestSupport($0) }.map(\.id))
        let usedInProduction = Set(placeable.filter { !isCompositionRoot($0) && !named.contains($0.id) }.flatMap { target in
            graph.dependencies(of: target.id).compactMap { dependency -> TargetID? in
                if case .target(let id) = dependency.node { return id }
                return nil
            }
        })
        let support = placeable.filter { named.contains($0.id) && !usedInProduction.contains($0.id) }
        let modules = placeable.filter { !isCompositionRoot($0) && !(named.contains($0.id) && !usedInProduction.contains($0.id)) }
        let conventions = [
            NamingFamilies.layers(for: modules).flatMap { keepingFamiliesThatShareArrows($0, modules: modules, graph: graph) },
            FolderGroups.layers(for: modules, in: graph),
        ].compactMap { $0 }.filter { !$0.layers.isEmpty }.map { convention in
            // Counted by the assignment `check` will make: a prefix also places `NIOHTTP1`,
            // which is one word and so in no family of its own.
            var counted = withFoundation(convention, modules: modules, graph: graph)
            counted.ownPlaced = placedCount(of: modules, by: convention.layers.map(\.layer), in: graph)
            counted.placed = placedCount(of: modules, by: counted.layers.map(\.layer), in: graph)
            return counted
        }
        let judged = conventions.map { (convention: $0, judgement: judge($0, modules: modules, graph: graph)) }
        let explaining = judged.filter { $0.judgement == nil }.map(\.convention)

        let bestPreset = presets.first
        let closest = bestPreset.flatMap { $0.placed > 0 ? "closest preset: `\($0.name)`, which places \($0.placed) of \(placeable.count)" : nil }
            ?? "no preset places any target"
        // Ties go to naming families, which name the layers as the team does.
        let bestConvention = explaining.max { lhs, rhs in (lhs.placed, lhs.kind) < (rhs.placed, rhs.kind) }
        let total = placeable.count
        // A preset wins ties: its table is the convention's, reviewed, rather than the graph's habits.
        if let bestPreset, Double(bestPreset.placed) >= threshold * Double(total),
           bestPreset.placed >= bestConvention.map({ $0.placed + roots.count + support.count }) ?? 0 {
            var choice = presetChoice(bestPreset.name, placed: bestPreset.placed, total: total, placeable: placeable, graph: graph)
            choice.verdict = bestPreset.placed == total
                ? "sure: every target follows the `\(bestPreset.name)` preset"
                : "fairly sure: \(bestPreset.placed) of \(total) targets follow the `\(bestPreset.name)` preset"
            return choice
        }
        if let convention = bestConvention, !modules.isEmpty {
            var choice = inferredChoice(framed(convention, tests: tests, support: support, roots: roots), total: total, placeable: placeable, graph: graph)
            // A handful of modules follow any convention: say so.
            let sureness = modules.count < 5 ? "a guess from only \(modules.count) modules" : "fairly sure"
            choice.verdict = "\(sureness): the \(convention.kind) place \(convention.placed) of \(modules.count) modules in layers whose arrows the graph follows; \(closest)"
            return choice
        }
        if let levels = GraphLayers.layers(for: modules, in: graph) {
            var choice = inferredChoice(framed(levels, tests: tests, support: support, roots: roots), total: total, placeable: placeable, graph: graph)
            let rejected = judged.compactMap { entry in entry.judgement.map { "the \(entry.convention.kind) \($0)" } }
            choice.verdict = "a proposal to review: no naming or folder convention explains the graph"
                + (rejected.isEmpty ? "" : " (\(rejected.joined(separator: "; ")))")
                + ", so the layers are the graph's levels; rename them as the team calls them; \(closest)"
            return choice
        }
        // A graph with no dependency between modules: a convention that places half, as it is.
        if let convention = conventions.max(by: { ($0.placed, $0.kind) < ($1.placed, $1.kind) }), !modules.isEmpty,
           Double(convention.placed) >= threshold * Double(modules.count) {
            var choice = inferredChoice(framed(convention, tests: tests, support: support, roots: roots), total: total, placeable: placeable, graph: graph)
            choice.verdict = "a guess: the modules depend on none of each other, so only the \(convention.kind) say anything; \(closest)"
            return choice
        }
        var remarks = ["No convention places half of the \(total) non-test targets: no naming family, folder layout or preset was recognised, and the modules depend too little on each other for layers."]
        if let bestPreset, bestPreset.placed > 0 {
            remarks.append("The closest preset is `\(bestPreset.name)` (\(Presets.summaries[bestPreset.name] ?? "")), which places \(bestPreset.placed) of \(total); see `bulkhead explain preset \(bestPreset.name)`.")
        } else {
            remarks.append("No preset places any target; `bulkhead explain preset layers` (or suffixes, features, clean) shows what each expects.")
        }
        if let strongest = conventions.max(by: { ($0.placed, $0.kind) < ($1.placed, $1.kind) }) {
            remarks.append("The strongest convention found, \(strongest.kind), places only \(strongest.placed) of \(total).")
        }
        return ConfigurationInference(preset: nil, presetReason: nil, layers: [],
                                      summary: "no convention recognised (closest preset: \(bestPreset.flatMap { $0.placed > 0 ? $0.name : nil } ?? "none")); undeclared-import, unreachable-import and unused-dependency apply",
                                      verdict: "no layers: nothing in the names, folders or graph says what they are; \(closest)",
                                      remarks: remarks)
    }

    /// Why a convention of names or folders does not explain the graph, or nil when it does: its
    /// families or folders place half the modules, and with the Foundation layer most of them,
    /// in a few layers, and the dependencies its arrows leave out (the weakest of each cycle
    /// between layers) are few.
    static func judge(_ convention: InferredConvention, modules: [Target], graph: ModuleGraph) -> String? {
        let own = convention.layers.filter { !$0.layer.mayUse.contains("*") }
        if Double(convention.ownPlaced) < threshold * Double(modules.count) {
            return "place only \(convention.ownPlaced) of \(modules.count) modules"
        }
        if Double(convention.placed) < explainingShare * Double(modules.count) {
            return "place only \(convention.placed) of \(modules.count) modules, with the foundation"
        }
        if own.count < 2 {
            return "make one layer, which orders nothing"
        }
        if own.count > maximumLayers {
            return "make \(own.count) layers, too many for an architecture"
        }
        let arrows = LayerArrows(layers: convention.layers.map(\.layer), graph: graph, targets: modules)
        let against = arrows.dropped.reduce(0) { $0 + $1.count }
        if against > max(2, arrows.crossing / 10) {
            return "leave \(against) of \(arrows.crossing) dependencies between layers against the order"
        }
        return nil
    }

    /// The naming convention without the families whose members share no arrow — none uses
    /// another, they have no dependency in common and no module uses two of them: a word their
    /// names repeat (`AppKitExtensions`, `AppLauncher`), not a layer. Known roles (`Feature`,
    /// `Client`, `Models`…) stay. Nil when no family is left.
    static func keepingFamiliesThatShareArrows(_ convention: InferredConvention, modules: [Target], graph: ModuleGraph) -> InferredConvention? {
        let assignment = LayerAssignment(graph: graph, layers: convention.layers.map(\.layer))
        let moduleIDs = Set(modules.map(\.id))
        func localDependencies(_ id: TargetID) -> Set<TargetID> {
            Set(graph.dependencies(of: id).compactMap { dependency in
                if case .target(let target) = dependency.node, moduleIDs.contains(target), target != id { return target }
                return nil
            })
        }
        var result = convention
        result.layers = convention.layers.filter { inferred in
            let layer = inferred.layer
            if layer.suffixes.contains(where: { NamingFamilies.known[$0] != nil }) || !layer.targets.isEmpty { return true }
            let members = modules.filter { assignment.layer(of: $0.id)?.name == layer.name }.map(\.id)
            let ids = Set(members)
            let dependencies = members.map(localDependencies)
            if dependencies.contains(where: { !$0.isDisjoint(with: ids) }) { return true }
            if let first = dependencies.first, !dependencies.dropFirst().reduce(first, { $0.intersection($1) }).isEmpty { return true }
            let sharedUser = modules.contains { module in
                !ids.contains(module.id) && localDependencies(module.id).intersection(ids).count >= 2
            }
            if !sharedUser {
                let words = layer.prefixes.isEmpty ? "end in \(layer.suffixes.joined(separator: " or "))" : "begin with \(layer.prefixes.joined(separator: " or "))"
                result.notes.append("No \(layer.name) layer: the \(members.count) modules that \(words) share no arrow (none uses another, they use nothing in common and no module uses two of them), so the name is a word they repeat, not a layer.")
            }
            return sharedUser
        }
        return result.layers.isEmpty ? nil : result
    }

    /// An application, app extension, system extension, XPC service or watch app of an Xcode
    /// project, or a package's executable or plugin: its own process, where the modules are put
    /// together, so nothing depends on it and it may depend on anything.
    static func isCompositionRoot(_ target: Target) -> Bool {
        if let type = target.productType {
            // An aggregate target runs scripts (Periphery, SwiftLint) over what it depends on.
            return [.application, .appExtension, .watchApp, .systemExtension, .xpcService, .tool, .aggregate, .stickerPack].contains(type)
        }
        return target.kind == .executable || target.kind == .plugin || target.kind == .snippet
    }

    /// Words in a module's name that say it serves tests: `SearchTesting`, `_InternalTestSupport`,
    /// `NIOTestUtils`, `ServerTestHelpers`, `NetworkMocks`.
    static let testSupportWords: Set<String> = ["Test", "Tests", "Testing", "Mock", "Mocks", "Fake", "Fakes", "Stub", "Stubs", "Fixture", "Fixtures"]

    static func isTestSupport(_ target: Target) -> Bool {
        let words = NamingFamilies.camelWords(target.name)
        return words.count > 1 && words.contains(where: testSupportWords.contains)
    }

    /// The convention with the layers every proposal has in front: Tests, the composition roots
    /// (`App`, or `Executables` without an Xcode app), TestSupport.
    static func framed(_ convention: InferredConvention, tests: [Target], support: [Target], roots: [Target]) -> InferredConvention {
        var result = convention
        var front: [InferredLayer] = []
        var taken = convention.layers.map(\.layer.name)
        func name(_ base: String, else other: String) -> String {
            let chosen = taken.contains(base) ? NamingFamilies.layerName(other, taken: taken) : base
            taken.append(chosen)
            return chosen
        }
        if !tests.isEmpty {
            var layer = Configuration.Layer(name: name("Tests", else: "TestTargets"), suffixes: ["Tests"], mayUse: ["*"], allowsThirdParty: true)
            layer.kinds = ["test"]
            front.append(.init(layer: layer, reason: "\(tests.count) test target\(tests.count == 1 ? "" : "s") may reach anything they test."))
        }
        if !roots.isEmpty {
            let names = Set(roots.map(\.name)).sorted()
            let apps = roots.filter { $0.productType != nil }.count
            let plugins = roots.filter { $0.productType == nil && $0.kind == .plugin }.count
            let executables = roots.count - apps - plugins
            let base = apps > 0 ? "App" : "Executables"
            func counted(_ count: Int, _ what: String) -> String? { count == 0 ? nil : "\(count) \(what)\(count == 1 ? "" : "s")" }
            let what = [counted(apps, "app or extension of an Xcode project").map { apps == 1 ? $0 : "\(apps) apps and extensions of Xcode projects" },
                        counted(executables, "package executable"), counted(plugins, "plugin")]
                .compactMap { $0 }.joined(separator: ", ")
            let layerName = name(base, else: "CompositionRoots")
            front.append(.init(layer: .init(name: layerName, targets: names, mayUse: ["*"], allowsThirdParty: true),
                               reason: "\(names.count) composition root\(names.count == 1 ? "" : "s") (\(what)) put the modules together, so they may use every layer and none may use them: \(listed(names))."))
            result.rootLayer = layerName
        }
        if !support.isEmpty {
            let names = Set(support.map(\.name)).sorted()
            front.append(.init(layer: .init(name: name("TestSupport", else: "TestHelpers"), targets: names, mayUse: ["*"], allowsThirdParty: true),
                               reason: "\(names.count) module\(names.count == 1 ? "" : "s") named for tests (Testing, TestSupport, Mocks…) serve the tests and may use anything; production code should not use them: \(listed(names))."))
        }
        result.layers = front + result.layers
        result.placed += roots.count + support.count
        return result
    }

    /// The convention with a Foundation layer for the modules it left out that use no module it
    /// placed — those that use no other module, then those that use only these: models, themes,
    /// shared components (`CommonComponents` over `Theme`).
    static func withFoundation(_ convention: InferredConvention, modules: [Target], graph: ModuleGraph) -> InferredConvention {
        let assignment = LayerAssignment(graph: graph, layers: convention.layers.map(\.layer))
        let moduleIDs = Set(modules.map(\.id))
        let unplaced = modules.filter { assignment.layer(of: $0.id) == nil }
        let uses = Dictionary(unplaced.map { target in
            (target.id, Set(graph.dependencies(of: target.id).compactMap { dependency -> TargetID? in
                if case .target(let id) = dependency.node, moduleIDs.contains(id), id != target.id { return id }
                return nil
            }))
        }, uniquingKeysWith: { first, _ in first })
        // Kahn's walk: a module joins once every module it uses has joined.
        var waiting = uses.mapValues(\.count)
        var users: [TargetID: [TargetID]] = [:]
        for (user, used) in uses { for id in used { users[id, default: []].append(user) } }
        var ready = unplaced.map(\.id).filter { waiting[$0] == 0 }
        var foundation: Set<TargetID> = []
        while let id = ready.popLast() {
            guard foundation.insert(id).inserted else { continue }
            for user in users[id] ?? [] {
                waiting[user, default: 0] -= 1
                if waiting[user] == 0 { ready.append(user) }
            }
        }
        let leaves = Set(unplaced.filter { foundation.contains($0.id) }.map(\.name)).sorted()
        guard !leaves.isEmpty else { return convention }
        var result = convention
        let name = NamingFamilies.layerName("Foundation", taken: convention.layers.map(\.layer.name))
        result.layers.append(.init(layer: .init(name: name, targets: leaves),
                                   reason: "\(leaves.count) module\(leaves.count == 1 ? "" : "s") in no family or folder that use\(leaves.count == 1 ? "s" : "") no module of the layers above (models, themes, shared components): \(listed(leaves))."))
        return result
    }

    /// How many of `targets` a list of layers places.
    static func placedCount(of targets: [Target], by layers: [Configuration.Layer], in graph: ModuleGraph) -> Int {
        let assignment = LayerAssignment(graph: graph, layers: layers)
        return targets.filter { assignment.layer(of: $0.id) != nil }.count
    }

    private static func presetChoice(_ name: String, placed: Int, total: Int, placeable: [Target], graph: ModuleGraph) -> ConfigurationInference {
        let layers = Presets.all[name]?.layers ?? []
        let assignment = LayerAssignment(graph: graph, layers: layers)
        let unplaced = Set(placeable.filter { assignment.layer(of: $0.id) == nil }.map(\.name)).sorted()
        let counts = layers.map { layer in "\(layer.name) \(placeable.filter { assignment.layer(of: $0.id)?.name == layer.name }.count)" }
        let how = layers.contains { !$0.paths.isEmpty } && layers.allSatisfy { $0.suffixes.isEmpty } ? "by folder" : "by name and folder"
        var remarks: [String] = []
        if !unplaced.isEmpty { remarks.append("In no layer, so no layer rule applies to them (\(unplaced.count)), as the preset's names and folders match none of them: \(listed(unplaced)).") }
        return ConfigurationInference(
            preset: name,
            presetReason: "\(placed) of \(total) non-test targets follow the `\(name)` preset (\(Presets.summaries[name] ?? "")); by layer: \(counts.joined(separator: ", ")). `bulkhead explain preset \(name)` prints its table.",
            layers: [], summary: "preset \(name) (\(placed) of \(total) targets \(how))", remarks: remarks)
    }

    private static func inferredChoice(_ convention: InferredConvention, total: Int, placeable: [Target], graph: ModuleGraph) -> ConfigurationInference {
        var layers = convention.layers
        let arrows = LayerArrows(layers: layers.map(\.layer), graph: graph, targets: placeable)
        for index in layers.indices where !layers[index].layer.mayUse.contains("*") {
            layers[index].layer.mayUse = arrows.allowed[layers[index].layer.name] ?? []
            layers[index].layer.allowsThirdParty = arrows.usesThirdParty.contains(layers[index].layer.name)
        }
        let assignment = LayerAssignment(graph: graph, layers: layers.map(\.layer))
        let unplaced = Set(placeable.filter { assignment.layer(of: $0.id) == nil }.map(\.name)).sorted()
        var remarks = convention.notes
        if !unplaced.isEmpty {
            remarks.append("In no layer, so no layer rule applies to them (\(unplaced.count)), as they match no family or folder and depend on other modules: \(listed(unplaced)).")
        }
        if let root = convention.rootLayer {
            remarks += usesOfRoots(root, layers: &layers, assignment: assignment, placeable: placeable, graph: graph)
        }
        for dropped in arrows.dropped {
            remarks.append("Not allowed: \(dropped.from) → \(dropped.to), used by \(dropped.count) dependenc\(dropped.count == 1 ? "y" : "ies") (\(listed(dropped.examples))), because it is the weakest arrow of a cycle between layers; the first check reports them.")
        }
        let placed = placeable.filter { assignment.layer(of: $0.id) != nil }.count
        return ConfigurationInference(
            preset: nil, presetReason: nil, layers: layers,
            summary: "\(layers.count) layers inferred from \(convention.kind) (\(placed) of \(total) targets)", remarks: remarks)
    }

    /// No layer may use the composition roots, even where the graph does (a module depending on
    /// the app): the arrow is taken out of every `mayUse` and the dependencies are named, for the
    /// first check reports them.
    private static func usesOfRoots(_ root: String, layers: inout [InferredLayer], assignment: LayerAssignment,
                                    placeable: [Target], graph: ModuleGraph) -> [String] {
        var uses: [String: [String]] = [:]
        for target in placeable {
            guard let from = assignment.layer(of: target.id)?.name, from != root else { continue }
            for dependency in graph.dependencies(of: target.id) {
                if case .target(let id) = dependency.node, assignment.layer(of: id)?.name == root {
                    uses[from, default: []].append("\(target.name) → \(id.name)")
                }
            }
        }
        for index in layers.indices { layers[index].layer.mayUse.removeAll { $0 == root } }
        return uses.keys.sorted().map { from in
            let examples = (uses[from] ?? []).sorted()
            return "Not allowed: \(from) → \(root), used by \(examples.count) dependenc\(examples.count == 1 ? "y" : "ies") (\(listed(examples))), because an app composes the modules and none may depend on it; the first check reports them."
        }
    }

    /// At most ten names, then how many more.
    static func listed(_ names: [String]) -> String {
        names.count <= 10 ? names.joined(separator: ", ") : names.prefix(10).joined(separator: ", ") + " and \(names.count - 10) more"
    }

    /// The configuration as JSON5 with a comment on every choice; `rules` lists each rule id with
    /// its default severity (nil: off), in the order they are shown.
    /// `tooling` adds the `affected.ignore` entries it proposes, commented out with their reasons.
    package func json5(packageName: String, rules: [(id: String, defaultSeverity: Severity?)], tooling: ToolingSuggestions? = nil) -> String {
        var lines = [
            "// bulkhead.json for \(Self.commentSafe(packageName)), written by `bulkhead init`. JSON5: comments and trailing",
            "// commas are fine. Run `bulkhead check`; `bulkhead explain RULE` says what a rule checks.",
        ]
        // The verdict with its count, also for --print, where no "wrote" line says it.
        lines += wrapped("Read from the codebase: \(summary).", indent: "// ")
        if !verdict.isEmpty { lines += wrapped("Verdict: \(verdict).", indent: "// ") }
        lines.append("{")
        if let preset {
            lines += wrapped(presetReason ?? "", indent: "  // ")
            lines.append("  \"preset\": \"\(preset)\",")
        } else if !layers.isEmpty {
            lines += wrapped("Layers, first match wins. A target belongs to a layer listed by name, else to the first whose paths, suffixes or prefixes match; mayUse lists the layers it may depend on, as the graph already does.", indent: "  // ")
            lines.append("  \"layers\": [")
            for inferred in layers {
                lines += wrapped(inferred.reason, indent: "    // ")
                let layer = inferred.layer
                var fields = ["\"name\": \(quoted(layer.name))"]
                if !layer.paths.isEmpty { fields.append("\"paths\": [\(layer.paths.map(quoted).joined(separator: ", "))]") }
                if !layer.suffixes.isEmpty { fields.append("\"suffixes\": [\(layer.suffixes.map(quoted).joined(separator: ", "))]") }
                if !layer.prefixes.isEmpty { fields.append("\"prefixes\": [\(layer.prefixes.map(quoted).joined(separator: ", "))]") }
                if !layer.targets.isEmpty { fields.append("\"targets\": [\(layer.targets.map(quoted).joined(separator: ", "))]") }
                if !layer.kinds.isEmpty { fields.append("\"kinds\": [\(layer.kinds.map(quoted).joined(separator: ", "))]") }
                fields.append("\"mayUse\": [\(layer.mayUse.map(quoted).joined(separator: ", "))]")
                if layer.allowsThirdParty { fields.append("\"thirdParty\": true") }
                lines.append("    { " + fields.joined(separator: ", ") + " },")
            }
            lines.append("  ],")
        } else {
            lines += wrapped("No layers: describe yours with \"layers\": [{ \"name\": …, \"paths\": [globs] or \"suffixes\" or \"targets\", \"mayUse\": [layers] }], or pick a preset.", indent: "  // ")
        }
        for remark in remarks { lines += wrapped(remark, indent: "  // ") }
        lines.append("")
        lines += wrapped("Severities: \"error\" fails the check, \"warning\" reports, \"off\" skips.", indent: "  // ")
        lines.append("  \"rules\": {")
        for rule in rules {
            lines.append("    \"\(rule.id)\": \"\(rule.defaultSeverity?.rawValue ?? "off")\",")
        }
        lines.append("  },")
        lines.append("")
        lines.append("  // Globs of paths (target folders or files), or target names, left unchecked.")
        lines.append("  \"exclude\": [\(excluded.map(quoted).joined(separator: ", "))],")
        if let tooling, tooling.recognisesTooling {
            lines.append("")
            lines += wrapped("A changed file outside every target makes `bulkhead affected` select every test. These look like tooling rather than code the tests build: uncomment to ignore them. Your call: a tool can write code the app compiles.", indent: "  // ")
            lines.append("  // \"affected\": {")
            lines.append("  //   \"ignore\": [")
            for suggestion in tooling.suggestions {
                lines.append("  //     \(quoted(suggestion.pattern)),  // \(suggestion.reason)")
            }
            lines.append("  //   ],")
            lines.append("  // },")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A JSON string literal: names come from the manifest and may hold quotes or backslashes.
    private func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// `text` with what would end a `//` comment early — JSON5's line terminators, from a target
    /// or folder name — written as escapes, so a name cannot turn the rest of its line into JSON.
    static func commentSafe(_ text: String) -> String {
        var safe = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": safe += "\\n"
            case "\r": safe += "\\r"
            case "\u{2028}": safe += "\\u2028"
            case "\u{2029}": safe += "\\u2029"
            default: safe.unicodeScalars.append(scalar)
            }
        }
        return safe
    }

    private func wrapped(_ text: String, indent: String, width: Int = 98) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in Self.commentSafe(text).split(separator: " ") {
            if !current.isEmpty && indent.count + current.count + 1 + word.count > width {
                lines.append(indent + current)
                current = String(word)
            } else {
                current += current.isEmpty ? String(word) : " " + word
            }
        }
        if !current.isEmpty { lines.append(indent + current) }
        return lines
    }
}

/// Layers one kind of convention proposes, and how many non-test targets they place.
struct InferredConvention: Sendable {
    /// "naming families" or "folders", for the summary.
    var kind: String
    var layers: [ConfigurationInference.InferredLayer]
    var placed: Int
    /// The layer of composition roots, when the graph has apps, extensions or executables.
    var rootLayer: String? = nil
    /// Families left out and why, for the comments.
    var notes: [String] = []
    /// How many modules its own layers place, before the Foundation layer takes the leaves.
    var ownPlaced = 0
}
