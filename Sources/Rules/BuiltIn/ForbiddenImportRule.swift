import Configuration
import Diagnostics
import ModuleGraph

/// `forbidden-import`: a source imports a module its layer forbids (`SwiftUI` in a domain layer),
/// or one that `source.forbiddenImports` forbids for a folder, target or layer (code not yet split
/// into modules, where a layer is still a folder of the app).
struct ForbiddenImportRule: Rule {
    static let description = RuleDescription(
        id: "forbidden-import",
        summary: "A source imports a module its layer forbids, such as a UI or persistence framework in a domain layer.",
        rationale: """
        Some layers are defined by what they do not know: a Clean Architecture domain is pure \\
        Swift, with no SwiftUI, no SwiftData, no networking, so its rules are tested without a \\
        screen and survive a change of store. Those are system and SDK modules, which no manifest \\
        declares, so the arrows between targets cannot catch them; the layer lists them under \\
        forbidden imports (the `clean` preset does for Domain) and this rule reads every import.
        """,
        defaultSeverity: .error,
        triggering: [
            RuleExample("ExpensesDomain imports SwiftUI.", targets: [
                .init("ExpensesDomain", source: ["import Foundation", "import ↓SwiftUI"]),
            ], layers: exampleLayers),
            RuleExample("A file under the app's Features folder imports Networking, which that folder may not.", targets: [
                .init("VoyageApp", path: "App/Features/Search", kind: "executable", source: ["import SwiftUI", "@preconcurrency import ↓Networking"]),
            ], source: folderRules),
        ],
        nonTriggering: [
            RuleExample("The presentation layer may import SwiftUI; the domain imports Foundation only.", targets: [
                .init("ExpensesDomain", source: ["import Foundation"]),
                .init("ExpensesPresentation", dependencies: ["ExpensesDomain"], source: ["import SwiftUI", "import ExpensesDomain"]),
            ], layers: exampleLayers),
            RuleExample("The composition folder may import the data layer; a comment naming it is no import.", targets: [
                .init("VoyageApp", path: "App/Composition", kind: "executable", source: ["// import Networking", "import BookingData"]),
            ], source: folderRules),
        ])

    static let folderRules = SourceRules(forbiddenImports: [
        .init(modules: ["Networking", "*Data"], scope: .init(paths: ["App/Features/**"]), message: "features see interface modules only"),
    ])

    static let exampleLayers: [Configuration.Layer] = [
        .init(name: "Domain", suffixes: ["Domain"], mayUse: ["Domain"], forbiddenImports: ["SwiftUI", "SwiftData"]),
        .init(name: "Presentation", suffixes: ["Presentation"], mayUse: ["Domain"]),
    ]

    func hasWork(under configuration: Configuration) -> Bool {
        configuration.layers.contains { !$0.forbiddenImports.isEmpty } || !configuration.source.forbiddenImports.isEmpty
    }

    func findings(in input: CheckInput, severity: Severity) -> [Finding] {
        var findings = layerFindings(in: input, severity: severity)
        var reported = Set(findings.map(\.violation))
        for entry in input.configuration.source.forbiddenImports {
            let forbidden = entry.matcher
            for scoped in input.files(in: entry.scope) {
                for declaration in scoped.file.imports where forbidden.matches(declaration.module) && input.mayCompile(declaration, in: scoped.target) {
                    let finding = Finding(
                        ruleID: Self.description.id, severity: severity, target: scoped.target.id, subject: declaration.module,
                        message: "\(scoped.target.name) imports \(declaration.module), which is forbidden \(entry.scope.label)" + (entry.message.map { ": \($0)" } ?? ""),
                        notes: ["source.forbiddenImports forbids \(entry.modules.joined(separator: ", ")) \(entry.scope.label)"],
                        place: .source(scoped.file, line: declaration.position.line, column: declaration.position.column))
                    if reported.insert(finding.violation).inserted { findings.append(finding) }
                }
            }
        }
        return findings
    }

    private func layerFindings(in input: CheckInput, severity: Severity) -> [Finding] {
        var findings: [Finding] = []
        for target in input.graph.targets where !input.isExcluded(target) {
            guard let layer = input.layers.layer(of: target.id), !layer.forbiddenImports.isEmpty else { continue }
            for file in input.checkedSources(of: target) {
                for declaration in file.imports where input.mayCompile(declaration, in: target) && layer.forbiddenImports.contains(declaration.module) {
                    let convention = layer.convention.map { " (\($0))" } ?? ""
                    findings.append(Finding(
                        ruleID: Self.description.id, severity: severity, target: target.id, subject: declaration.module,
                        message: "\(target.name) (\(layer.name)) imports \(declaration.module), which \(layer.name) must not import\(convention)",
                        notes: ["\(layer.name) forbids \(layer.forbiddenImports.joined(separator: ", ")); move the code that needs \(declaration.module) to a layer that may use it"],
                        place: .source(file, line: declaration.position.line, column: declaration.position.column)))
                }
            }
        }
        return findings
    }
}
