import Configuration
import Diagnostics
import ModuleGraph

/// `third-party-wrapper`: a third-party product used by more than one target that may use
/// third-party code — the other half of `third-party-product`.
///
/// A rule of its own rather than an option of `third-party-product`: the two are adopted at
/// different times (a codebase can keep features off libraries long before it has one wrapper
/// per library), so each needs its own severity, baseline entries and suppressions.
struct ThirdPartyWrapperRule: Rule {
    static let description = RuleDescription(
        id: "third-party-wrapper",
        summary: "A third-party library is used by more than one target instead of one wrapper module.",
        rationale: """
        Each external library sits behind exactly one module. If thirty modules import \
        Kingfisher, a version bump concerns thirty modules and the library cannot be replaced; \
        if only ImageLoading does, it concerns one. Libraries meant to be used everywhere (a \
        logging facade) are listed in sharedLibraries.
        """,
        defaultSeverity: nil,
        triggering: [
            RuleExample("Two infrastructure modules both declare Kingfisher.", targets: [
                .init("ImageLoading", path: "Sources/Infrastructure/ImageLoading", products: ["↓Kingfisher@kingfisher"], source: ["import Kingfisher"]),
                .init("AvatarCache", path: "Sources/Infrastructure/AvatarCache", products: ["↓Kingfisher@kingfisher"], source: ["import Kingfisher"]),
            ], layers: ThirdPartyProductRule.exampleLayers),
        ],
        nonTriggering: [
            RuleExample("ImageLoading wraps Kingfisher; AvatarCache uses ImageLoading.", targets: [
                .init("ImageLoading", path: "Sources/Infrastructure/ImageLoading", products: ["Kingfisher@kingfisher"], source: ["import Kingfisher"]),
                .init("AvatarCache", path: "Sources/Infrastructure/AvatarCache", dependencies: ["ImageLoading"], source: ["import ImageLoading"]),
            ], layers: ThirdPartyProductRule.exampleLayers),
        ])

    func findings(in input: CheckInput, severity: Severity) -> [Finding] {
        let graph = input.graph
        let shared = Set(input.configuration.sharedLibraries)
        var users: [String: [(target: TargetID, product: String, package: String)]] = [:]
        for target in graph.targets where !target.isTest && !input.isExcluded(target) {
            // A target whose layer may not use third-party code is third-party-product's finding.
            if let layer = input.layers.layer(of: target.id), !layer.allowsThirdParty { continue }
            var seen: Set<String> = []
            for dependency in graph.dependencies(of: target.id) {
                guard case .external(let package, let product) = dependency.node, case .remote = graph.package(package)?.origin,
                      !shared.contains(product), !shared.contains(package) else { continue }
                let key = "\(product)@\(package)"
                if seen.insert(key).inserted { users[key, default: []].append((target.id, product, package)) }
            }
        }
        var findings: [Finding] = []
        for (key, all) in users.sorted(by: { $0.key < $1.key }) where all.count > 1 {
            let names = all.map { graph.displayName($0.target) }
            for (index, user) in all.enumerated() {
                let others = names.enumerated().filter { $0.offset != index }.map(\.element).sorted()
                findings.append(Finding(
                    ruleID: Self.description.id, severity: severity, target: user.target, subject: key,
                    message: "\(names[index]) uses the product \(user.product) of \(user.package), as \(others.joined(separator: ", ")) \(others.count == 1 ? "does" : "do"); "
                        + "let one module wrap it and the others use that module, or list it in sharedLibraries",
                    place: .manifest(dependency: user.product)))
            }
        }
        return findings
    }
}
