/// A failure of a command that is not the command line's fault and not an input's: each case
/// carries the file or key a person must look at. Commands throw it (or `UsageError`, the
/// engine's `RunError`, or the input modules' own error enums); `BulkheadCLI.run` prints it
/// once and maps it to status 2.
enum CommandError: Error, Equatable {
    /// Some sources could not be read, so nothing was written (their diagnostics were printed).
    case unreadableSources(count: Int, nothingWritten: String)
    /// A file the command would write exists, and replacing it needs a flag.
    case wouldReplace(file: String, flag: String)
    /// Writing `what` to `file` would replace a file this run reads (`role` says which).
    case wouldOverwriteInput(what: String, file: String, role: String, remedy: String)
    /// `what` could not be written to `file` (as the person named it).
    case notWritten(what: String, file: String, reason: String)
    /// `check --fix` wrote none of its files (the reason names the file and what to do).
    case fixNotWritten(reason: String)
    /// `baseline --prune` found no baseline (as shown) to prune.
    case nothingToPrune(file: String)
    /// Standard output failed (a full disk, an I/O error): what was printed is incomplete.
    case standardOutputFailed(reason: String)
    /// Neither BULKHEAD_CACHE_DIR, XDG_CACHE_HOME nor HOME names a folder for the cache.
    case noCacheFolder

    var message: String {
        switch self {
        case .unreadableSources(let count, let nothingWritten):
            return "\(count) source\(count == 1 ? "" : "s") could not be read; \(nothingWritten)"
        case .wouldReplace(let file, let flag):
            return "\(file) already exists; pass \(flag) to replace it"
        case .wouldOverwriteInput(let what, let file, let role, let remedy):
            return "refusing to write \(what) to '\(file)': it is \(role); \(remedy)"
        case .notWritten(let what, let file, let reason):
            return "cannot write \(what) to '\(file)': \(reason)"
        case .fixNotWritten(let reason):
            return "cannot apply the fix: \(reason)"
        case .nothingToPrune(let file):
            return "there is no baseline at \(file) to prune; write one with `bulkhead baseline`, or name it with --baseline"
        case .standardOutputFailed(let reason):
            return "could not write to standard output: \(reason); the output is incomplete"
        case .noCacheFolder:
            return "no folder for the cache: set BULKHEAD_CACHE_DIR, XDG_CACHE_HOME or HOME to an absolute path"
        }
    }
}
