import Configuration
import Diagnostics
import ImportScanning
import ModuleGraph

/// `forbidden-identifier`: code uses an identifier or member chain its layer, target or folder
/// forbids (`URLSession` in a feature, `Bundle.main` where resources come from `Bundle.module`).
struct ForbiddenIdentifierRule: Rule {
    static let description = RuleDescription(
        id: "forbidden-identifier",
        summary: "Code uses an identifier its layer, target or folder forbids, such as URLSession in a feature.",
        rationale: """
        Some bans live inside a module: a feature asks its repository for data and never opens a \\
        URLSession; a package's resources come from Bundle.module, and Bundle.main there finds \\
        nothing once the code moves out of the app. A text search for the word is fooled by a \\
        comment, a string or a disable comment; this rule reads the tokens of Bulkhead's own \\
        lexer, so only code counts, and a member chain such as Bundle.main is matched as the \\
        tokens Bundle . main, across line breaks. The only way out is a bulkhead:ignore with a reason.
        """,
        defaultSeverity: .error,
        triggering: [
            RuleExample("SearchFeature calls URLSession, which Features may not use.", targets: [
                .init("SearchFeature", source: ["import Foundation", "func load(_ url: URL) async throws {", "    _ = try await ↓URLSession.shared.data(from: url)", "}"]),
            ], layers: exampleLayers, source: exampleRules),
            RuleExample("A package target reads Bundle.main, split over two lines.", targets: [
                .init("SearchFeature", source: ["import Foundation", "let image = ↓Bundle", "    .main.url(forResource: \"logo\", withExtension: \"png\")"]),
            ], layers: exampleLayers, source: exampleRules),
        ],
        nonTriggering: [
            RuleExample("The words only in a comment and a string, and Bundle.module.", targets: [
                .init("SearchFeature", source: ["import Foundation", "// swiftlint:disable url_session_in_feature", "// URLSession is the repository's job", "let note = \"no URLSession here\"", "let image = Bundle.module.url(forResource: \"logo\", withExtension: \"png\")"]),
            ], layers: exampleLayers, source: exampleRules),
            RuleExample("Networking is not a feature: URLSession is its job.", targets: [
                .init("Networking", source: ["import Foundation", "let session = URLSession.shared"]),
            ], layers: exampleLayers, source: exampleRules),
        ])

    static let exampleLayers: [Configuration.Layer] = [
        .init(name: "Features", suffixes: ["Feature"], mayUse: []),
        .init(name: "Infrastructure", targets: ["Networking"], mayUse: []),
    ]

    static let exampleRules = SourceRules(forbiddenIdentifiers: [
        .init(identifiers: ["URLSession", "Bundle.main"], scope: .init(layers: ["Features"]), message: "network calls belong to the repository; resources come from Bundle.module"),
    ])

    func hasWork(under configuration: Configuration) -> Bool { !configuration.source.forbiddenIdentifiers.isEmpty }

    func findings(in input: CheckInput, severity: Severity) -> [Finding] {
        var findings: [Finding] = []
        // A file several targets compile (an app and its extensions share sources) is one place.
        var reported: Set<Finding.Violation> = []
        for entry in input.configuration.source.forbiddenIdentifiers {
            let forbidden = Set(entry.identifiers)
            for scoped in input.files(in: entry.scope) {
                for use in scoped.file.identifiers where forbidden.contains(use.identifier) {
                    let layer = scoped.layer.map { " (\($0))" } ?? ""
                    let finding = Finding(
                        ruleID: Self.description.id, severity: severity, target: scoped.target.id, subject: use.identifier,
                        message: "\(scoped.target.name)\(layer) uses \(use.identifier), which is forbidden \(entry.scope.label)" + (entry.message.map { ": \($0)" } ?? ""),
                        notes: ["found in code, not in a comment or a string; a bulkhead:ignore with a reason is the only exception"],
                        place: .source(scoped.file, line: use.position.line, column: use.position.column))
                    if reported.insert(finding.violation).inserted { findings.append(finding) }
                }
            }
        }
        return findings
    }
}
