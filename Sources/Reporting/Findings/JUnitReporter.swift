import Diagnostics

/// JUnit XML, which every CI system shows as test results: one test suite per rule, one test
/// case per rule and target; a case fails with the target's errors under that rule. Warnings go
/// to the case's output, since they do not fail the check. Findings that belong to no target
/// (an unreadable file, a stale baseline entry) are cases of their own under their code. Paths
/// are relative to the working folder, where CI test viewers resolve them.
package struct JUnitReporter: Reporter {
    package let format = ReportFormat.junit

    package init() {}

    /// With `strict`, warnings fail their case too, as they fail the run.
    package func render(_ report: Report) -> String {
        let diagnostics = report.diagnostics(relativeTo: .workingFolder)
        let (rules, targets, strict) = (report.enabledRules, report.checkedTargets, report.strict)
        var byCase: [String: [String: [Diagnostic]]] = [:]  // rule → target → diagnostics
        for diagnostic in diagnostics {
            byCase[diagnostic.code, default: [:]][diagnostic.target ?? (diagnostic.location?.path ?? "package"), default: []].append(diagnostic)
        }
        let suites = Set(rules).union(byCase.keys).sorted()
        var body = ""
        var totalTests = 0
        var totalFailures = 0
        for rule in suites {
            let caseNames = (rules.contains(rule) ? Set(targets) : []).union(byCase[rule]?.keys ?? [:].keys).sorted()
            guard !caseNames.isEmpty else { continue }
            var cases = ""
            var failures = 0
            for name in caseNames {
                let found = (byCase[rule]?[name] ?? []).sorted()
                let failing: (Diagnostic) -> Bool = { $0.severity == .error || (strict && $0.severity == .warning) }
                let errors = found.filter(failing)
                let others = found.filter { !failing($0) }
                cases += "    <testcase classname=\"\(MarkupText.escaped(rule))\" name=\"\(MarkupText.escaped(name))\""
                if errors.isEmpty && others.isEmpty {
                    cases += "/>\n"
                    continue
                }
                cases += ">\n"
                if !errors.isEmpty {
                    failures += 1
                    let summary = errors.count == 1 ? errors[0].message : "\(errors.count) violations of \(rule)"
                    cases += "      <failure type=\"\(MarkupText.escaped(rule))\" message=\"\(MarkupText.escaped(summary))\">\(MarkupText.escaped(errors.map(Self.line).joined(separator: "\n")))</failure>\n"
                }
                if !others.isEmpty {
                    cases += "      <system-out>\(MarkupText.escaped(others.map(Self.line).joined(separator: "\n")))</system-out>\n"
                }
                cases += "    </testcase>\n"
            }
            totalTests += caseNames.count
            totalFailures += failures
            body += "  <testsuite name=\"\(MarkupText.escaped(rule))\" tests=\"\(caseNames.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n\(cases)  </testsuite>\n"
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"bulkhead\" tests=\"\(totalTests)\" failures=\"\(totalFailures)\" errors=\"0\">\n"
            + body + "</testsuites>\n"
    }

    private static func line(_ diagnostic: Diagnostic) -> String {
        let location = diagnostic.location.map(DiagnosticLine.location) ?? ""
        return ([location + "\(diagnostic.severity.rawValue): \(diagnostic.message)"] + diagnostic.notes.map { "  note: \($0)" }).joined(separator: "\n")
    }
}

extension ReportFormat {
    package static let junit = ReportFormat(rawValue: "junit")
}
