/// How much a finding matters. Only `error` fails a check.
package enum Severity: String, Sendable, Hashable, CaseIterable, Comparable {
    case note, warning, error

    /// In declaration order, note first: compared without building `allCases` twice per question.
    package static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs.rank < rhs.rank
    }

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }
}
