import Configuration
import ModuleGraph

/// The canary's violation: a target of a layer that requires a setting loses it (or, for a
/// language mode, builds in one below the required).
extension RequiredSettingsRule: CanaryPlanting {
    func plant(in input: CheckInput) -> CanaryPlot {
        let graph = input.graph
        guard input.configuration.layers.contains(where: { !$0.requiredSettings.isEmpty }) else {
            return .noPlace("no layer lists requiredSettings")
        }
        // An Xcode target is read for its language mode only, so a package's target first.
        func fits(_ target: Target, _ required: RequiredSetting) -> Bool {
            required.kind == "swiftLanguageMode" || graph.package(target.id.package)?.projectPath == nil
        }
        let ground = graph.targets.filter { target in
            guard Self.compilesSwift(target), let layer = input.layers.layer(of: target.id) else { return false }
            return layer.requiredSettings.contains { fits(target, $0) }
        }
        guard let target = input.canaryOrder(ground).first, let layer = input.layers.layer(of: target.id),
              let required = layer.requiredSettings.first(where: { fits(target, $0) }) else {
            return .noPlace("no target is in a layer that lists requiredSettings")
        }
        let isLanguageMode = required.kind == "swiftLanguageMode"
        let lower = Self.modeBelow(required.value)
        let summary = isLanguageMode
            ? "language mode \(lower) for \(input.canaryLabel(target)), which requires \(required.value)"
            : "\(required.manifestSpelling) taken from \(input.canaryLabel(target)), which requires it"
        let id = target.id
        return .planted(.editing(target: id, subject: required.description, place: .manifest, summary: summary) { workspace in
            CanaryPlant.editingGraph(&workspace) { _, targets in
                guard let index = targets.firstIndex(where: { $0.id == id }) else { return }
                // Also the unsafe flags that would enable the feature.
                targets[index].settings.removeAll { $0.kind == required.kind || ($0.kind == "unsafeFlags" && Self.flags($0.values, enable: required)) }
                if isLanguageMode { targets[index].settings.append(BuildSetting(tool: "swift", kind: "swiftLanguageMode", values: [lower])) }
            }
        })
    }

    /// The major language mode below `mode`: 5 below 6, 4 below 5 or 4.2.
    private static func modeBelow(_ mode: String) -> String {
        let major = version(mode)[0]
        let minor = version(mode)[1]
        return String(max(3, minor > 0 ? major : major - 1))
    }
}
