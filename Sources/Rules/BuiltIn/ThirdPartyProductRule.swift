import Configuration
import Diagnostics
import ModuleGraph

/// `third-party-product`: a product of a remote package used by a layer that may not use one.
struct ThirdPartyProductRule: Rule {
    static let description = RuleDescription(
        id: "third-party-product",
        summary: "A product of a remote package is used by a layer that may not use third-party code.",
        rationale: """
        Each third-party library belongs behind one wrapper module in a layer allowed to hold it, \
        so a version bump touches one module and the library can be replaced. A feature that \
        lists Kingfisher itself spreads the library's types and rebuilds into every screen.
        """,
        defaultSeverity: .error,
        triggering: [
            RuleExample("A feature declares Kingfisher itself.", targets: [
                .init("SearchFeature", path: "Sources/Features/SearchFeature", products: ["↓Kingfisher@kingfisher"], source: ["import Kingfisher"]),
            ], layers: exampleLayers),
        ],
        nonTriggering: [
            RuleExample("The image-loading wrapper in infrastructure declares it.", targets: [
                .init("ImageLoading", path: "Sources/Infrastructure/ImageLoading", products: ["Kingfisher@kingfisher"], source: ["import Kingfisher"]),
            ], layers: exampleLayers),
        ])

    static let exampleLayers: [Configuration.Layer] = [
        .init(name: "Infrastructure", paths: ["Sources/Infrastructure/*"], mayUse: ["Infrastructure"], allowsThirdParty: true),
        .init(name: "Features", paths: ["Sources/Features/*"], mayUse: []),
    ]

    func findings(in input: CheckInput, severity: Severity) -> [Finding] {
        let graph = input.graph
        let allowed = input.configuration.layers.filter(\.allowsThirdParty).map(\.name)
        var findings: [Finding] = []
        for target in graph.targets where !input.isExcluded(target) {
            guard let layer = input.layers.layer(of: target.id), !layer.allowsThirdParty else { continue }
            for dependency in graph.dependencies(of: target.id) {
                guard case .external(let package, let product) = dependency.node else { continue }
                // Only a package declared by URL is third-party: a `.package(path:)` missing from the
                // checkout is unresolved (the loader warned), not someone else's code.
                guard case .remote = graph.package(package)?.origin else { continue }
                let who = allowed.isEmpty ? "no layer may" : "only \(allowed.joined(separator: ", ")) may"
                findings.append(Finding(
                    ruleID: Self.description.id, severity: severity, target: target.id, subject: "\(product)@\(package)",
                    message: "\(target.name) (\(layer.name)) uses the product \(product) of \(package); \(who) use third-party products"
                        + (input.configuration.layers.compactMap { $0.allowsThirdParty ? $0.convention.flatMap { $0.contains("third-party") ? " (\($0))" : nil } : nil }.first ?? ""),
                    place: .manifest(dependency: product)))
            }
        }
        return findings
    }
}
