import FileAccess
/// A failure to learn what changed from git. Each case says what to do next.
package enum GitError: Error, Sendable, Equatable {
    /// `--base` needs a repository; a list of paths does not.
    case notARepository(folder: String)
    /// The ref does not name a commit, or names an option (`--fork-point`): git never sees it
    /// as anything but a revision.
    case notACommit(ref: String)
    case noMergeBase(ref: String)
    case failed(InputError)

    package var message: String {
        switch self {
        case .notARepository(let folder):
            "\(folder) is not in a git repository; pass the changed paths with --files"
        case .notACommit(let ref):
            "'\(ref)' is not a commit; give --base a branch, tag or commit (e.g. --base origin/main), fetching it first if it is remote"
        case .noMergeBase(let ref):
            // A shallow clone (CI's default: actions/checkout fetches one commit) has the base
            // branch's tip but not the history that joins it to HEAD.
            "git found no merge base of '\(ref)' and HEAD; fetch the base branch (git fetch origin main) or check its name; "
                + "in a shallow clone, fetch the history that joins them (git fetch --deepen=100 origin main, or fetch-depth: 0 in actions/checkout)"
        case .failed(let error):
            error.message
        }
    }
}
