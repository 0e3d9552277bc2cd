import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(SystemCalls)
import SystemCalls
#endif

/// The temporary files of writes under way, which the interruption handler removes before the
/// process exits, so no signal that can be handled leaves a `.Package.swift.bulkhead-…` behind.
///
/// An entry names its file by a folder descriptor and a name (`AT_FDCWD` and the path for a
/// write by path), so removing it never resolves a path that may have changed meanwhile. The
/// owner of an entry removes it before closing the folder's descriptor, and the handler works
/// under the same lock, so a descriptor it uses is always still open.
enum PendingTemporaryFiles {
    struct Entry: Sendable, Hashable {
        /// Tells two writes of one name apart.
        let token: UInt64
        let folder: Int32
        let name: String
        /// Absolute, for the test that interrupts its own write only.
        let path: String
        /// Set while the temporary name holds the old file after an exchange with this name:
        /// an interruption then exchanges them back before removing it, so a fix of several
        /// files is undone rather than left half-written.
        var exchangedWith: String?
    }

    private static let entries = Mutex<[UInt64: Entry]>([:])
    private static let nextToken = Atomic<UInt64>(1)

    /// Registers `name` in `folder` before it is created, so an interruption between the
    /// `open` and the rename removes it too.
    static func register(folder: Int32, name: String, path: String) -> Entry {
        let entry = Entry(token: nextToken.add(1, ordering: .relaxed).oldValue, folder: folder, name: name, path: path)
        entries.withLock { $0[entry.token] = entry }
        return entry
    }

    /// Records that `entry`'s name now holds the file it was exchanged with (nil: it holds the
    /// temporary file again, or the old file is to be removed as it is).
    static func setExchanged(_ entry: Entry, with name: String?) {
        entries.withLock { $0[entry.token]?.exchangedWith = name }
    }

    static func unregister(_ entry: Entry) {
        entries.withLock { _ = $0.removeValue(forKey: entry.token) }
    }

    /// Undoes the exchanges of those `isPicked` picks, newest first, and removes their files.
    static func removeAll(where isPicked: (String) -> Bool) {
        entries.withLock { pending in
            let picked = pending.values.filter { isPicked($0.path) }.sorted { $0.token > $1.token }
            for entry in picked {
                pending.removeValue(forKey: entry.token)
                if let name = entry.exchangedWith { _ = exchange(entry.name, name, in: entry.folder) }
                unlinkat(entry.folder, entry.name, 0)
            }
        }
    }

    /// `first` and `second` in `folder` exchanged atomically; -1 with `errno` set when it failed
    /// (ENOSYS or EINVAL when the system or the file system cannot exchange).
    static func exchange(_ first: String, _ second: String, in folder: Int32) -> Int32 {
        #if canImport(Darwin)
        renameatx_np(folder, first, folder, second, UInt32(RENAME_SWAP))
        #else
        bulkhead_rename_exchange(folder, first, folder, second)
        #endif
    }
}
