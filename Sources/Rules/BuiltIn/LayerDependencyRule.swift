import Configuration
import Diagnostics
import ModuleGraph

/// `layer-dependency`: a target depends on a layer its own layer may not use, through a
/// dependency in the manifest or an import the manifest does not declare.
struct LayerDependencyRule: Rule {
    static let description = RuleDescription(
        id: "layer-dependency",
        summary: "A target depends on a layer its layer may not use.",
        rationale: """
        Layers only hold if every arrow between them is checked. SwiftPM compiles a feature that \
        lists another feature, or an interface that lists an implementation, without complaint; \
        this rule reads each target's layer from the configuration and fails the dependencies \
        (and undeclared imports) that the allowed-layer table does not permit.
        """,
        defaultSeverity: .error,
        triggering: [
            RuleExample("A feature declares another feature.", targets: [
                .init("CheckoutFeature", path: "Sources/Features/CheckoutFeature", dependencies: ["↓SearchFeature"], source: ["import SearchFeature"]),
                .init("SearchFeature", path: "Sources/Features/SearchFeature"),
            ], layers: exampleLayers),
            RuleExample("A feature imports infrastructure it does not declare.", targets: [
                .init("SearchFeature", path: "Sources/Features/SearchFeature", source: ["import ↓Networking"]),
                .init("Networking", path: "Sources/Infrastructure/Networking"),
            ], layers: exampleLayers),
        ],
        nonTriggering: [
            RuleExample("A feature uses an interface.", targets: [
                .init("SearchFeature", path: "Sources/Features/SearchFeature", dependencies: ["BookingInterface"], source: ["import BookingInterface"]),
                .init("BookingInterface", path: "Sources/Interfaces/BookingInterface"),
            ], layers: exampleLayers),
        ])

    static let exampleLayers: [Configuration.Layer] = [
        .init(name: "Interfaces", paths: ["Sources/Interfaces/*"], mayUse: []),
        .init(name: "Infrastructure", paths: ["Sources/Infrastructure/*"], mayUse: ["Interfaces"]),
        .init(name: "Features", paths: ["Sources/Features/*"], mayUse: ["Interfaces"]),
    ]

    func findings(in input: CheckInput, severity: Severity) -> [Finding] {
        let graph = input.graph
        var findings: [Finding] = []
        for target in graph.targets where !input.isExcluded(target) {
            guard let layer = input.layers.layer(of: target.id) else { continue }
            var reported: Set<String> = []
            // Declared dependencies: one finding per declaration, even when a product brings several targets.
            for dependency in graph.dependencies(of: target.id) {
                guard case .target(let id) = dependency.node, let other = input.layers.layer(of: id),
                      !layer.allows(other.name) else { continue }
                let declared = dependency.product ?? id.name
                guard reported.insert(declared).inserted else { continue }
                findings.append(Finding(
                    ruleID: Self.description.id, severity: severity, target: target.id, subject: declared,
                    // An Xcode target's Frameworks-phase link, embedded product or host says so.
                    message: "\(target.name) (\(layer.name)) depends on \(id.name) (\(other.name))"
                        + (dependency.edge.arrival == .declared ? "" : ", \(dependency.edge.arrival.phrase)") + "; \(allowance(of: layer, using: other))",
                    place: .manifest(dependency: declared)))
            }
            // Undeclared imports that cross layers.
            let declaredModules = input.declaredModules(of: target)
            for file in input.checkedSources(of: target) {
                for declaration in file.imports where !declaredModules.contains(declaration.module) {
                    // Whether a build compiles the import is the costly question: asked last.
                    guard let id = input.localTarget(forModule: declaration.module, from: target.id), id != target.id,
                          let other = input.layers.layer(of: id), !layer.allows(other.name),
                          input.mayCompile(declaration, in: target) else { continue }
                    findings.append(Finding(
                        ruleID: Self.description.id, severity: severity, target: target.id, subject: declaration.module,
                        message: "\(target.name) (\(layer.name)) imports \(declaration.module) (\(other.name)), which it does not declare\(input.buildLabel(of: declaration, in: target)); \(allowance(of: layer, using: other))",
                        notes: [ConditionalClauseText.note(for: declaration)].compactMap { $0 },
                        place: .source(file, line: declaration.position.line, column: declaration.position.column)))
                }
            }
        }
        return findings
    }

    /// What `layer` may use, with the conventions of both ends when a preset gives them: the
    /// importer's row, and the used layer's when it says who may use it.
    private func allowance(of layer: Configuration.Layer, using other: Configuration.Layer) -> String {
        let conventions = [layer.convention, other.name == layer.name ? nil : other.convention].compactMap { $0 }
        return conventions.isEmpty ? allowance(of: layer) : "\(allowance(of: layer)) (\(conventions.joined(separator: "; ")))"
    }

    private func allowance(of layer: Configuration.Layer) -> String {
        let allowance: String
        if layer.mayUse.contains("*") {
            allowance = "\(layer.name) may use every layer"
        } else {
            allowance = layer.mayUse.isEmpty ? "\(layer.name) may use no other layer" : "\(layer.name) may use only \(layer.mayUse.joined(separator: ", "))"
        }
        return allowance
    }
}
