import Diagnostics
import ModuleGraph

/// A starting configuration guessed from a package's shape, with the reason for each choice, for
/// `bulkhead init`. Three shapes are recognised, in this order:
/// - folders `Sources/<Layer>/<Target>` named as in the `layers` preset: that preset;
/// - features as `X`, `XInterface`, `XTesting` (and `XTests`): layers by name;
/// - anything else: no layers, only the rules that need none.
package struct ConfigurationInference: Sendable {
    package struct InferredLayer: Sendable {
        package var layer: Configuration.Layer
        package var reason: String
    }

    package var preset: String?
    package var presetReason: String?
    package var layers: [InferredLayer]
    package var summary: String

    package static func infer(from graph: ModuleGraph, packageName: String) -> ConfigurationInference {
        let libraries = graph.targets.filter { $0.kind != .test && $0.kind != .plugin && $0.kind != .macro }
        let presetLayers = Set(Presets.layers.layers.map(\.name))
        let layered = libraries.filter { target in
            let parts = target.path.split(separator: "/")
            return parts.count == 3 && parts[0] == "Sources" && presetLayers.contains(String(parts[1]))
        }
        if !libraries.isEmpty && layered.count * 2 >= libraries.count {
            return ConfigurationInference(
                preset: "layers",
                presetReason: "\(layered.count) of \(libraries.count) non-test targets live in Sources/<Layer>/<Target> with the layer names of the `layers` preset (Kernel, Interfaces, Infrastructure, Features, App), so its table applies: Kernel uses nothing; Interfaces the Kernel; Infrastructure the Kernel, Interfaces and Infrastructure; Features the Kernel and Interfaces; App everything. Third-party products only in Infrastructure and App.",
                layers: [], summary: "preset layers (\(layered.count) of \(libraries.count) targets by folder)")
        }

        let names = Set(libraries.map(\.name))
        let features = libraries.filter { names.contains($0.name + "Interface") }.map(\.name).sorted()
        if !features.isEmpty {
            let interfaces = libraries.filter { $0.name.hasSuffix("Interface") }.map(\.name)
            let testing = libraries.filter { $0.name.hasSuffix("Testing") }.map(\.name)
            let featureSet = Set(features)
            let core = libraries.filter { !$0.name.hasSuffix("Interface") && !$0.name.hasSuffix("Testing") && !featureSet.contains($0.name) }.map(\.name).sorted()
            let usesThirdParty = graph.targets.contains { target in
                core.contains(target.name) && graph.dependencies(of: target.id).contains { if case .external = $0.node { return true } else { return false } }
            }
            var layers = [
                InferredLayer(layer: .init(name: "Interfaces", suffixes: ["Interface"], mayUse: ["Core"]),
                              reason: "\(interfaces.count) targets end in Interface: contracts, which may see core modules only."),
                InferredLayer(layer: .init(name: "Testing", suffixes: ["Testing"], mayUse: ["Interfaces", "Core"]),
                              reason: "\(testing.count) targets end in Testing: fakes, which see their interface and core modules."),
                InferredLayer(layer: .init(name: "Features", targets: features, mayUse: ["Interfaces", "Core"]),
                              reason: "\(features.count) targets have an Interface sibling: feature implementations, which see other features only through their interfaces."),
            ]
            if !core.isEmpty {
                layers.append(InferredLayer(
                    layer: .init(name: "Core", targets: core, mayUse: ["Core"], allowsThirdParty: usesThirdParty),
                    reason: "The \(core.count) other targets are core modules, which may use each other\(usesThirdParty ? " and wrap the third-party libraries" : "")."))
            }
            return ConfigurationInference(preset: nil, presetReason: nil, layers: layers,
                                          summary: "\(layers.count) layers inferred from names (\(features.count) features with Interface targets)")
        }
        return ConfigurationInference(preset: nil, presetReason: nil, layers: [],
                                      summary: "no layers recognised; undeclared-import and unused-dependency apply")
    }

    /// The configuration as JSON5 with a comment on every choice; `rules` lists each rule id with
    /// its default severity (nil: off), in the order they are shown.
    package func json5(packageName: String, rules: [(id: String, defaultSeverity: Severity?)]) -> String {
        var lines = [
            "// bulkhead.json for \(packageName), written by `bulkhead init`. JSON5: comments and trailing",
            "// commas are fine. Run `bulkhead check`; `bulkhead explain RULE` says what a rule checks.",
            "{",
        ]
        if let preset {
            lines += wrapped(presetReason ?? "", indent: "  // ")
            lines.append("  \"preset\": \"\(preset)\",")
            lines.append("")
        } else if !layers.isEmpty {
            lines += wrapped("Layers, first match wins. A target belongs to a layer listed by name, else to the first whose suffixes match; mayUse lists the layers it may depend on.", indent: "  // ")
            lines.append("  \"layers\": [")
            for inferred in layers {
                lines += wrapped(inferred.reason, indent: "    // ")
                let layer = inferred.layer
                var fields = ["\"name\": \"\(layer.name)\""]
                if !layer.suffixes.isEmpty { fields.append("\"suffixes\": [\(layer.suffixes.map { "\"\($0)\"" }.joined(separator: ", "))]") }
                if !layer.targets.isEmpty { fields.append("\"targets\": [\(layer.targets.map { "\"\($0)\"" }.joined(separator: ", "))]") }
                fields.append("\"mayUse\": [\(layer.mayUse.map { "\"\($0)\"" }.joined(separator: ", "))]")
                if layer.allowsThirdParty { fields.append("\"thirdParty\": true") }
                lines.append("    { " + fields.joined(separator: ", ") + " },")
            }
            lines.append("  ],")
            lines.append("")
        } else {
            lines += wrapped("No layer convention was recognised. Describe yours with \"layers\": [{ \"name\": …, \"paths\": [globs] or \"suffixes\" or \"targets\", \"mayUse\": [layers] }], or pick a preset.", indent: "  // ")
            lines.append("")
        }
        lines += wrapped("Severities: \"error\" fails the check, \"warning\" reports, \"off\" skips.", indent: "  // ")
        lines.append("  \"rules\": {")
        for rule in rules {
            lines.append("    \"\(rule.id)\": \"\(rule.defaultSeverity?.rawValue ?? "off")\",")
        }
        lines.append("  },")
        lines.append("")
        lines.append("  // Globs of paths (target folders or files), or target names, left unchecked.")
        lines.append("  \"exclude\": [],")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
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
