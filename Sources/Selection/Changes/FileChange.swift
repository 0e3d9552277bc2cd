/// One changed path, as git or a list of paths reports it. A rename carries the path it came
/// from, so that both the target it left and the target it joined count.
package struct FileChange: Sendable, Hashable {
    /// How the path changed. A list of paths says nothing about that: `unknown`.
    package enum Status: Sendable, Hashable {
        case added
        case modified
        case deleted
        case renamed(from: String)
        /// A new path copied from another; the original did not change.
        case copied
        case typeChanged
        case unknown
    }

    package var status: Status
    /// Relative to the repository's top folder.
    package var path: String

    package init(_ status: Status, path: String) {
        self.status = status
        self.path = path
    }

    /// One side of a change, to be placed on its own: a rename has two.
    package struct Side: Sendable, Hashable {
        package var path: String
        /// Why the path counts, for `--explain`: "changed", "moved here from …".
        package var reason: String
        /// Whether the path no longer exists after the change (deleted, or renamed away), so
        /// that a target it belonged to may be gone with it.
        package var isGone: Bool
    }

    /// The old path of a rename, then the new one; else the path.
    package var paths: [String] { sides.map(\.path) }

    package var sides: [Side] {
        switch status {
        case .renamed(let previous):
            [Side(path: previous, reason: "moved away to \(path)", isGone: true),
             Side(path: path, reason: "moved here from \(previous)", isGone: false)]
        case .added:
            [Side(path: path, reason: "added", isGone: false)]
        case .deleted:
            [Side(path: path, reason: "deleted", isGone: true)]
        case .modified, .copied, .typeChanged, .unknown:
            [Side(path: path, reason: "changed", isGone: false)]
        }
    }
}
