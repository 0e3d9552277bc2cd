import Formats
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// One file a fix replaces: the bytes the plan was made from and the bytes it writes.
package struct PlannedReplacement: Sendable {
    /// Absolute, as the plan named it (links are resolved when the file is located).
    package var path: String
    /// How messages name it (relative to the working folder).
    package var shownAs: String
    package var before: [UInt8]
    package var after: [UInt8]

    package init(path: String, shownAs: String, before: [UInt8], after: [UInt8]) {
        self.path = path
        self.shownAs = shownAs
        self.before = before
        self.after = after
    }
}

/// Replaces files inside a root so that neither a planted link nor a concurrent save can make
/// the write land somewhere else or destroy someone's edit, and so that a fix of several files
/// is written whole or not at all.
///
/// Everything goes through descriptors opened below the root's: each folder on the way is
/// opened with `O_NOFOLLOW`, so a link appearing anywhere is refused, never followed. Under the
/// root's write lock (`RootWriteLock`) every file is checked before any is written — a regular
/// file with one link, holding exactly the bytes the plan was made from. The new bytes go to a
/// temporary file in the same folder, which is then exchanged with the file atomically
/// (`renameat2(RENAME_EXCHANGE)`, `renameatx_np(RENAME_SWAP)`): the temporary name then holds
/// the old file, which must still be the one checked, with the same bytes. An editor that saved
/// in the instant between the check and the exchange (in place, or by a rename over the file)
/// is caught there, and every exchange is undone. Only when all files are in place are the old
/// ones removed. Where the file system cannot exchange, each file is checked again immediately
/// before a plain `renameat`, which leaves a window of a few system calls.
///
/// Temporary files are registered with `PendingTemporaryFiles`, so an interruption removes them
/// and undoes the exchanges made; a temporary file left by a killed run is removed by the next
/// replacement of the file beside it (under the lock, so no live run still owns it).
package struct GuardedReplacement {
    /// Where tests step in.
    package struct Hooks {
        /// Runs for each file (by its planned path) after the checks and the temporary file's
        /// writing, immediately before the exchange or rename: where a race is staged.
        package var beforeExchange: (String) -> Void = { _ in }
        /// false stands in for a file system without an atomic exchange.
        package var exchanges = true

        package init() {}
    }

    /// The root with its links resolved: every write lands below it.
    package let root: String
    /// How long to wait for another run's lock before giving up.
    package var lockWait: Duration = .seconds(5)
    package var hooks = Hooks()

    package init(root: String) {
        self.root = FileSystem.realPath(root)
    }

    /// Replaces every file of `files` or none. `notice` gets one line for each stale temporary
    /// file removed (or that could not be). Throws why nothing was written.
    package func replace(_ files: [PlannedReplacement], notice: (String) -> Void = { _ in }) throws(ReplacementRefusal) {
        guard !files.isEmpty else { return }
        let rootFolder = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard rootFolder >= 0 else {
            throw .system(file: root, operation: "opening the repository folder", reason: FileSystem.errorText(errno))
        }
        defer { close(rootFolder) }
        var located: [LocatedFile] = []
        defer { for file in located where file.folder != rootFolder { close(file.folder) } }
        for file in files { located.append(try locate(file, rootFolder: rootFolder)) }
        try RootWriteLock.acquire(rootFolder, root: root, waitingAtMost: lockWait)
        for file in located { removeStaleTemporaryFiles(beside: file, notice: notice) }
        // Every file is checked before any is written: one refused refuses the whole fix.
        var checked: [(file: LocatedFile, identity: stat)] = []
        for file in located { checked.append((file, try verify(file))) }
        var staged: [StagedFile] = []
        defer { for file in staged { discard(file, notice: notice) } }
        for (file, identity) in checked { staged.append(try stage(file, like: identity)) }
        if !hooks.exchanges {
            try replaceByRenaming(&staged, firstHooked: false)
        } else if try !replaceByExchanging(&staged) {
            try replaceByRenaming(&staged, firstHooked: true)
        }
    }

    /// A planned file found below the root: its folder's descriptor (opened along the way with
    /// `O_NOFOLLOW`) and its name in that folder.
    struct LocatedFile {
        let planned: PlannedReplacement
        let folder: Int32
        let name: String
    }

    /// A new version written and flushed beside its file, under a temporary name.
    struct StagedFile {
        let file: LocatedFile
        /// The identity the file had when checked, which the old file must still have.
        let identity: stat
        let temporary: PendingTemporaryFiles.Entry
        /// The temporary file's own identity, so that only it is ever removed by that name.
        let stagedIdentity: stat
        /// Whether the temporary name holds the old file now (after an exchange).
        var isExchanged = false
        /// Whether the temporary name is gone (renamed over the file, or removed).
        var isGone = false
    }

    /// The file the plan names, followed through the links it had when the plan was made, then
    /// walked from the root one folder at a time without following any link.
    func locate(_ file: PlannedReplacement, rootFolder: Int32) throws(ReplacementRefusal) -> LocatedFile {
        let landing = RepositoryBoundary.landing(of: file.path)
        guard landing.hasPrefix(root == "/" ? "/" : root + "/") else { throw .outsideRoot(file: file.shownAs) }
        let components = landing.dropFirst(root == "/" ? 1 : root.count + 1).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let name = components.last, !components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else {
            throw .outsideRoot(file: file.shownAs)
        }
        var folder = rootFolder
        var walked = ""
        for component in components.dropLast() {
            walked += (walked.isEmpty ? "" : "/") + component
            let next = openat(folder, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            let code = errno
            if folder != rootFolder { close(folder) }
            guard next >= 0 else {
                if code == ELOOP || code == ENOTDIR { throw .linkOnTheWay(file: file.shownAs, component: walked) }
                throw .system(file: file.shownAs, operation: "opening the folder '\(walked)'", reason: FileSystem.errorText(code))
            }
            folder = next
        }
        return LocatedFile(planned: file, folder: folder, name: name)
    }

    /// Checks that `file` is a regular file of one link holding the planned `before` bytes,
    /// and returns its identity.
    func verify(_ file: LocatedFile) throws(ReplacementRefusal) -> stat {
        let shown = file.planned.shownAs
        // O_NONBLOCK: a FIFO swapped in must not block the open.
        let descriptor = openat(file.folder, file.name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ELOOP { throw .linkOnTheWay(file: shown, component: shown) }
            if code == ENOENT { throw .changedSinceRead(file: shown) }
            throw .system(file: shown, operation: "opening it", reason: FileSystem.errorText(code))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .system(file: shown, operation: "reading its status", reason: FileSystem.errorText(errno))
        }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notRegularFile(file: shown, kind: Self.kind(of: status.st_mode)) }
        guard status.st_nlink == 1 else { throw .hardLinked(file: shown, links: Int(status.st_nlink)) }
        guard Self.holds(descriptor, exactly: file.planned.before) else { throw .changedSinceRead(file: shown) }
        return status
    }

    /// Whether reading `descriptor` to its end gives `bytes`, reading at most one byte more.
    static func holds(_ descriptor: Int32, exactly bytes: [UInt8]) -> Bool {
        var buffer = [UInt8](repeating: 0, count: bytes.count + 1)
        var count = 0
        while count < buffer.count {
            let read = buffer.withUnsafeMutableBytes { raw in systemRead(descriptor, raw.baseAddress! + count, raw.count - count) }
            if read < 0 {
                if errno == EINTR { continue }
                return false
            }
            if read == 0 { break }
            count += read
        }
        return count == bytes.count && buffer[0..<count].elementsEqual(bytes)
    }

    /// The new bytes of `file` in a temporary file beside it, with the old file's owner and mode,
    /// flushed to disk.
    func stage(_ file: LocatedFile, like identity: stat) throws(ReplacementRefusal) -> StagedFile {
        let shown = file.planned.shownAs
        var entry: PendingTemporaryFiles.Entry?
        var descriptor: Int32 = -1
        for _ in 0..<16 {
            let name = FileSystem.temporaryName(for: file.name)
            // Registered before it exists, so an interruption between open and rename removes it.
            let candidate = PendingTemporaryFiles.register(folder: file.folder, name: name,
                                                           path: PathArithmetic.parent(file.planned.path) + "/" + name)
            descriptor = openat(file.folder, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if descriptor >= 0 {
                entry = candidate
                break
            }
            let code = errno
            PendingTemporaryFiles.unregister(candidate)
            guard code == EEXIST else {
                throw .system(file: shown, operation: "creating a temporary file beside it", reason: FileSystem.errorText(code))
            }
        }
        guard let entry else { throw .system(file: shown, operation: "creating a temporary file beside it", reason: "every name tried exists") }
        var failure: String?
        // Owner first: changing it clears set-user-ID bits, which the mode then restores. Only
        // root may give a file away; anyone else's fchown to their own file is a no-op.
        if identity.st_uid != geteuid() || identity.st_gid != getegid() { _ = fchown(descriptor, identity.st_uid, identity.st_gid) }
        if fchmod(descriptor, identity.st_mode & 0o7777) != 0 { failure = FileSystem.errorText(errno) }
        if failure == nil, case .failure(let written) = FileSystem.writeAll(Data(file.planned.after), to: descriptor) {
            failure = written.reason()
        }
        if failure == nil, fsync(descriptor) != 0, errno != EINVAL { failure = FileSystem.errorText(errno) }
        var stagedIdentity = stat()
        if fstat(descriptor, &stagedIdentity) != 0, failure == nil { failure = FileSystem.errorText(errno) }
        if close(descriptor) != 0, failure == nil { failure = FileSystem.errorText(errno) }
        let staged = StagedFile(file: file, identity: identity, temporary: entry, stagedIdentity: stagedIdentity)
        if let failure {
            discard(staged)
            throw .system(file: shown, operation: "writing the temporary file", reason: failure)
        }
        return staged
    }

    /// Removes what is left at `file`'s temporary name — the new version after a refusal, the
    /// old file after an exchange — unless it was renamed into place, and only when it is the
    /// file expected there: whatever else a concurrent rename put there is left alone, and
    /// `notice` says where.
    func discard(_ file: StagedFile, notice: (String) -> Void = { _ in }) {
        PendingTemporaryFiles.unregister(file.temporary)
        guard !file.isGone, let found = Self.identity(at: file.temporary.name, in: file.file.folder) else { return }
        if Self.same(found, file.isExchanged ? file.identity : file.stagedIdentity) {
            unlinkat(file.file.folder, file.temporary.name, 0)
        } else {
            notice("left \(Self.shown(file.temporary.name, beside: file.file.planned.shownAs)) alone: something renamed a file there while "
                + "bulkhead was writing \(file.file.planned.shownAs); look at it (the next --fix removes it)")
        }
    }

    /// The identity of `name` in `folder` itself, a link not followed.
    static func identity(at name: String, in folder: Int32) -> stat? {
        var status = stat()
        return fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 ? status : nil
    }

    /// Whether two statuses are of one file.
    static func same(_ first: stat, _ second: stat) -> Bool {
        first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFLNK: "a symbolic link"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }
}

/// `read(2)` from whichever C library the platform has.
private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, bytes, count)
}
