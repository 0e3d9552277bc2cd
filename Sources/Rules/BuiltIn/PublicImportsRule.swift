import Configuration
import Diagnostics
import ImportScanning
import ModuleGraph

/// `public-imports`: a target has more `public import` (or `@_exported import`) lines than its
/// configured maximum.
struct PublicImportsRule: Rule {
    static let description = RuleDescription(
        id: "public-imports",
        summary: "A target has more public imports than its configured maximum.",
        rationale: """
        With InternalImportsByDefault an import is internal unless it says public, and each \\
        public import is a module the target's clients see through its API. They should be \\
        deliberate and few; a maximum per target makes every new one a reviewed change. Counted \\
        per target: explicit public imports and @_exported ones, in path and line order; those \\
        past the maximum are reported.
        """,
        defaultSeverity: .error,
        triggering: [
            RuleExample("BookingData has three public imports; the maximum is two.", targets: [
                .init("BookingData", source: ["public import BookingInterface", "public import Foundation", "public import ↓Networking"]),
            ], source: exampleRules),
        ],
        nonTriggering: [
            RuleExample("Two public imports and internal ones.", targets: [
                .init("BookingData", source: ["public import BookingInterface", "public import Foundation", "import Networking", "internal import SharedKernel"]),
            ], source: exampleRules),
        ])

    static let exampleRules = SourceRules(publicImports: [.init(max: 2)])

    func hasWork(under configuration: Configuration) -> Bool { !configuration.source.publicImports.isEmpty }

    func findings(in input: CheckInput, severity: Severity) -> [Finding] {
        var findings: [Finding] = []
        var reported: Set<Finding.Violation> = []
        for budget in input.configuration.source.publicImports {
            var byTarget: [TargetID: [(file: SourceFile, declaration: ImportDeclaration)]] = [:]
            var order: [TargetID] = []
            for scoped in input.files(in: budget.scope) {
                for declaration in scoped.file.imports where Self.isPublic(declaration) && input.mayCompile(declaration, in: scoped.target) {
                    if byTarget[scoped.target.id] == nil { order.append(scoped.target.id) }
                    byTarget[scoped.target.id, default: []].append((scoped.file, declaration))
                }
            }
            for target in order {
                guard let imports = byTarget[target], imports.count > budget.max else { continue }
                let name = input.graph.target(target)?.name ?? target.name
                for (file, declaration) in imports.dropFirst(budget.max) {
                    let finding = Finding(
                        ruleID: Self.description.id, severity: severity, target: target, subject: declaration.module,
                        message: "\(name) has \(imports.count) public imports, at most \(budget.max) allowed \(budget.scope.label); this one makes \(declaration.module) part of its API",
                        notes: ["make it internal (import \(declaration.module)) unless \(declaration.module)'s types appear in \(name)'s public API"],
                        place: .source(file, line: declaration.position.line, column: declaration.position.column))
                    if reported.insert(finding.violation).inserted { findings.append(finding) }
                }
            }
        }
        return findings
    }

    static func isPublic(_ declaration: ImportDeclaration) -> Bool {
        declaration.accessLevel == .public || declaration.attributes.contains { $0.name == "_exported" }
    }
}
