import Diagnostics
import ModuleGraph

/// A starting configuration read from a codebase's conventions, with the reason and the count
/// of targets behind each choice, for `bulkhead init`. It looks at three kinds of convention and
/// keeps the one that places the most targets:
/// - a preset whose layers place most targets (folders `Sources/<Layer>/<Target>`, the conventions'
///   suffixes, features as `Features/<X>/Interface`, Clean Architecture's names);
/// - naming families: suffixes shared by several targets (`Feature`, `Client`/`ClientLive`,
///   `Kit`, `TestSupport`), and features as `X` beside `XInterface`;
/// - folders: targets grouped under shared parent folders (`Sources/<Layer>/<Target>`,
///   `Modules/<Layer>/<Target>`).
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
    /// Comments on what was left out: targets in no layer, arrows dropped to break cycles, the
    /// closest preset when nothing was recognised.
    package var remarks: [String]

    /// The share of targets a convention must place to be proposed.
    static let threshold = 0.5

    package static func infer(from graph: ModuleGraph, packageName: String) -> ConfigurationInference {
        let local = Set(graph.packages.filter(\.isLocal).map(\.identity))
        let all = graph.targets.filter { local.contains($0.id.package) && $0.kind != .plugin }
        let placeable = all.filter { !$0.isTest }
        guard !placeable.isEmpty else {
            return ConfigurationInference(preset: nil, presetReason: nil, layers: [], summary: "no targets to place in layers",
                                          remarks: ["No non-test targets were found."])
        }

        let presets = Presets.all.keys.sorted().map { name in
            (name: name, placed: placedCount(of: placeable, by: Presets.all[name]?.layers ?? [], in: graph))
        }.sorted { ($0.placed, $1.name) > ($1.placed, $0.name) }
        // Apps and their extensions are composition roots whatever their names: they join an App
        // layer that may use everything, and a convention is judged on the other targets.
        let roots = placeable.filter(isCompositionRoot)
        let modules = placeable.filter { !isCompositionRoot($0) }
        let conventions = [
            NamingFamilies.layers(for: modules, tests: all.filter(\.isTest)),
            FolderGroups.layers(for: modules, in: graph),
        ].compactMap { $0 }.filter { !$0.layers.isEmpty }.map { convention in
            // Counted by the assignment `check` will make: a prefix also places `NIOHTTP1`,
            // which is one word and so in no family of its own.
            var counted = convention
            counted.placed = placedCount(of: modules, by: convention.layers.map(\.layer), in: graph)
            return counted
        }

        let bestPreset = presets.first
        // Ties go to naming families, which name the layers as the team does.
        let bestConvention = conventions.max { lhs, rhs in (lhs.placed, lhs.kind) < (rhs.placed, rhs.kind) }
        let total = placeable.count
        // A preset wins ties: its table is the convention's, reviewed, rather than the graph's habits.
        if let bestPreset, Double(bestPreset.placed) >= threshold * Double(total), bestPreset.placed >= bestConvention.map({ $0.placed + roots.count }) ?? 0 {
            return presetChoice(bestPreset.name, placed: bestPreset.placed, total: total, placeable: placeable, graph: graph)
        }
        if let convention = bestConvention, !modules.isEmpty, Double(convention.placed) >= threshold * Double(modules.count) {
            return inferredChoice(withRoots(convention, roots: roots), total: total, placeable: placeable, graph: graph)
        }
        var remarks = ["No convention places half of the \(total) non-test targets: no naming family, folder layout or preset was recognised."]
        if let bestPreset, bestPreset.placed > 0 {
            remarks.append("The closest preset is `\(bestPreset.name)` (\(Presets.summaries[bestPreset.name] ?? "")), which places \(bestPreset.placed) of \(total); see `bulkhead explain preset \(bestPreset.name)`.")
        } else {
            remarks.append("No preset places any target; `bulkhead explain preset layers` (or suffixes, features, clean) shows what each expects.")
        }
        if let bestConvention {
            remarks.append("The strongest convention found, \(bestConvention.kind), places only \(bestConvention.placed) of \(total).")
        }
        return ConfigurationInference(preset: nil, presetReason: nil, layers: [],
                                      summary: "no convention recognised (closest preset: \(bestPreset.flatMap { $0.placed > 0 ? $0.name : nil } ?? "none")); undeclared-import, unreachable-import and unused-dependency apply",
                                      remarks: remarks)
    }

    /// An Xcode project's application or app extension: its own process, where the modules are
    /// put together, so nothing depends on it and it may depend on anything.
    static func isCompositionRoot(_ target: Target) -> Bool {
        [.application, .appExtension, .watchApp].contains(target.productType)
    }

    /// The convention with an App layer in front of its own (after Tests) listing the roots.
    static func withRoots(_ convention: InferredConvention, roots: [Target]) -> InferredConvention {
        guard !roots.isEmpty else { return convention }
        var result = convention
        let names = roots.map(\.name).sorted()
        // The roots' layer is `App`; a family of that name (targets ending in App) steps aside.
        let name = "App"
        if let taken = result.layers.firstIndex(where: { $0.layer.name == name }) {
            result.layers[taken].layer.name = NamingFamilies.layerName(name, taken: result.layers.map(\.layer.name))
        }
        let app = InferredLayer(
            layer: .init(name: name, targets: names, mayUse: ["*"], allowsThirdParty: true),
            reason: "\(names.count) app target\(names.count == 1 ? "" : "s") of Xcode projects (applications and extensions) compose the modules, so they may use every layer: \(listed(names)).")
        let position = convention.layers.first?.layer.name == "Tests" ? 1 : 0
        result.layers.insert(app, at: position)
        result.placed += names.count
        result.rootLayer = name
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
        let unplaced = placeable.filter { assignment.layer(of: $0.id) == nil }.map(\.name).sorted()
        let counts = layers.map { layer in "\(layer.name) \(placeable.filter { assignment.layer(of: $0.id)?.name == layer.name }.count)" }
        let how = layers.contains { !$0.paths.isEmpty } && layers.allSatisfy { $0.suffixes.isEmpty } ? "by folder" : "by name and folder"
        var remarks: [String] = []
        if !unplaced.isEmpty { remarks.append("In no layer, so no layer rule applies to them (\(unplaced.count)): \(listed(unplaced)).") }
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
        let unplaced = placeable.filter { assignment.layer(of: $0.id) == nil }.map(\.name).sorted()
        var remarks: [String] = []
        if !unplaced.isEmpty { remarks.append("In no layer, so no layer rule applies to them (\(unplaced.count)): \(listed(unplaced)).") }
        if let root = convention.rootLayer {
            remarks += usesOfRoots(root, layers: &layers, assignment: assignment, placeable: placeable, graph: graph)
        }
        for dropped in arrows.dropped {
            remarks.append("Not allowed: \(dropped.from) → \(dropped.to), used by \(dropped.count) dependenc\(dropped.count == 1 ? "y" : "ies") (\(listed(dropped.examples))), because it is the weakest arrow of a cycle between layers; the first check reports them.")
        }
        let placed = total - unplaced.count
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
            "// bulkhead.json for \(packageName), written by `bulkhead init`. JSON5: comments and trailing",
            "// commas are fine. Run `bulkhead check`; `bulkhead explain RULE` says what a rule checks.",
        ]
        // The verdict with its count, also for --print, where no "wrote" line says it.
        lines += wrapped("Read from the codebase: \(summary).", indent: "// ")
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
        lines.append("  \"exclude\": [],")
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

    private func wrapped(_ text: String, indent: String, width: Int = 98) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
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
    /// The App layer of composition roots, when the graph has Xcode apps or extensions.
    var rootLayer: String? = nil
}
