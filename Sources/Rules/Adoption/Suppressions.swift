import Diagnostics
import Formats
import Foundation
import ImportScanning

/// `// bulkhead:ignore <rule-id> - <reason>` after the code on a finding's line, or alone on the
/// line above it. The reason
/// is required, the rule must exist, and a suppression that suppresses nothing is itself
/// reported, so suppressions stay honest and few.
package enum Suppressions {
    /// The codes of problems with the comments themselves. Neither can be suppressed or
    /// baselined: a suppression that needs one is the thing to fix.
    package enum Code: String, Sendable, CaseIterable {
        case unused = "unused-suppression"
        case invalid = "invalid-suppression"

        /// The catalog entry; the switch makes a new case declare one.
        package var entry: DiagnosticCode {
            switch self {
            case .unused:
                DiagnosticCode(
                    id: rawValue, family: .suppression, summary: "A suppression comment suppresses nothing.",
                    explanation: "Remove `// bulkhead:ignore` comments that no longer match a finding on their line or the next.",
                    defaultSeverity: .warning)
            case .invalid:
                DiagnosticCode(
                    id: rawValue, family: .suppression, summary: "A suppression comment Bulkhead cannot read.",
                    explanation: "Write `// bulkhead:ignore <rule-id> - <reason>`; the reason is required.",
                    defaultSeverity: .error)
            }
        }
    }

    package struct Outcome: Sendable {
        package var kept: [PlacedFinding]
        package var suppressedCount: Int
        /// Invalid and unused suppressions.
        package var problems: [Diagnostic]
    }

    struct Suppression {
        var path: String
        var line: Int
        var column: Int
        var rules: [String]
        /// The line whose findings it suppresses: its own after code, the next when alone.
        var target: Int
        var used = false
    }

    /// `directives` maps each file (relative path, as in findings) to its `// bulkhead:` comments;
    /// `knownRules` are the ids a suppression may name. A suppression of a rule that is not
    /// enabled cannot be used, and is not called unused.
    package static func apply(to findings: [PlacedFinding], directives: [String: [CommentDirective]], enabledRules: Set<String>,
                              knownRules known: [String]) -> Outcome {
        var problems: [Diagnostic] = []
        var suppressions: [Suppression] = []
        for (path, comments) in directives.sorted(by: { $0.key < $1.key }) {
            for comment in comments {
                let location = SourceLocation(path: path, line: comment.position.line, column: comment.position.column)
                switch parse(comment.text, knownRules: known) {
                case .success(let rules):
                    suppressions.append(Suppression(
                        path: path, line: comment.position.line, column: comment.position.column, rules: rules,
                        target: comment.isAloneOnItsLine ? comment.position.line + 1 : comment.position.line))
                case .failure(let problem):
                    problems.append(Diagnostic(code: Code.invalid.entry, message: problem.message, location: location))
                }
            }
        }
        // By file and the line they speak for, so each finding looks up only its own line's.
        var byLine: [LineKey: [Int]] = [:]
        for (index, suppression) in suppressions.enumerated() {
            byLine[LineKey(path: suppression.path, line: suppression.target), default: []].append(index)
        }
        var kept: [PlacedFinding] = []
        var suppressedCount = 0
        for placed in findings {
            guard let line = placed.location.line,
                  let index = byLine[LineKey(path: placed.location.path, line: line)]?.first(where: { index in
                      // A suppression written under a rule's former id still suppresses it.
                      RuleCatalog.acceptingIDs(of: placed.finding.ruleID).contains(where: suppressions[index].rules.contains)
                  })
            else {
                kept.append(placed)
                continue
            }
            suppressions[index].used = true
            suppressedCount += 1
        }
        for suppression in suppressions where !suppression.used && suppression.rules.contains(where: enabledRules.contains) {
            problems.append(Diagnostic(
                code: Code.unused.entry,
                message: "this suppression of \(suppression.rules.joined(separator: ", ")) suppresses nothing on its line or the next; remove it",
                location: SourceLocation(path: suppression.path, line: suppression.line, column: suppression.column)))
        }
        return Outcome(kept: kept, suppressedCount: suppressedCount, problems: problems)
    }

    private struct LineKey: Hashable {
        var path: String
        var line: Int
    }

    struct Problem: Error {
        var message: String
    }

    /// `ignore rule-a, rule-b - reason` → the rules.
    static func parse(_ text: String, knownRules: [String]) -> Result<[String], Problem> {
        let words = text.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard let verb = words.first else { return .failure(Problem(message: "empty bulkhead: comment; write // bulkhead:ignore <rule-id> - <reason>")) }
        guard verb == "ignore" else {
            let suggestion = Suggestion.closest(to: String(verb), among: ["ignore"]).map { "; did you mean '\($0)'?" } ?? ""
            return .failure(Problem(message: "unknown directive 'bulkhead:\(verb)'\(suggestion)"))
        }
        let rest = words.count > 1 ? String(words[1]) : ""
        guard let dash = rest.range(of: " - ") ?? (rest.hasSuffix(" -") ? rest.range(of: " -", options: .backwards) : nil) else {
            return .failure(Problem(message: "a suppression needs a reason: // bulkhead:ignore <rule-id> - <why this is acceptable>"))
        }
        let reason = rest[dash.upperBound...].trimmingBlanks()
        guard !reason.isEmpty else {
            return .failure(Problem(message: "a suppression needs a reason after ' - ': say why the violation is acceptable"))
        }
        let rules = rest[..<dash.lowerBound].split(separator: ",").map { $0.trimmingBlanks() }.filter { !$0.isEmpty }
        guard !rules.isEmpty else {
            return .failure(Problem(message: "a suppression names the rule it suppresses: // bulkhead:ignore <rule-id> - <reason>"))
        }
        for rule in rules where !knownRules.contains(rule) {
            let suggestion = Suggestion.closest(to: rule, among: knownRules).map { "; did you mean '\($0)'?" } ?? "; see 'bulkhead rules'"
            return .failure(Problem(message: "no rule '\(rule)'\(suggestion)"))
        }
        return .success(rules)
    }
}
