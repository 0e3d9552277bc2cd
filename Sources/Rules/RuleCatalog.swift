import Diagnostics
import ImportScanning
import ModuleGraph

/// Every rule Bulkhead knows, in the order they run and are listed.
package enum RuleCatalog {
    package static let all: [RuleDescription] = [
        LayerDependencyRule.description,
        UndeclaredImportRule.description,
        UnusedDependencyRule.description,
        ThirdPartyProductRule.description,
    ]

    /// Every id a configuration may set a severity for: the rules, and the baseline's check for
    /// entries that no longer occur.
    package static let configurable: [RuleDescription] = all + [BaselineComparison.staleDescription]

    package static func description(of id: String) -> RuleDescription? {
        configurable.first { $0.id == id }
    }
}

/// Runs the enabled rules over one input and returns their findings, in rule order.
package enum Checker {
    package static func run(_ input: CheckInput) -> [Finding] {
        let configuration = input.configuration
        var findings: [Finding] = []
        // An undeclared import that also crosses layers is one violation: the layer rule reports
        // it and the undeclared-import rule leaves the same import alone.
        var claimed: Set<ImportSite> = []
        if let severity = configuration.severity(of: LayerDependencyRule.description) {
            findings += LayerDependencyRule.check(input, severity: severity, claiming: &claimed)
        }
        if let severity = configuration.severity(of: UndeclaredImportRule.description) {
            findings += UndeclaredImportRule.check(input, severity: severity, skipping: claimed)
        }
        var edgeFindings: [Finding] = []
        if let severity = configuration.severity(of: ThirdPartyProductRule.description) {
            edgeFindings += ThirdPartyProductRule.check(input, severity: severity)
        }
        // Likewise a declared dependency that breaks the layers is one violation, even when no
        // source imports it: the unused-dependency rule leaves it to the layer rules.
        let reportedEdges = Set((findings + edgeFindings).compactMap { finding -> String? in
            guard case .manifest(let dependency?) = finding.place else { return nil }
            return "\(finding.target)|\(dependency)"
        })
        if let severity = configuration.severity(of: UnusedDependencyRule.description) {
            findings += UnusedDependencyRule.check(input, severity: severity).filter { finding in
                guard case .manifest(let dependency?) = finding.place else { return true }
                return !reportedEdges.contains("\(finding.target)|\(dependency)")
            }
        }
        return findings + edgeFindings
    }
}

/// An import's place, to tell rules apart when two would report the same line.
struct ImportSite: Hashable {
    var path: String
    var offset: Int
}

extension Finding.Place {
    static func source(_ file: SourceFile, line: Int, column: Int) -> Finding.Place {
        .source(path: file.path, line: line, column: column, lineText: file.lineTexts[line] ?? "")
    }
}

/// Describes the `#if` clauses around an import, for a finding's notes.
enum ConditionalClauseText {
    static func note(for declaration: ImportDeclaration) -> String? {
        guard !declaration.conditions.isEmpty else { return nil }
        let clauses = declaration.conditions.map(\.written).joined(separator: " › ")
        return "the import is inside " + clauses + ": only builds that take that clause compile it"
    }
}
