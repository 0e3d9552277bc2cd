import Diagnostics
import Rules

/// A rule written in a test target, to show that a rule is one file plus one line: this file,
/// and `RuleCatalog.rules + [ForbiddenFoundationRule()]` where the rules are listed.
struct ForbiddenFoundationRule: Rule {
    static let description = RuleDescription(
        id: "no-foundation",
        summary: "A source imports Foundation.",
        rationale: "Only here to prove the seam: a rule needs nothing but this file and its place in the list.",
        defaultSeverity: .warning, triggering: [], nonTriggering: [])

    func findings(in input: CheckInput, severity: Severity) -> [Finding] {
        input.graph.targets.flatMap { target in
            input.checkedSources(of: target).flatMap { file in
                file.imports.filter { $0.module == "Foundation" && input.mayCompile($0, in: target) }.map { declaration in
                    Finding(ruleID: Self.description.id, severity: severity, target: target.id, subject: "Foundation",
                            message: "\(target.name) imports Foundation",
                            place: .source(path: file.path, line: declaration.position.line, column: declaration.position.column,
                                           lineText: file.lineTexts[declaration.position.line] ?? ""))
                }
            }
        }
    }
}
