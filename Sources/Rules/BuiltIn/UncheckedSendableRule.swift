import Configuration
import Diagnostics
import ImportScanning
import ModuleGraph

/// `unchecked-sendable`: more `@unchecked Sendable` conformances in a scope than its budget
/// allows (0 forbids them).
struct UncheckedSendableRule: Rule {
    static let description = RuleDescription(
        id: "unchecked-sendable",
        summary: "A layer declares more @unchecked Sendable conformances than its configured budget (0 forbids them).",
        rationale: """
        @unchecked Sendable tells the compiler to stop checking: each one is a promise of thread \\
        safety that only review keeps. Scattered so that an old singleton can cross every package, \\
        they turn Swift 6's data-race checking off where it matters most. A budget per layer makes \\
        each new one a reviewed change of bulkhead.json: none in features and interfaces, a few \\
        counted ones in infrastructure that wraps old code. Occurrences are taken in path and line \\
        order; those past the budget are reported.
        """,
        defaultSeverity: .error,
        triggering: [
            RuleExample("A feature declares an @unchecked Sendable class; Features allow none.", targets: [
                .init("SearchFeature", source: ["final class SearchCache: ↓@unchecked Sendable {", "    var entries: [String: String] = [:]", "}"]),
            ], layers: exampleLayers, source: exampleRules),
        ],
        nonTriggering: [
            RuleExample("One in Infrastructure, whose budget is one; the words in a comment do not count.", targets: [
                .init("BookingData", source: ["// extension Session: @unchecked Sendable {}", "extension LegacySession: @unchecked Sendable {}"]),
                .init("SearchFeature", source: ["final class SearchCache: Sendable {}"]),
            ], layers: exampleLayers, source: exampleRules),
        ])

    static let exampleLayers: [Configuration.Layer] = [
        .init(name: "Infrastructure", suffixes: ["Data"], mayUse: []),
        .init(name: "Features", suffixes: ["Feature"], mayUse: []),
    ]

    static let exampleRules = SourceRules(uncheckedSendable: [
        .init(scope: .init(layers: ["Features"]), max: 0),
        .init(scope: .init(layers: ["Infrastructure"]), max: 1),
    ])

    func hasWork(under configuration: Configuration) -> Bool { !configuration.source.uncheckedSendable.isEmpty }

    func findings(in input: CheckInput, severity: Severity) -> [Finding] {
        var findings: [Finding] = []
        var reported: Set<Finding.Violation> = []
        for budget in input.configuration.source.uncheckedSendable {
            var occurrences: [(scoped: CheckInput.ScopedFile, declaration: TypeDeclaration)] = []
            var seen: Set<String> = []
            // A file several targets compile counts once, under the first of them.
            for scoped in input.files(in: budget.scope) where seen.insert(scoped.file.path).inserted {
                occurrences += scoped.file.declarations.filter(\.isUncheckedSendable).map { (scoped, $0) }
            }
            occurrences.sort { ($0.scoped.file.path, $0.declaration.position.offset) < ($1.scoped.file.path, $1.declaration.position.offset) }
            guard occurrences.count > budget.max else { continue }
            let allowance = "source.uncheckedSendable allows \(budget.max == 0 ? "none" : String(budget.max)) \(budget.scope.label), \(occurrences.count) found"
            for (scoped, declaration) in occurrences.dropFirst(budget.max) {
                // At its `@unchecked`, not its keyword: a declaration-shape finding may hold that place.
                let position = declaration.uncheckedSendablePosition ?? declaration.position
                let finding = Finding(
                    ruleID: Self.description.id, severity: severity, target: scoped.target.id, subject: declaration.name,
                    message: "\(declaration.kind.rawValue) \(declaration.name) in \(scoped.target.name) is @unchecked Sendable; \(allowance)",
                    notes: ["make it an actor, or guard its state with a Mutex and conform to Sendable checked; or raise the budget in source.uncheckedSendable"],
                    place: .source(scoped.file, line: position.line, column: position.column))
                if reported.insert(finding.violation).inserted { findings.append(finding) }
            }
        }
        return findings
    }
}
