/// What the caller could learn about the two versions of a changed manifest. Reading them needs
/// git and the toolchain; what they mean is computed from this value alone.
package enum ManifestEvidence: Sendable, Hashable {
    case versions(base: ManifestVersion, head: ManifestVersion)
    /// The two versions of a project file, as the project reader read them.
    case projects(base: ProjectSummary, head: ProjectSummary)
    /// The manifest did not exist at the base: a new package.
    case addedSinceBase
    /// The change came from a list of paths, or without `--base`: nothing to compare with.
    case noBase
    case headUnreadable
    /// git failed to show the manifest at the base, and said why.
    case baseNotShown(reason: String)
    case noScratchFolder
    /// The base version did not evaluate (it does not compile, say).
    case baseNotEvaluated
    /// The project file at the base did not read, for this reason.
    case baseProjectUnreadable(reason: String)

    /// Why the manifest cannot be compared, after "<path> changed and "; nil when it can.
    var gap: String? {
        switch self {
        case .versions, .projects, .addedSinceBase: nil
        case .noBase: "there is no --base to compare it with"
        case .headUnreadable: "its current manifest could not be read"
        case .baseNotShown(let reason): "git could not show it at the base: \(reason)"
        case .noScratchFolder: "no scratch folder could be made to evaluate its base"
        case .baseNotEvaluated: "its version at the base could not be evaluated"
        case .baseProjectUnreadable(let reason): "its version at the base could not be read: \(reason)"
        }
    }
}
