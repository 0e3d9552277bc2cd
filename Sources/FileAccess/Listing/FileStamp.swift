#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat` says of a file that tells whether its bytes may have changed, as git's index
/// records it: size, modification and change times in nanoseconds, inode and device. The change
/// time catches a rewrite whose modification time was put back (`touch -d`), which a size and
/// modification time alone would miss.
package struct FileStamp: Codable, Sendable, Equatable {
    package var size: Int64
    package var modified: Int64
    var changed: Int64
    package var inode: UInt64
    var device: UInt64

    init(size: Int64, modified: Int64, changed: Int64, inode: UInt64, device: UInt64) {
        self.size = size
        self.modified = modified
        self.changed = changed
        self.inode = inode
        self.device = device
    }

    /// The stamp of the file `path` names (links followed, as the reader follows them); nil when
    /// there is no regular file there.
    package init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        self.init(info)
    }

    /// The stamp of the folder at `path` itself, a link not followed (a walk enters only what
    /// its parent lists as a folder) unless `followingLink`; nil when no folder is there.
    package init?(folderAt path: String, followingLink: Bool = false) {
        var info = stat()
        guard (followingLink ? stat(path, &info) : lstat(path, &info)) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        self.init(info)
    }

    /// The stamp of the folder open as `descriptor`.
    init?(openFolder descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }

    private init(_ info: stat) {
        size = Int64(info.st_size)
        #if canImport(Darwin)
        modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        changed = Int64(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(info.st_ctimespec.tv_nsec)
        #else
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        #endif
        inode = UInt64(info.st_ino)
        device = UInt64(info.st_dev)
    }

    /// Now on the wall clock, in the nanoseconds file times use.
    package static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// Whether a scan that started at `scanStart` can trust this stamp next time: not when the
    /// file changed within `granularity` of the scan (a write in the same clock tick as the read
    /// could leave the stamp unchanged), as git treats racily clean index entries.
    package func isSettled(before scanStart: Int64, granularity: Int64 = FileStamp.granularity) -> Bool {
        max(modified, changed) + granularity <= scanStart
    }

    /// One second: coarse enough for any file system's timestamps (some keep whole seconds).
    static let granularity: Int64 = 1_000_000_000
}

extension CacheWriter {
    /// A stamp as the caches write it: size, times, inode, device.
    package mutating func stamp(_ stamp: FileStamp) {
        integer(stamp.size)
        integer(stamp.modified)
        integer(stamp.changed)
        integer(stamp.inode)
        integer(stamp.device)
    }
}

extension CacheReader {
    /// The stamp `CacheWriter.stamp` wrote; nil when it does not read.
    package mutating func stamp() -> FileStamp? {
        guard let size = integer64(), let modified = integer64(), let changed = integer64(), let inode = unsigned(),
              let device = unsigned() else { return nil }
        return FileStamp(size: size, modified: modified, changed: changed, inode: inode, device: device)
    }
}
