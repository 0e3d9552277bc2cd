import Configuration
import Diagnostics
import ModuleGraph

/// `footprint-budget`: an image holds more than `footprint.budgets` allows.
struct FootprintBudgetRule: Rule {
    static let description = RuleDescription(
        id: "footprint-budget",
        summary: "An app, extension or framework holds more modules or Swift than its footprint budget allows.",
        rationale: """
        An app extension runs under a memory limit the app does not have, and a widget that links \
        a design system brings everything the design system links. A budget in bulkhead.json — \
        `footprint: { budgets: [{ kinds: ["app-extension"], maxModules: 30, maxSourceBytes: \
        2000000 }] }`, by image kind or name glob — makes growth a reviewed change: the finding \
        names the image, what it holds against what it may, and the modules that weigh most. \
        Modules are counted as `bulkhead footprint` counts them (its own targets and the static \
        closure of what they link, stopping at dynamic images); bytes are the Swift sources of \
        those modules on disk, remote modules not counted. Nothing to check until a budget is \
        written.
        """,
        defaultSeverity: .error,
        triggering: [
            RuleExample("The tool holds four modules; executables may hold three.", targets: [
                .init("↓Tool", kind: "executable", dependencies: ["Feature"], source: ["import Feature"]),
                .init("Feature", dependencies: ["Networking", "Storage"], source: ["import Networking", "import Storage"]),
                .init("Networking"), .init("Storage"),
            ], budgets: [FootprintBudget(kinds: [.executable], maxModules: 3)]),
        ],
        nonTriggering: [
            RuleExample("A budget for extensions says nothing of the tool.", targets: [
                .init("Tool", kind: "executable", dependencies: ["Feature"], source: ["import Feature"]),
                .init("Feature", dependencies: ["Networking", "Storage"], source: ["import Networking", "import Storage"]),
                .init("Networking"), .init("Storage"),
            ], budgets: [FootprintBudget(kinds: [.appExtension], maxModules: 3)]),
        ])

    func hasWork(under configuration: Configuration) -> Bool {
        !configuration.footprintBudgets.isEmpty
    }

    func findings(in input: CheckInput, severity: Severity) -> [Finding] {
        let graph = input.graph
        var findings: [Finding] = []
        for image in input.images.images {
            let name = BinaryImages.name(of: image.id, in: graph)
            guard let owner = image.roots.first, let ownerTarget = graph.target(owner), !input.isExcluded(ownerTarget) else { continue }
            let bytes = image.holdings.reduce(0) { total, holding in
                guard case .target(let id) = holding.module else { return total }
                return total + (input.sourceBytes[id] ?? 0)
            }
            for (index, budget) in input.configuration.footprintBudgets.enumerated() where budget.applies(toImageNamed: name, kind: image.kind) {
                let key = "footprint.budgets[\(index)]"
                var place = Finding.Place.manifest(dependency: nil)
                if case .product(_, let product) = image.id { place = .product(name: product) }
                if let max = budget.maxModules, image.holdings.count > max {
                    findings.append(Finding(
                        ruleID: Self.description.id, severity: severity, target: owner, subject: "\(name) modules",
                        message: "\(name) holds \(image.holdings.count) modules, over its budget of \(max) (\(key))",
                        notes: Self.notes(image, in: graph, sourceBytes: input.sourceBytes, name: name), place: place))
                }
                if let max = budget.maxSourceBytes, !input.sourceBytes.isEmpty, bytes > max {
                    findings.append(Finding(
                        ruleID: Self.description.id, severity: severity, target: owner, subject: "\(name) source bytes",
                        message: "\(name) holds \(bytes) bytes of Swift, over its budget of \(max) (\(key))",
                        notes: Self.notes(image, in: graph, sourceBytes: input.sourceBytes, name: name), place: place))
                }
            }
        }
        return findings
    }

    /// The three modules it holds beyond its own that weigh most (by their Swift on disk when
    /// measured, else the ones that came in last), with the chain that brought each.
    static func notes(_ image: BinaryImages.Image, in graph: ModuleGraph, sourceBytes: [TargetID: Int], name: String) -> [String] {
        let linked = image.holdings.filter { $0.chain.count > 1 }
        func weight(_ holding: BinaryImages.Holding) -> Int {
            if case .target(let id) = holding.module { return sourceBytes[id] ?? 0 }
            return 0
        }
        let heaviest = sourceBytes.isEmpty ? Array(linked.suffix(3).reversed())
            : linked.enumerated().sorted { (weight($0.element), $0.offset) > (weight($1.element), $1.offset) }.prefix(3).map(\.element)
        var notes = heaviest.map { holding in
            let chain = BinaryImages.chainText(loads: [], chain: holding.chain, in: graph)
            let bytes = sourceBytes.isEmpty ? "" : " (\(weight(holding)) bytes of Swift)"
            return "it holds \(BinaryImages.moduleName(of: holding.module, in: graph))\(bytes): \(chain)"
        }
        notes.append("bulkhead footprint --image '\(name)' lists every module and the chain that brings it in")
        return notes
    }
}
