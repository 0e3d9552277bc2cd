import Diagnostics
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

/// How a write reaches a path, decided from what is there before anything is written.
enum WriteDestination: Equatable {
    /// One of this process's open descriptors (`/dev/stdout`, `/dev/fd/3`).
    case descriptor(Int32)
    /// A character device or a FIFO: opened and written, never renamed over.
    case writeThrough(String)
    /// A regular file, or a path with nothing there yet (symbolic links followed): replaced
    /// atomically.
    case replace(String)

    /// Links followed at most this many times, as the kernel's own limit for one lookup.
    static let maximumLinkHops = 40

    static func of(_ path: String) -> Result<WriteDestination, WriteFailure> {
        if let descriptor = inheritedDescriptor(path) {
            return fcntl(descriptor, F_GETFD) == -1 ? .failure(.closedDescriptor(descriptor)) : .success(.descriptor(descriptor))
        }
        var status = stat()
        if stat(path, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFDIR: return .failure(.isFolder)
            case S_IFREG: return .success(.replace(FileSystem.realPath(path)))
            case S_IFCHR, S_IFIFO: return .success(.writeThrough(path))
            case S_IFBLK: return .failure(.unsupportedKind("a block device"))
            default: return .failure(.unsupportedKind("a socket"))
            }
        }
        switch errno {
        case ENOENT: return nothingThere(path)
        case ENOTDIR: return .failure(.parentNotFolder)
        case ELOOP: return .failure(.system("too many levels of symbolic links"))
        case let code: return .failure(.system(FileSystem.errorText(code)))
        }
    }

    /// `path` does not exist, or is a link to something that does not exist: the file the links
    /// end at is created, if its folder is there.
    private static func nothingThere(_ path: String) -> Result<WriteDestination, WriteFailure> {
        var file = path
        for _ in 0...maximumLinkHops {
            guard let target = linkTarget(file) else {
                let folder = (file as NSString).deletingLastPathComponent
                var status = stat()
                guard stat(folder.isEmpty ? "/" : folder, &status) == 0 else {
                    return .failure(errno == ENOENT ? .missingFolder(folder) : errno == ENOTDIR ? .parentNotFolder : .system(FileSystem.errorText(errno)))
                }
                guard status.st_mode & S_IFMT == S_IFDIR else { return .failure(.parentNotFolder) }
                return .success(.replace(file))
            }
            file = target.hasPrefix("/") ? target : PathArithmetic.absolute(target, relativeTo: (file as NSString).deletingLastPathComponent)
        }
        return .failure(.system("too many levels of symbolic links"))
    }

    /// Where the symbolic link at `path` points, or nil when `path` is not a link.
    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The descriptor a path names in `/dev` or `/proc/self`, which the shell set up for us.
    static func inheritedDescriptor(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return 1
        case "/dev/stderr": return 2
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                let number = path.dropFirst(prefix.count)
                guard !number.isEmpty, number.count < 10, number.allSatisfy(\.isASCII), let value = Int32(number) else { return nil }
                return value
            }
            return nil
        }
    }
}
