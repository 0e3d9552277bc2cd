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

extension FileSystem {
    /// Writes `data` to `path` the way the kind of file there needs, never replacing what the
    /// person did not mean to replace:
    /// - a regular file, or a path that does not exist yet, is replaced atomically (a temporary
    ///   file in the same folder, then a rename), so a reader never sees half a report and a
    ///   failure leaves the old file as it was; the old file's permissions are kept;
    /// - a symbolic link is followed: the file it names is replaced and the link stays a link;
    /// - a character device or a FIFO (`/dev/null`, a named pipe) is written through, because a
    ///   rename would put a regular file where the device was;
    /// - `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` and `/proc/self/fd/N` are written to this
    ///   process's descriptor, at its offset, wherever the shell pointed it (reopening the path
    ///   would write from offset 0 of a file opened for appending);
    /// - a folder, a block device or a socket is refused.
    /// `path` is absolute. A failed write of any kind (a full disk, `/dev/full`) throws.
    package static func write(_ data: Data, to path: String) throws(InputError) {
        let destination: WriteDestination
        switch WriteDestination.of(path) {
        case .success(let found): destination = found
        case .failure(let failure): throw .unwritable(path: path, failure: failure)
        }
        let outcome: Result<Void, WriteFailure>
        switch destination {
        case .descriptor(let descriptor):
            outcome = writeAll(data, to: descriptor)
        case .writeThrough(let device):
            let descriptor = open(device, O_WRONLY | O_NOCTTY | O_CLOEXEC)
            if descriptor < 0 {
                outcome = .failure(.system(errorText(errno)))
            } else {
                let written = writeAll(data, to: descriptor)
                let closed = close(descriptor) == 0 ? Result<Void, WriteFailure>.success(()) : .failure(.system(errorText(errno)))
                outcome = written.flatMap { closed }
            }
        case .replace(let file):
            outcome = replaceAtomically(file, with: data)
        }
        if case .failure(let failure) = outcome { throw .unwritable(path: path, failure: failure) }
    }

    /// The path as the file it names: symbolic links resolved for an existing file, and for one
    /// that does not exist yet its folder resolved, so two spellings of one file compare equal.
    package static func canonicalPath(_ path: String) -> String {
        let resolved = realPath(path)
        if resolved != path || fileExists(path) { return resolved }
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        guard !folder.isEmpty, folder != path else { return path }
        let realFolder = realPath(folder)
        return realFolder == "/" ? "/" + name : realFolder + "/" + name
    }

    /// Temporary file beside `file`, written, flushed to disk, renamed over `file`; removed again
    /// on any failure, and by `removePendingTemporaryFiles` when the run is interrupted meanwhile.
    ///
    /// The replaced file's mode, owner and group are kept (as root, a rename would otherwise
    /// hand a teammate's manifest to root). A file with more than one hard link is refused: a
    /// rename would split the link, leaving the other names with the old text, and writing in
    /// place would give up atomicity — a failure half-way would corrupt every name at once.
    /// `beforeRename` runs between the flush and the rename: where tests interrupt.
    static func replaceAtomically(_ file: String, with data: Data, beforeRename: () -> Void = {}) -> Result<Void, WriteFailure> {
        let folder = (file as NSString).deletingLastPathComponent
        let name = (file as NSString).lastPathComponent
        var existing = stat()
        let replaced: stat? = stat(file, &existing) == 0 ? existing : nil
        if let replaced, replaced.st_nlink > 1 {
            return .failure(.system("it has \(replaced.st_nlink) hard links, and replacing it would leave the other names with the old "
                + "content; make it a file of its own (cp it aside and back) or edit it by hand"))
        }
        var temporary = ""
        var pending: PendingTemporaryFiles.Entry?
        var descriptor: Int32 = -1
        for _ in 0..<16 {
            temporary = "\(folder.isEmpty ? "." : folder)/\(temporaryName(for: name))"
            // Registered before it exists, so an interruption between open and rename removes it.
            let entry = PendingTemporaryFiles.register(folder: AT_FDCWD, name: temporary, path: temporary)
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 {
                pending = entry
                break
            }
            let code = errno
            PendingTemporaryFiles.unregister(entry)
            errno = code
            if errno != EEXIST { break }
        }
        guard descriptor >= 0, let pending else {
            let code = errno
            return .failure(code == EACCES || code == EPERM || code == EROFS
                ? .folderNotWritable(folder: folder, reason: errorText(code)) : .system(errorText(code)))
        }
        defer { PendingTemporaryFiles.unregister(pending) }
        if let replaced {
            // Owner first: changing it clears set-user-ID bits, which the mode then restores.
            // Only root may give a file away; anyone else's fchown to their own file is a no-op.
            if replaced.st_uid != geteuid() || replaced.st_gid != getegid() { _ = fchown(descriptor, replaced.st_uid, replaced.st_gid) }
            _ = fchmod(descriptor, replaced.st_mode & 0o7777)
        }
        var result = writeAll(data, to: descriptor)
        if case .success = result, fsync(descriptor) != 0, errno != EINVAL { result = .failure(.system(errorText(errno))) }
        if close(descriptor) != 0, case .success = result { result = .failure(.system(errorText(errno))) }
        beforeRename()
        if case .success = result, rename(temporary, file) != 0 { result = .failure(.system(errorText(errno))) }
        if case .failure = result { unlink(temporary) }
        return result
    }

    /// The name of a temporary file written beside `name`: hidden, and recognisable, so a run
    /// killed before it could remove one (SIGKILL) leaves a file the next `--fix` can find.
    static func temporaryName(for name: String) -> String {
        ".\(name)\(temporarySuffixMark)\(String(UInt64.random(in: 0...UInt64.max), radix: 36))"
    }

    /// What follows the replaced file's name in the name of its temporary file.
    static let temporarySuffixMark = ".bulkhead-"

    /// Removes the temporary files of writes still under way (and undoes the exchanges of a fix
    /// under way): the interruption handler calls this before exiting, so a SIGINT during
    /// `--fix` leaves no `.Package.swift.bulkhead-…`. The files being replaced keep their old
    /// content: the rename that would replace them never happens, or is undone.
    package static func removePendingTemporaryFiles() {
        PendingTemporaryFiles.removeAll(where: { _ in true })
    }

    /// Those of them `isPicked` picks (by absolute path), the rest left pending: a test
    /// interrupts its own write while other tests of the same process write files of their own.
    static func removePendingTemporaryFiles(where isPicked: (String) -> Bool) {
        PendingTemporaryFiles.removeAll(where: isPicked)
    }

    /// Every byte of `data` to `descriptor`, retrying short writes and interruptions.
    static func writeAll(_ data: Data, to descriptor: Int32) -> Result<Void, WriteFailure> {
        data.withUnsafeBytes { raw -> Result<Void, WriteFailure> in
            var offset = 0
            while offset < raw.count, let base = raw.baseAddress {
                let written = systemWrite(descriptor, base + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return .failure(.system(errorText(errno)))
                }
                offset += written
            }
            return .success(())
        }
    }

    /// `strerror`, starting lower-case so that it reads inside a sentence.
    package static func errorText(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}

/// `write(2)` from whichever C library the platform has.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
