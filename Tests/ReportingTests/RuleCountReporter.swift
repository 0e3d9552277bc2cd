import Reporting

/// A reporter the tests add, to show that a new format is one file plus one line: how many
/// findings each rule has, one `rule count` line per rule, sorted by rule.
struct RuleCountReporter: Reporter {
    let format = ReportFormat.ruleCount

    func render(_ report: Report) -> String {
        let counts = Dictionary(grouping: report.diagnostics, by: \.code).mapValues(\.count)
        return counts.keys.sorted().map { "\($0) \(counts[$0] ?? 0)\n" }.joined()
    }
}

extension ReportFormat {
    static let ruleCount = ReportFormat(rawValue: "rule-count")
}
