import Configuration
import Diagnostics
import ImportScanning
import ModuleGraph

/// `declaration-shape`: a type of a configured name and scope lacks a modifier it must have, has
/// one it must not, or does not inherit what it must (Harmonize's structural tests, as configuration).
struct DeclarationShapeRule: Rule {
    static let description = RuleDescription(
        id: "declaration-shape",
        summary: "A type of a configured name and layer lacks a required modifier or conformance, or has a forbidden modifier.",
        rationale: """
        Some architecture rules are about declarations, not arrows: view models are final, \\
        repository implementations stay internal so only the composition root can name them, \\
        protocols at a module boundary are Sendable so every implementation proves its thread \\
        safety. Teams write these as tests over a syntax tree in a package of their own; this rule \\
        reads the declarations with the same lexer that reads imports (no comment or string is \\
        mistaken for one), so they are lines in bulkhead.json, checked without a build.
        """,
        defaultSeverity: .error,
        triggering: [
            RuleExample("SearchViewModel is a class that is not final.", targets: [
                .init("SearchFeature", source: ["@MainActor", "↓class SearchViewModel: ObservableObject {}"]),
            ], layers: exampleLayers, source: exampleRules),
            RuleExample("A repository in Infrastructure is public.", targets: [
                .init("BookingData", source: ["public ↓struct LiveBookingRepository: BookingRepository {}"]),
            ], layers: exampleLayers, source: exampleRules),
            RuleExample("An interface protocol is not Sendable.", targets: [
                .init("BookingInterface", source: ["public ↓protocol TicketIssuer: AnyObject {", "    func issue() async throws", "}"]),
            ], layers: exampleLayers, source: exampleRules),
        ],
        nonTriggering: [
            RuleExample("A final view model, an internal repository, a Sendable protocol; the words in comments do not count.", targets: [
                .init("SearchFeature", source: ["// class LegacyViewModel {}", "@MainActor final class SearchViewModel: ObservableObject {}"]),
                .init("BookingData", source: ["struct LiveBookingRepository: BookingRepository {}", "let text = \"public struct FakeRepository\""]),
                .init("BookingInterface", source: ["public protocol TicketIssuer: Sendable {", "    func issue() async throws", "}"]),
            ], layers: exampleLayers, source: exampleRules),
        ])

    static let exampleLayers: [Configuration.Layer] = [
        .init(name: "Interfaces", suffixes: ["Interface"], mayUse: []),
        .init(name: "Infrastructure", suffixes: ["Data"], mayUse: ["Interfaces"]),
        .init(name: "Features", suffixes: ["Feature"], mayUse: ["Interfaces"]),
    ]

    static let exampleRules = SourceRules(declarations: [
        .init(kinds: ["class"], names: ["*ViewModel"], requiredModifiers: ["final"], message: "view models must be final"),
        .init(names: ["*Repository"], scope: .init(layers: ["Infrastructure"]), forbiddenModifiers: ["public", "open"], message: "repository implementations stay internal"),
        .init(kinds: ["protocol"], scope: .init(layers: ["Interfaces"]), requiredInheritance: ["Sendable"], message: "interface protocols are Sendable"),
    ])

    func hasWork(under configuration: Configuration) -> Bool { !configuration.source.declarations.isEmpty }

    func findings(in input: CheckInput, severity: Severity) -> [Finding] {
        var findings: [Finding] = []
        var reported: Set<Finding.Violation> = []
        for entry in input.configuration.source.declarations {
            for scoped in input.files(in: entry.scope) {
                for declaration in scoped.file.declarations where entry.selects(kind: declaration.kind.rawValue, name: declaration.name) {
                    var broken: [String] = []
                    broken += entry.requiredModifiers.filter { !declaration.modifiers.contains($0) }.map { "is not \($0)" }
                    broken += entry.forbiddenModifiers.filter { declaration.modifiers.contains($0) }.map { "is \($0)" }
                    broken += entry.requiredInheritance.filter { !declaration.inherits($0) }.map { "does not inherit \($0)" }
                    guard !broken.isEmpty else { continue }
                    let finding = Finding(
                        ruleID: Self.description.id, severity: severity, target: scoped.target.id, subject: declaration.name,
                        message: "\(declaration.kind.rawValue) \(declaration.name) in \(scoped.target.name)\(scoped.layer.map { " (\($0))" } ?? "") "
                            + broken.joined(separator: " and ") + (entry.message.map { ": \($0)" } ?? ""),
                        notes: [Self.rule(entry)],
                        place: .source(scoped.file, line: declaration.position.line, column: declaration.position.column))
                    if reported.insert(finding.violation).inserted { findings.append(finding) }
                }
            }
        }
        return findings
    }

    /// The entry in words, for the finding's note.
    private static func rule(_ entry: SourceRules.DeclarationShape) -> String {
        let kinds = entry.kinds.isEmpty ? "types" : entry.kinds.joined(separator: ", ")
        let names = entry.names.isEmpty ? "" : " named \(entry.names.joined(separator: ", "))"
        var demands: [String] = []
        if !entry.requiredModifiers.isEmpty { demands.append("must be \(entry.requiredModifiers.joined(separator: ", "))") }
        if !entry.forbiddenModifiers.isEmpty { demands.append("must not be \(entry.forbiddenModifiers.joined(separator: " or "))") }
        if !entry.requiredInheritance.isEmpty { demands.append("must inherit \(entry.requiredInheritance.joined(separator: ", "))") }
        return "source.declarations: \(kinds)\(names) \(entry.scope.label) \(demands.joined(separator: "; "))"
    }
}
