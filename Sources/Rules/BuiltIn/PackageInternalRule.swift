import Configuration
import Diagnostics
import ModuleGraph

/// `package-internal`: a target depends on a target of another package whose layer is private
/// to its package (the `suffixes` preset's `*Services` and `*Feature`).
struct PackageInternalRule: Rule {
    static let description = RuleDescription(
        id: "package-internal",
        summary: "A target uses another package's internal module (a layer marked internal).",
        rationale: """
        In an export/internal split, every package offers a stable surface (models, interfaces, \\
        presentational UI, assemblies) and keeps its implementation private. Another package that \\
        reaches into the implementation couples itself to what was meant to change freely, and \\
        the split stops meaning anything. Only composition roots and test support, layers that \\
        may use every layer, may cross into another package's internals; everything else goes \\
        through the exports (move the code, define a protocol in Interfaces, or a factory in \\
        Assembly). The layer is internal when the configuration says so (the `suffixes` preset \\
        marks Services and Feature).
        """,
        defaultSeverity: .error,
        triggering: [
            RuleExample("SearchFeature, in package Search, depends on ProfileServices, internal to package Profile.", targets: [
                .init("SearchFeature", dependencies: ["↓ProfileServices"], source: ["import ProfileServices"]),
                .init("ProfileServices", package: "profile"),
            ], layers: exampleLayers),
        ],
        nonTriggering: [
            RuleExample("Within its own package, a Feature uses its Services; the app target uses anything.", targets: [
                .init("SearchFeature", dependencies: ["SearchServices"], source: ["import SearchServices"]),
                .init("SearchServices"),
                .init("TravelApp", dependencies: ["ProfileServices"], source: ["import ProfileServices"]),
                .init("ProfileServices", package: "profile"),
            ], layers: exampleLayers),
        ])

    static let exampleLayers: [Configuration.Layer] = [
        .init(name: "CompositionRoots", suffixes: ["App"], mayUse: ["*"]),
        .init(name: "Services", suffixes: ["Services"], mayUse: ["Services"], isPackageInternal: true),
        .init(name: "Feature", suffixes: ["Feature"], mayUse: ["Services"], isPackageInternal: true),
    ]

    func hasWork(under configuration: Configuration) -> Bool { configuration.layers.contains(where: \.isPackageInternal) }

    func findings(in input: CheckInput, severity: Severity) -> [Finding] {
        let graph = input.graph
        var findings: [Finding] = []
        for target in graph.targets where !input.isExcluded(target) && !target.isTest {
            if let own = input.layers.layer(of: target.id), own.mayUse.contains("*") { continue }
            var reported: Set<String> = []
            for dependency in graph.dependencies(of: target.id) {
                guard case .target(let id) = dependency.node, id.package != target.id.package,
                      let layer = input.layers.layer(of: id), layer.isPackageInternal else { continue }
                let declared = dependency.product ?? id.name
                guard reported.insert(declared).inserted else { continue }
                let convention = layer.convention.map { " (\($0))" } ?? ""
                findings.append(Finding(
                    ruleID: Self.description.id, severity: severity, target: target.id, subject: declared,
                    message: "\(target.name) depends on \(id.name), which is internal to package \(input.graph.package(id.package)?.name ?? id.package)\(convention)",
                    notes: ["use an export of that package instead, or move what \(target.name) needs into one; only composition roots and test support may use another package's internals"],
                    place: .manifest(dependency: declared)))
            }
        }
        return findings
    }
}
