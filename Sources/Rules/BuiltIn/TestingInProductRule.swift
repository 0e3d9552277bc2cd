import Configuration
import Diagnostics
import ModuleGraph

/// `testing-in-product`: a test-support target (`*Testing`, `*TestSupport`, `*Mocks` by default)
/// that an app, an extension or an executable product links, through any chain of target and
/// product dependencies.
struct TestingInProductRule: Rule {
    static let description = RuleDescription(
        id: "testing-in-product",
        summary: "A Testing (test-support) target is linked into an app, an extension or an executable product.",
        rationale: """
        Testing targets hold fakes and fixtures for tests. Once one is reachable from what ships — \
        an Xcode app or extension target, or a SwiftPM executable (listed in a product or not: SwiftPM makes every executable target one) — its fakes are in \
        the binary, can be picked by mistake at run time, and drag their own dependencies along. \
        "No Testing target appears in any app product." The finding is placed at the dependency \
        that brings it in, with the chain from the product. Which targets are test support is \
        configured by name: `testing: { targets: ["*Testing", "*TestSupport", "*Mocks"] }`.
        """,
        defaultSeverity: .error,
        triggering: [
            RuleExample("The app's feature depends on the feature's fakes.", targets: [
                .init("TravelApp", kind: "executable", dependencies: ["Search"]),
                .init("Search", dependencies: ["↓SearchTesting"], source: ["import SearchTesting"]),
                .init("SearchTesting"),
            ], products: [.init("TravelApp", type: "executable", targets: ["TravelApp"])]),
            RuleExample("A tool no product lists, which SwiftPM makes a product of, links fakes.", targets: [
                .init("Seeder", kind: "executable", dependencies: ["↓StorageTesting"], source: ["import StorageTesting"]),
                .init("StorageTesting"),
            ]),
        ],
        nonTriggering: [
            RuleExample("Only the tests use the fakes.", targets: [
                .init("TravelApp", kind: "executable", dependencies: ["Search"]),
                .init("Search"),
                .init("SearchTesting"),
                .init("SearchTests", kind: "test", dependencies: ["Search", "SearchTesting"]),
            ], products: [.init("TravelApp", type: "executable", targets: ["TravelApp"])]),
        ])

    func findings(in input: CheckInput, severity: Severity) -> [Finding] {
        let graph = input.graph
        var roots: [(target: TargetID, product: String)] = []
        var listed: Set<TargetID> = []
        for package in graph.packages where package.isLocal {
            for product in package.products where product.type == "executable" {
                let targets = product.targets.map { TargetID(package: package.identity, name: $0) }
                roots += targets.map { ($0, "executable product \(product.name)") }
                listed.formUnion(targets)
            }
        }
        // An executable target no product lists still ships: SwiftPM makes it a product of its
        // own (`swift run`, `swift build --product`) in the package it is in.
        let localPackages = Set(graph.packages.filter(\.isLocal).map(\.identity))
        for target in graph.targets where target.productType == nil && target.kind == .executable
            && localPackages.contains(target.id.package) && !listed.contains(target.id) {
            roots.append((target.id, "executable \(target.name)"))
        }
        for target in graph.targets {
            switch target.productType {
            case .application?, .watchApp?: roots.append((target.id, "app \(target.name)"))
            case .appExtension?: roots.append((target.id, "extension \(target.name)"))
            default: break
            }
        }
        roots.sort { ($0.target, $0.product) < ($1.target, $1.product) }

        var findings: [Finding] = []
        var reported: Set<[String]> = []
        // Breadth-first from each root: the first chain to a Testing target is a shortest one.
        for root in roots where graph.target(root.target) != nil {
            var previous: [TargetID: (from: TargetID, declared: String)] = [:]
            var seen: Set<TargetID> = [root.target]
            var queue = [root.target]
            var head = 0
            while head < queue.count {
                let current = queue[head]
                head += 1
                for dependency in graph.dependencies(of: current) {
                    guard case .target(let id) = dependency.node, !seen.contains(id), let target = graph.target(id), !target.isTest else { continue }
                    seen.insert(id)
                    previous[id] = (current, dependency.product ?? id.name)
                    guard input.configuration.isTestingName(target.name) else {
                        queue.append(id)
                        continue
                    }
                    // Not searched further: what the Testing target brings is reported through it.
                    guard let dependant = graph.target(current), !input.isExcluded(dependant) else { continue }
                    let declared = dependency.product ?? id.name
                    guard reported.insert([current.description, declared]).inserted else { continue }
                    var chain = [id]
                    var step = id
                    while let link = previous[step] {
                        chain.append(link.from)
                        step = link.from
                    }
                    let shown = chain.reversed().map { graph.displayName($0) }.joined(separator: " → ")
                    findings.append(Finding(
                        ruleID: Self.description.id, severity: severity, target: current, subject: declared,
                        message: "\(graph.displayName(id)) is test support and reaches the \(root.product): \(shown)",
                        notes: ["depend on its interface instead, and let only test targets use \(graph.displayName(id))"],
                        place: .manifest(dependency: declared)))
                }
            }
        }
        return findings
    }
}
