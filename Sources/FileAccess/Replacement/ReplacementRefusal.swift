/// Why `GuardedReplacement` wrote nothing. Every file is named as the person sees it (relative to
/// the working folder); each message says what happened and what to do.
package enum ReplacementRefusal: Error, Sendable, Equatable {
    /// The file's content, or the file itself (another inode renamed over it), is not what the
    /// plan was made from: someone saved it since Bulkhead read it.
    case changedSinceRead(file: String)
    /// The file, followed through its links when the plan was made, lies outside the root.
    case outsideRoot(file: String)
    /// `component` on the way to `file` (or `file` itself) is a symbolic link, or not a folder,
    /// where the plan found a folder (or the file): it appeared since.
    case linkOnTheWay(file: String, component: String)
    /// The file is not a regular file (`kind` says what it is).
    case notRegularFile(file: String, kind: String)
    /// A rename would split the link, leaving the other names with the old text.
    case hardLinked(file: String, links: Int)
    /// Another process holds the root's write lock (`holder` says which, where the system tells).
    case locked(root: String, holder: String?, seconds: Int)
    /// A system call failed (`operation` on `file`, what the system said).
    case system(file: String, operation: String, reason: String)
    /// The fix was undone after a failure, but putting `file`'s old content back failed: it
    /// holds the fixed content, and the old content is in `keptAt`.
    case undoFailed(file: String, keptAt: String, reason: String)
    /// Without an atomic exchange the files were renamed one by one, and the rename of `file`
    /// failed after `written` were replaced.
    case partlyWritten(written: [String], file: String, reason: String)

    /// What a fix of `fileCount` files says.
    package func message(fileCount: Int) -> String {
        let nothing = fileCount > 1 ? "nothing was written (a fix writes all its \(fileCount) files or none)" : "nothing was written"
        switch self {
        case .changedSinceRead(let file):
            return "\(file) changed since bulkhead read it; \(nothing); run the fix again"
        case .outsideRoot(let file):
            return "\(file) is outside the repository; \(nothing)"
        case .linkOnTheWay(let file, let component):
            let what = component == file ? "it" : "'\(component)' on the way to it"
            return "\(file): \(what) is now a symbolic link or not what bulkhead read; \(nothing); check what changed it, then run the fix again"
        case .notRegularFile(let file, let kind):
            return "\(file) is \(kind), not a regular file; \(nothing)"
        case .hardLinked(let file, let links):
            return "\(file) has \(links) hard links, and replacing it would leave the other names with the old content; \(nothing); "
                + "make it a file of its own (cp it aside and back) or edit it by hand"
        case .locked(let root, let holder, let seconds):
            let who = holder.map { "another Bulkhead run (\($0))" } ?? "another Bulkhead run"
            return "\(who) is writing in \(root) and did not finish within \(seconds) seconds; \(nothing); "
                + "wait for it to end, then run the fix again"
        case .system(let file, let operation, let reason):
            return "\(file): \(operation) failed: \(reason); \(nothing)"
        case .undoFailed(let file, let keptAt, let reason):
            return "\(file): the fix failed and was undone, but restoring this file failed (\(reason)): it holds the fixed content "
                + "and its old content is in \(keptAt); move that back by hand"
        case .partlyWritten(let written, let file, let reason):
            return "\(file): the rename failed (\(reason)) after \(written.joined(separator: ", ")) were written "
                + "(this file system has no atomic exchange to undo them); check them and run the fix again"
        }
    }
}
