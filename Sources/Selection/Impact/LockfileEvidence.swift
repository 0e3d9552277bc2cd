import Foundation

/// What the caller could read of a changed `Package.resolved` at the base and now. A side that
/// did not exist (or could not be shown) is nil: it has no pins.
package enum LockfileEvidence: Sendable, Hashable {
    case versions(base: Data?, head: Data?)
    /// The change came from a list of paths, or without `--base`: nothing to compare with.
    case noBase
}
