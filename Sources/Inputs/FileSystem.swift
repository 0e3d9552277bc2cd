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

    /// `path` made absolute against the current directory and normalized (no `.`, `..` or `//`).
    package static func absolutePath(_ path: String, relativeTo base: String = currentDirectory) -> String {
        let joined = path.hasPrefix("/") ? path : base + "/" + path
        // Most paths are already clean; only those with `.`, `..` or `//` need the slow walk.
        if isClean(joined) { return joined }
        var components: [Substring] = []
        for component in joined.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..": if !components.isEmpty { components.removeLast() }
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }

    /// No `.` or `..` component, no `//`, no trailing `/`: nothing for normalization to do.
    /// Checked on the bytes, since this runs once per file of a package. (`/.build` is a clean
    /// component; `/./` and `/../` are not.)
    private static func isClean(_ path: String) -> Bool {
        var dotsSinceSlash = 0
        var afterSlash = false
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                if afterSlash && dotsSinceSlash == 0 { return false }  // `//`
                if afterSlash && dotsSinceSlash <= 2 && dotsSinceSlash > 0 { return false }  // `/./`, `/../`
                afterSlash = true
                dotsSinceSlash = 0
            } else if afterSlash && byte == UInt8(ascii: ".") && dotsSinceSlash >= 0 {
                dotsSinceSlash += 1
            } else {
                afterSlash = false
                dotsSinceSlash = -1
            }
        }
        // A trailing `/`, `/.` or `/..`.
        return !(afterSlash && dotsSinceSlash <= 2)
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
        guard path.hasPrefix("/") else { return path }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        if path.hasPrefix(prefix) && isClean(path) { return String(path.dropFirst(prefix.count)) }
        let pathComponents = path.split(separator: "/")
        let baseComponents = base.split(separator: "/")
        var common = 0
        while common < pathComponents.count && common < baseComponents.count && pathComponents[common] == baseComponents[common] {
            common += 1
        }
        let upward = Array(repeating: "..", count: baseComponents.count - common)
        let downward = pathComponents[common...].map(String.init)
        let components = upward + downward
        return components.isEmpty ? "." : components.joined(separator: "/")
    }

    /// The bytes of a small file (a configuration, a manifest, a baseline).
    package static func contents(of path: String) throws(InputError) -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadablePath(path: path, reason: isDirectory(path) ? "it is a folder" : (fileExists(path) ? "permission denied" : "no such file"))
        }
        return data
    }

    /// Writes through a temporary file in the same folder and a rename, so a reader never sees a
    /// half-written file and a failure leaves the old one in place.
    package static func writeAtomically(_ data: Data, to path: String) throws(InputError) {
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .unwritablePath(path: path, reason: (error as NSError).localizedFailureReason ?? error.localizedDescription)
        }
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
