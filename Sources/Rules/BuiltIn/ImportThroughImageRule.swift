import Diagnostics
import ModuleGraph

/// `import-through-image`: a target imports a module it does not declare, whose code an image it
/// loads holds (an umbrella framework, a `.dynamic` product). Declaring it would put a second
/// copy in the process, so this is never "declare it".
struct ImportThroughImageRule: Rule {
    static let description = RuleDescription(
        id: "import-through-image",
        summary: "A target imports a module that a framework or dynamic product it links holds, without declaring it.",
        rationale: """
        An app or extension that links an umbrella framework (or a `.dynamic` product) which \
        statically holds a module can import that module: its code is in the process already, \
        in the framework. Declaring the module as well would link a second copy into the app — \
        "Class X is implemented in both", singletons made twice — so this finding never says \
        "declare it" and `--fix` never adds the link. It says which image holds the module and \
        how to make the import an honest one: re-export the module from the framework \
        (`@_exported import M` in one of its sources, after which importing it through the \
        framework is declared), import the framework instead, or move the import into the \
        framework. A warning by default; a team that wants every such import written down makes \
        it an error.
        """,
        defaultSeverity: .warning,
        triggering: [
            RuleExample("Tool links the dynamic product Kit, which holds Core; Tool imports Core.", targets: [
                .init("Tool", kind: "executable", dependencies: ["Kit"], source: ["import Kit", "import ↓Core"]),
                .init("Kit", dependencies: ["Core"], source: ["import Core"], package: "kit"),
                .init("Core", package: "kit"),
            ], products: [.init("Kit", linkage: "dynamic", targets: ["Kit"], package: "kit")]),
        ],
        nonTriggering: [
            RuleExample("Kit re-exports Core: importing Core through Kit is declared.", targets: [
                .init("Tool", kind: "executable", dependencies: ["Kit"], source: ["import Kit", "import Core"]),
                .init("Kit", dependencies: ["Core"], source: ["@_exported import Core"], package: "kit"),
                .init("Core", package: "kit"),
            ], products: [.init("Kit", linkage: "dynamic", targets: ["Kit"], package: "kit")]),
        ])

    func findings(in input: CheckInput, severity: Severity) -> [Finding] {
        UndeclaredImports.occurrences(in: input).compactMap { occurrence in
            guard occurrence.throughImage != nil, case .reachable = occurrence.kind else { return nil }
            var finding = UndeclaredImports.finding(occurrence, ruleID: Self.description.id, severity: severity, input: input)
            finding.fix = nil
            return finding
        }
    }
}
