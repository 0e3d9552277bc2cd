import Configuration
import Diagnostics
import ModuleGraph

/// `product-type`: a library product that declares `type: .static` or `type: .dynamic`.
struct ProductTypeRule: Rule {
    static let description = RuleDescription(
        id: "product-type",
        summary: "A library product declares type: .static or .dynamic.",
        rationale: """
        Left automatic, SwiftPM and Xcode link each module once, statically, into the one \
        product the app links. A forced `.dynamic` adds a framework to load at launch and, \
        linked by two products, a second copy of its globals; a forced `.static` linked into an \
        app and its extension duplicates the code in both (the runtime warns "implemented in \
        both"). "No product declares type:" — declare one product per process instead. A \
        product that must be a framework (shipped to others, a plugin host) is allowed by name: \
        `products: { allowLinkage: ["Name"] }`.
        """,
        defaultSeverity: .error,
        triggering: [
            RuleExample("A library product forces dynamic linkage.", targets: [.init("Search")],
                        products: [.init("Search", linkage: "dynamic", targets: ["Search"])]),
        ],
        nonTriggering: [
            RuleExample("Automatic linkage; a dynamic framework allowed by name.", targets: [.init("Search"), .init("SDK")],
                        products: [.init("Search", targets: ["Search"]), .init("SDK", linkage: "dynamic", targets: ["SDK"])],
                        allowedLinkage: ["SDK"]),
        ])

    func findings(in input: CheckInput, severity: Severity) -> [Finding] {
        var findings: [Finding] = []
        for package in input.graph.packages where package.isLocal && package.projectPath == nil {
            for product in package.products where product.type == "library" {
                guard let linkage = product.linkage, linkage == "static" || linkage == "dynamic" else { continue }
                let allowed = input.configuration.allowedLinkage
                guard !allowed.contains(product.name), !allowed.contains("\(package.identity)/\(product.name)") else { continue }
                // The finding belongs to the package; it is keyed by the product's first target.
                let owner = TargetID(package: package.identity, name: product.targets.first ?? product.name)
                if let target = input.graph.target(owner), input.isExcluded(target) { continue }
                findings.append(Finding(
                    ruleID: Self.description.id, severity: severity, target: owner, subject: "product \(product.name)",
                    message: "product \(product.name) of \(package.name) declares type: .\(linkage)",
                    notes: ["remove type: and let the app's one product link it, or allow it with products: { allowLinkage: [\"\(product.name)\"] }"],
                    place: .product(name: product.name)))
            }
        }
        return findings
    }
}
