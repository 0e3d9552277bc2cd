/// How tightly a remote package must be pinned in the manifest, from tightest to loosest: a
/// policy accepts its own kind of requirement and every tighter one.
package enum PinPolicy: String, Sendable, Hashable, CaseIterable, Comparable {
    /// `exact: "1.2.3"` (or a `revision:`).
    case exact
    /// `.upToNextMinor(from:)`.
    case upToNextMinor
    /// `from:` / `.upToNextMajor(from:)`.
    case upToNextMajor
    /// Any version range.
    case range
    /// Anything, a `branch:` included.
    case any

    package static func < (lhs: Self, rhs: Self) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}
