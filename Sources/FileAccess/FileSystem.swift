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

/// The few file-system questions the commands ask, in one place so that only this module touches
/// the disk.
package enum FileSystem {
    package static var currentDirectory: String { FileManager.default.currentDirectoryPath }

    /// All of standard input, for commands that take `-` as a file.
    @Sendable package static func readStandardInput() -> Data {
        FileHandle.standardInput.readDataToEndOfFile()
    }

    /// `path` made absolute against `base` (the current directory) and normalized.
    package static func absolutePath(_ path: String, relativeTo base: String = currentDirectory) -> String {
        PathArithmetic.absolute(path, relativeTo: base)
    }

    /// The path with every symbolic link resolved, as git and the kernel see it (`/tmp/x` is
    /// `/private/tmp/x` on macOS); the path unchanged when it does not exist.
    package static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `path` relative to `base`, both absolute: `Sources/A.swift` below it, `../Core` beside it,
    /// "." for the base itself. A relative `path` is returned unchanged.
    package static func relativePath(_ path: String, to base: String) -> String {
        PathArithmetic.relative(path, to: base)
    }

    /// The bytes of a small file (a configuration, a manifest, a baseline).
    /// The largest configuration, baseline or file list read whole.
    package static let readLimit = 256 << 20
    /// The reason `contents(of:)` gives for a path where nothing is.
    package static let noSuchFile = "no such file"

    /// A regular file's bytes (a symbolic link is followed). Anything else — a folder, a FIFO
    /// that would block the read, a device, a dangling link, a file over `readLimit` — is an
    /// error that says what is at the path. `allowingStreams` also reads a FIFO or a character
    /// device to its end, for lists a shell hands over as `<(git diff …)`.
    package static func contents(of path: String, allowingStreams: Bool = false) throws(InputError) -> Data {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let reason = lstat(path, &info) == 0 ? "it is a symbolic link to something that does not exist" : noSuchFile
            throw .unreadablePath(path: path, reason: reason)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        // `where` binds to the last pattern only: each kind of stream states it.
        case S_IFIFO where allowingStreams, S_IFCHR where allowingStreams:
            guard let handle = FileHandle(forReadingAtPath: path) else { throw .unreadablePath(path: path, reason: "permission denied") }
            defer { try? handle.close() }
            do {
                let data = try handle.read(upToCount: readLimit + 1) ?? Data()
                guard data.count <= readLimit else { throw InputError.unreadablePath(path: path, reason: "it holds over \(readLimit) bytes") }
                return data
            } catch let error as InputError {
                throw error
            } catch {
                throw .unreadablePath(path: path, reason: error.localizedDescription)
            }
        case S_IFDIR: throw .unreadablePath(path: path, reason: "it is a folder; name a file")
        case S_IFIFO: throw .unreadablePath(path: path, reason: "it is a FIFO, not a file; Bulkhead reads only regular files here")
        default: throw .unreadablePath(path: path, reason: "it is a device or socket, not a file")
        }
        guard Int(info.st_size) <= readLimit else {
            throw .unreadablePath(path: path, reason: "it is \(info.st_size) bytes, over the \(readLimit)-byte limit")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadablePath(path: path, reason: "permission denied")
        }
        return data
    }

    /// A package folder's manifests: `Package.swift` and the version-specific ones
    /// (`Package@swift-6.0.swift`), absolute, whether or not `Package.swift` exists.
    package static func manifests(in folder: String) -> [String] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasPrefix("Package@swift") && $0.hasSuffix(".swift") }
        return (["Package.swift"] + names.sorted()).map { folder + "/" + $0 }
    }

    /// The names in a folder, sorted; none when it cannot be listed.
    package static func entryNames(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// Whether anything is at `path`, a dangling symbolic link included: a configuration file
    /// that is a broken link is a mistake to report, not a file to skip.
    package static func entryExists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    package static func fileExists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    package static func isRegularFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    package static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Every `.swift` file below `directory`, sorted, skipping hidden folders and build products
    /// (`.build`, `.swiftpm`, `DerivedData`).
    package static func swiftFiles(under directory: String) throws(InputError) -> [String] {
        try files(under: directory).filter { $0.hasSuffix(".swift") }
    }
}

extension FileSystem {
    /// Every file below `directory` that is not a folder, sorted, skipping hidden files and
    /// folders and `DerivedData`: what an Xcode 16 synchronized folder holds.
    package static func files(under directory: String) throws(InputError) -> [String] {
        let root = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        guard isDirectory(root) else { throw .unreadablePath(path: directory, reason: "not a readable folder") }
        // One `readdir` per folder, the kinds from the folders themselves: no `stat` per file.
        let listing = DirectoryListing.list(root) { !isSkipped(PathArithmetic.lastComponent($0)) }
        return listing.entries
            .filter { $0.kind != .folder && !isSkipped(PathArithmetic.lastComponent($0.path)) }
            .map { root + "/" + $0.path }
            .sorted()
    }

    private static func isSkipped(_ name: String) -> Bool {
        name.utf8.first == UInt8(ascii: ".") || name == "DerivedData"
    }
}
