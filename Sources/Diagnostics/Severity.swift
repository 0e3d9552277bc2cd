/// How much a finding matters. Only `error` fails a check.
package enum Severity: String, Sendable, Hashable, CaseIterable, Comparable {
    case note, warning, error

    package static func < (lhs: Severity, rhs: Severity) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
