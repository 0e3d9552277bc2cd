import Diagnostics

/// How `check --group` folds the findings it shows: `module` makes one finding of all the
/// places in source where one rule finds the same thing (a module, for the import rules) in one
/// target. Grouping is for reading only: it applies after suppressions and the baseline, which
/// still see every finding on its own.
package enum FindingGrouping: String, CaseIterable, Sendable {
    case module

    /// How many of the other sites the note names; the rest are counted.
    package static let sitesNamed = 3
}

extension CheckResult {
    /// The result with its shown findings grouped: each group is one diagnostic at its first site
    /// (in report order), with the other sites as related locations and a note counting them.
    /// Findings placed in a manifest, problems with suppressions and stale baseline entries are
    /// one per thing already and pass unchanged. `findings` (what a baseline holds) is untouched.
    package func grouped(by grouping: FindingGrouping) -> CheckResult {
        var result = self
        switch grouping {
        case .module: result.diagnostics = FindingGroups.group(diagnostics, findings: findings)
        }
        return result
    }
}

package enum FindingGroups {
    struct Key: Hashable {
        var rule: String
        var severity: Severity
        var target: String
        var subject: String
    }

    /// `diagnostics` with those that come from a finding in source, and that `folds` accepts,
    /// folded per (rule, target, subject). A diagnostic is matched to its finding by value; one
    /// that matches none (a group made before) is kept.
    package static func group(_ diagnostics: [Diagnostic], findings: [PlacedFinding],
                              folding folds: (Diagnostic) -> Bool = { _ in true }) -> [Diagnostic] {
        var subjectByDiagnostic: [Diagnostic: String] = [:]
        for placed in findings {
            guard case .source = placed.finding.place else { continue }
            subjectByDiagnostic[placed.diagnostic] = placed.finding.subject
        }
        var kept: [Diagnostic] = []
        var groups: [Key: [Diagnostic]] = [:]
        var order: [Key] = []
        for diagnostic in diagnostics.sorted() {
            guard folds(diagnostic), let subject = subjectByDiagnostic[diagnostic], let target = diagnostic.target else {
                kept.append(diagnostic)
                continue
            }
            let key = Key(rule: diagnostic.code, severity: diagnostic.severity, target: target, subject: subject)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(diagnostic)
        }
        for key in order {
            guard let members = groups[key], var first = members.first else { continue }
            if members.count > 1 {
                let others = members.dropFirst().compactMap(\.location)
                first.relatedLocations = others
                first.notes.append(note(count: members.count, files: Set(members.compactMap { $0.location?.path }).count, others: others))
            }
            kept.append(first)
        }
        return kept.sorted()
    }

    /// `found at 7 places in 4 files; also at A.swift:3, B.swift:9, C.swift:1 and 3 more`
    static func note(count: Int, files: Int, others: [SourceLocation]) -> String {
        let named = others.prefix(FindingGrouping.sitesNamed).map { location in
            location.line.map { "\(location.path):\($0)" } ?? location.path
        }
        let rest = others.count - named.count
        let list = rest > 0 ? named.joined(separator: ", ") + " and \(rest) more" : ListPhrase.joined(named)
        return "found at \(count) places in \(files) file\(files == 1 ? "" : "s"); also at \(list)"
    }
}
