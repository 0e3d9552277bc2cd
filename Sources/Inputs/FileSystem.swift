import Diagnostics
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
    package static func contents(of path: String) throws(InputError) -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadablePath(path: path, reason: isDirectory(path) ? "it is a folder" : (fileExists(path) ? "permission denied" : "no such file"))
        }
        return data
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
        let root = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        guard let enumerator = FileManager.default.enumerator(atPath: root) else {
            throw .unreadablePath(path: directory, reason: "not a readable folder")
        }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") || name == "DerivedData" {
                if isDirectory(root + "/" + relative) { enumerator.skipDescendants() }
                continue
            }
            if name.hasSuffix(".swift") { files.append(root + "/" + relative) }
        }
        return files.sorted()
    }
}
