#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// The two ways the staged files take their places: exchanged atomically and checked after, or,
/// where the file system cannot exchange, checked again and renamed.
extension GuardedReplacement {
    /// Exchanges each staged file with its file, checks that the old file now at the temporary
    /// name is the one verified with the planned bytes, and undoes every exchange when one is
    /// not. false, with nothing changed, when the first exchange finds the system or the file
    /// system unable to exchange.
    func replaceByExchanging(_ staged: inout [StagedFile]) throws(ReplacementRefusal) -> Bool {
        for index in staged.indices {
            let file = staged[index]
            hooks.beforeExchange(file.file.planned.path)
            if PendingTemporaryFiles.exchange(file.temporary.name, file.file.name, in: file.file.folder) != 0 {
                let code = errno
                if index == 0 && Self.cannotExchange(code) { return false }
                try undoExchanges(&staged)
                if code == ENOENT { throw .changedSinceRead(file: file.file.planned.shownAs) }
                throw .system(file: file.file.planned.shownAs, operation: "exchanging it with the fixed version", reason: FileSystem.errorText(code))
            }
            staged[index].isExchanged = true
            PendingTemporaryFiles.setExchanged(file.temporary, with: file.file.name)
            // Between the check and the exchange an editor may have written in place (same file,
            // other bytes) or renamed its file over this one (another file): either way its
            // edit is what the exchange just moved aside.
            if let refusal = oldFileRefusal(staged[index]) {
                try undoExchanges(&staged)
                throw refusal
            }
        }
        // All in place: from here an interruption removes the old files rather than putting
        // them back, and so does `discard`.
        for file in staged { PendingTemporaryFiles.setExchanged(file.temporary, with: nil) }
        return true
    }

    /// Why the old file now at `file`'s temporary name is not the one verified, or nil when it is.
    func oldFileRefusal(_ file: StagedFile) -> ReplacementRefusal? {
        let shown = file.file.planned.shownAs
        guard let old = Self.identity(at: file.temporary.name, in: file.file.folder) else { return .changedSinceRead(file: shown) }
        if old.st_mode & S_IFMT == S_IFLNK { return .linkOnTheWay(file: shown, component: shown) }
        guard Self.same(old, file.identity), Self.holds(file.temporary.name, in: file.file.folder, exactly: file.file.planned.before) else {
            return .changedSinceRead(file: shown)
        }
        return nil
    }

    /// Puts back every file exchanged so far, newest first. Throws when one could not be put back,
    /// naming where its old content is.
    func undoExchanges(_ staged: inout [StagedFile]) throws(ReplacementRefusal) {
        var failure: ReplacementRefusal?
        for index in staged.indices.reversed() where staged[index].isExchanged {
            let file = staged[index]
            if PendingTemporaryFiles.exchange(file.temporary.name, file.file.name, in: file.file.folder) == 0 {
                staged[index].isExchanged = false
                PendingTemporaryFiles.setExchanged(file.temporary, with: nil)
            } else if failure == nil {
                // Kept, not discarded: the temporary name holds the only copy of the old content.
                failure = .undoFailed(file: file.file.planned.shownAs, keptAt: Self.shown(file.temporary.name, beside: file.file.planned.shownAs),
                                      reason: FileSystem.errorText(errno))
                staged[index].isGone = true
            }
        }
        if let failure { throw failure }
    }

    /// Without an exchange: each file checked again (identity and bytes) immediately before any
    /// is renamed over, so the window for a concurrent save is a few system calls. `firstHooked`:
    /// the failed exchange of the first file already ran its hook.
    func replaceByRenaming(_ staged: inout [StagedFile], firstHooked: Bool) throws(ReplacementRefusal) {
        for file in staged.dropFirst(firstHooked ? 1 : 0) { hooks.beforeExchange(file.file.planned.path) }
        for file in staged {
            let current = try verify(file.file)
            guard Self.same(current, file.identity) else { throw .changedSinceRead(file: file.file.planned.shownAs) }
        }
        var written: [String] = []
        for index in staged.indices {
            let file = staged[index]
            guard renameat(file.file.folder, file.temporary.name, file.file.folder, file.file.name) == 0 else {
                let reason = FileSystem.errorText(errno)
                if written.isEmpty { throw .system(file: file.file.planned.shownAs, operation: "renaming the fixed version over it", reason: reason) }
                throw .partlyWritten(written: written, file: file.file.planned.shownAs, reason: reason)
            }
            staged[index].isGone = true
            written.append(file.file.planned.shownAs)
        }
    }

    /// Whether `code`, from an exchange, says the system or the file system has none.
    static func cannotExchange(_ code: Int32) -> Bool {
        code == ENOSYS || code == EINVAL || code == ENOTSUP || code == EOPNOTSUPP
    }

    /// Whether `name` in `folder` (not followed if a link) holds exactly `bytes`.
    static func holds(_ name: String, in folder: Int32, exactly bytes: [UInt8]) -> Bool {
        let descriptor = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return holds(descriptor, exactly: bytes)
    }
}
