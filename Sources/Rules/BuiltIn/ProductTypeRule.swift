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
                        products: [.init("↓Search", linkage: "dynamic", targets: ["Search"])]),
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
                var (notes, keepsOneCopy) = linkage == "dynamic"
                    ? Self.linkNotes(of: .product(package: package.identity, name: product.name), in: input)
                    : (Self.staticNotes(of: product, in: package, input: input), false)
                notes.append(keepsOneCopy
                    ? "allow it with products: { allowLinkage: [\"\(product.name)\"] }"
                    : "remove type: and let the app's one product link it, or allow it with products: { allowLinkage: [\"\(product.name)\"] }")
                findings.append(Finding(
                    ruleID: Self.description.id, severity: severity, target: owner, subject: "product \(product.name)",
                    message: "product \(product.name) of \(package.name) declares type: .\(linkage)",
                    notes: notes,
                    place: .product(name: product.name)))
            }
        }
        return findings
    }

    /// What a `.static` product does in the link graph: the processes where two images link it,
    /// which Xcode refuses to build.
    static func staticNotes(of product: Product, in package: PackageNode, input: CheckInput) -> [String] {
        let graph = input.graph
        return input.duplicateCopies.compactMap { duplicate in
            guard duplicate.outcome == .xcodeStops(product: product.name), case .target(let id) = duplicate.module, id.package == package.identity else { return nil }
            let holders = ListPhrase.joined(duplicate.copies.map { BinaryImages.name(of: $0.image, in: graph) })
            return "it causes a duplicate copy: \(holders) each link \(BinaryImages.moduleName(of: duplicate.module, in: graph)) "
                + "in \(BinaryImages.name(of: duplicate.process, in: graph))'s process, and Xcode stops the build (duplicate-copy)"
        }
    }

    /// What a `.dynamic` product does in the link graph: whether it causes a duplicate copy (it
    /// holds a module another image of one process holds too), or keeps one — two images of one
    /// process load it, or several processes do, where linking its modules statically into each
    /// would make a copy in each; then the advice is to allow it, not to remove `type:`.
    static func linkNotes(of image: BinaryImages.ImageID, in input: CheckInput) -> (notes: [String], keepsOneCopy: Bool) {
        let images = input.images
        let graph = input.graph
        var notes: [String] = []
        for duplicate in input.duplicateCopies where duplicate.copies.contains(where: { $0.image == image }) {
            let others = duplicate.copies.map(\.image).filter { $0 != image }.map { BinaryImages.name(of: $0, in: graph) }
            notes.append("it causes a duplicate copy: it holds \(BinaryImages.moduleName(of: duplicate.module, in: graph)), "
                + "which \(ListPhrase.joined(others)) holds too in \(BinaryImages.name(of: duplicate.process, in: graph))'s process (duplicate-copy)")
        }
        guard notes.isEmpty else { return (notes, false) }
        for root in images.images where root.startsProcess {
            let loaders = images.mappedImages(from: root.id).map(\.image).filter { mapped in
                images.image(mapped)?.loads.contains { $0.image == image } == true
            }
            guard loaders.count > 1 else { continue }
            let held = images.image(image)?.holdings.map { BinaryImages.moduleName(of: $0.module, in: graph) } ?? []
            return (["it cures a duplicate copy: \(ListPhrase.joined(loaders.map { BinaryImages.name(of: $0, in: graph) })) load it "
                + "in \(BinaryImages.name(of: root.id, in: graph))'s process, which holds \(ListPhrase.joined(held)) once; "
                + "linked statically into each, they would hold two copies"], true)
        }
        // Shared by several processes (an app and its extensions): one copy in the bundle, where
        // static linking would put one in each.
        let processes = images.images.filter { root in
            root.startsProcess && root.kind != .packageTests && root.kind != .uiTests
                && images.mappedImages(from: root.id).contains { $0.image == image }
        }.map { BinaryImages.name(of: $0.id, in: graph) }
        guard processes.count > 1 else { return ([], false) }
        let shown = processes.count > 4 ? processes.prefix(3).joined(separator: ", ") + " and \(processes.count - 3) more" : ListPhrase.joined(processes)
        return (["it keeps one copy of its modules for \(processes.count) processes (\(shown)): linked statically, each would hold its own"], true)
    }
}
