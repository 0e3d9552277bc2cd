import Diagnostics

/// `unreachable-import`: a source imports a module that no declared dependency of its target
/// leads to, so a clean build of that target fails. Imports a declared chain reaches, or may
/// reach through a product whose modules are unknown, are `undeclared-import`'s; an import inside
/// `#if canImport` of its own module is neither's.
struct UnreachableImportRule: Rule {
    static let description = RuleDescription(
        id: "unreachable-import",
        summary: "A source imports a module that no declared dependency of its target leads to: a clean build fails.",
        rationale: """
        When nothing a target declares depends on an imported module, the module is built only if \
        some unrelated target happens to be built first in the same invocation. A clean build of \
        the target alone (`swift build --target X`, a selective test run, a fresh CI cache) fails \
        with "no such module". This is a broken build waiting for its moment, unlike \
        `undeclared-import`, whose import a declared chain still builds; the two carry their own \
        severities so a team can fail on this one and phase the other in. Only certainty is \
        reported: when a product whose modules are unknown (no checkout) sits anywhere on a \
        declared chain, the import may be built by it and is `undeclared-import`'s note instead; \
        an import inside `#if canImport(M)` of its own module M is skipped by a build without M. \
        The finding names the dependency to declare; `bulkhead check --fix` adds it. Before this rule existed these \
        findings were `undeclared-import`'s: baseline entries and suppressions written under \
        that id still accept them.
        """,
        defaultSeverity: .error,
        triggering: [
            RuleExample("Search imports Storage; it declares only Models, which does not lead to Storage.", targets: [
                .init("Search", dependencies: ["Models"], source: ["import Models", "import ↓Storage"]),
                .init("Models"), .init("Storage"),
            ]),
            RuleExample("A remote product's module that no declared dependency brings in.", targets: [
                .init("Networking", source: ["import ↓Alamofire"]),
                .init("Client", products: ["Alamofire@Alamofire"]),
            ]),
        ],
        nonTriggering: [
            RuleExample("Reachable through BookingInterface: undeclared-import's, not this rule's.", targets: [
                .init("Search", dependencies: ["BookingInterface"], source: ["import Networking"]),
                .init("BookingInterface", dependencies: ["Networking"]),
                .init("Networking"),
            ]),
            RuleExample("A product whose modules are unknown (no checkout), down a declared chain, may provide it: undeclared-import's note, not certainty.", targets: [
                .init("Loading", dependencies: ["Basics"], source: ["import TSCBasic"]),
                .init("Basics", products: ["SwiftToolsSupport-auto@swift-tools-support-core?"]),
                .init("Options", products: ["TSCBasic@swift-tools-support-core?"]),
            ]),
            RuleExample("An import inside #if canImport of its own module: a build without the module skips it.", targets: [
                .init("Search", source: ["#if canImport(Storage)", "import Storage", "#endif"]),
                .init("Storage"),
            ]),
            RuleExample("Declared imports and system modules.", targets: [
                .init("Search", dependencies: ["Models"], source: ["import Foundation", "import Models"]),
                .init("Models"),
            ]),
        ])

    /// The id these findings had before the split: baselines and suppressions written with it
    /// still accept them.
    static let formerID = UndeclaredImportRule.description.id

    func findings(in input: CheckInput, severity: Severity) -> [Finding] {
        UndeclaredImports.occurrences(in: input).compactMap { occurrence in
            guard occurrence.kind == .unreachable else { return nil }
            return UndeclaredImports.finding(occurrence, ruleID: Self.description.id, severity: severity, input: input)
        }
    }
}
