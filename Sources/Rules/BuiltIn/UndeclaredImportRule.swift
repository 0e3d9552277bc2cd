import Diagnostics
import ImportScanning
import ModuleGraph

/// `undeclared-import`: a source imports a module its target does not declare, which declared
/// dependencies reach: the build passes until that chain changes. Imports no declared dependency
/// leads to are `unreachable-import`'s.
struct UndeclaredImportRule: Rule {
    static let description = RuleDescription(
        id: "undeclared-import",
        summary: "A source imports a module its target does not declare, reachable only through other declared dependencies.",
        rationale: """
        SwiftPM lets a target import a module it does not list when a declared dependency depends \
        on it, directly or not: the declared chain builds it first, so the build passes today. It \
        breaks the day someone removes or reorders that chain, in a target that never mentioned \
        the import. The finding names the chain and the dependency to declare (`"Target"`, or \
        `.product(name:package:)` for another package's product); `bulkhead check --fix` adds it. \
        An import no declared dependency leads to is `unreachable-import`, which fails a clean \
        build today. When a remote product whose modules are unknown (no \
        checkout found) is declared by the target or by a target down a declared chain, an import \
        it may provide cannot be decided and is reported here as a note, which never fails the \
        run; one note per run says how many products are unknown and how to make them known \
        (`swift package resolve`, a build in Xcode, or `--checkouts`). Baselines written before \
        `unreachable-import` existed keep matching: their `undeclared-import` entries accept both. \
        An Xcode target declares what its Frameworks phase links too, and a unit-test bundle \
        hosted by an app (TEST_HOST) sees the modules its host links, which it must not link \
        again; `testing: { hostedTests: "explicit" }` in bulkhead.json reports those imports too.
        """,
        defaultSeverity: .error,
        triggering: [
            RuleExample("Search imports Networking but declares only BookingInterface, which depends on Networking.", targets: [
                .init("Search", dependencies: ["BookingInterface"], source: ["import BookingInterface", "import ↓Networking"]),
                .init("BookingInterface", dependencies: ["Networking"]),
                .init("Networking"),
            ]),
            RuleExample("The second of two imports on one line is undeclared, and reachable through Models.", targets: [
                .init("Search", dependencies: ["Models"], source: ["import Models; import ↓Storage"]),
                .init("Models", dependencies: ["Storage"]), .init("Storage"),
            ]),
            RuleExample("Only a note, which does not fail the run: a declared product whose modules are unknown (no checkout) may provide the import.", targets: [
                .init("Driver", products: ["SwiftToolsSupport-auto@swift-tools-support-core?"], source: ["import ↓TSCBasic"]),
                .init("Options", products: ["TSCBasic@swift-tools-support-core?"], source: ["import TSCBasic"]),
            ]),
        ],
        nonTriggering: [
            RuleExample("Imports of declared targets and of system modules.", targets: [
                .init("Search", dependencies: ["Models"], source: ["import Foundation", "import Models"]),
                .init("Models"),
            ]),
            RuleExample("Text that only looks like an import.", targets: [
                .init("Search", source: ["// import Storage", "let text = \"import Storage\"", "#if false", "import Storage", "#endif"]),
                .init("Storage"),
            ]),
            RuleExample("An import no declared dependency leads to is unreachable-import's, not this rule's.", targets: [
                .init("Search", dependencies: ["Models"], source: ["import Storage"]),
                .init("Models"), .init("Storage"),
            ]),
        ])

    func findings(in input: CheckInput, severity: Severity) -> [Finding] {
        UndeclaredImports.occurrences(in: input).compactMap { occurrence in
            switch occurrence.kind {
            // Held by an image the target loads: `import-through-image`'s, never "declare it".
            case .reachable where occurrence.throughImage != nil: nil
            case .reachable: UndeclaredImports.finding(occurrence, ruleID: Self.description.id, severity: severity, input: input)
            case .undecided(let products, let chain):
                undecided(occurrence.declaration, in: occurrence.file, of: occurrence.target, products: products, chain: chain)
            case .unreachable: nil
            }
        }
    }

    /// A note, never failing the run: a remote product whose modules are unknown (no checkout),
    /// declared by `target` or reached through `chain`, may provide the imported module. What
    /// makes the modules known is said once per run, not here.
    private func undecided(_ declaration: ImportDeclaration, in file: SourceFile, of target: Target,
                           products: [String], chain: [String]) -> Finding {
        let shown = products.prefix(3).joined(separator: ", ") + (products.count > 3 ? " and \(products.count - 3) more" : "")
        let notes = chain.isEmpty
            ? ["\(target.name) declares \(shown), whose modules are unknown without a checkout"]
            : ["may be reachable through \(chain.joined(separator: " → ")), whose modules are unknown without a checkout"]
        return Finding(
            ruleID: Self.description.id, severity: .note, target: target.id, subject: declaration.module,
            message: "\(target.name) imports \(declaration.module), which cannot be checked: \(shown) may provide it",
            notes: notes,
            place: .source(file, line: declaration.position.line, column: declaration.position.column))
    }
}
