import FileAccess
import Foundation

/// The modules a binary target's artifact provides, read from the artifact rather than assumed
/// from the target's name: a Kotlin Multiplatform `KmpModule` binary target provides `shared`.
/// An `.xcframework`'s `Info.plist` lists its libraries; each `.framework` names its module by
/// its `Modules/*.swiftmodule` folders, else `framework module X` in `Modules/module.modulemap`,
/// else the framework's own name.
enum BinaryArtifactModules {
    /// Module names (sorted, without duplicates) of the artifact at `path` (absolute); empty
    /// when the artifact is absent or names no library, so the caller keeps its fallback.
    static func moduleNames(inArtifact path: String) -> [String] {
        var names: Set<String> = []
        for framework in frameworks(inArtifact: path) {
            names.formUnion(moduleNames(inFramework: framework))
        }
        return names.sorted()
    }

    /// The `.framework` folders the artifact holds: listed by an xcframework's `Info.plist`
    /// (`AvailableLibraries`: `LibraryIdentifier`/`LibraryPath`), or the artifact itself.
    private static func frameworks(inArtifact path: String) -> [String] {
        if path.hasSuffix(".framework") { return [path] }
        guard let data = smallFile(path + "/Info.plist"),
              let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
              let libraries = plist["AvailableLibraries"] as? [[String: Any]] else { return [] }
        // One library per platform and variant: a few. The plist is the artifact's, not ours, so
        // each name must stay one folder down, inside the artifact.
        return libraries.prefix(maximumLibraries).compactMap { library in
            guard let identifier = library["LibraryIdentifier"] as? String, let libraryPath = library["LibraryPath"] as? String,
                  libraryPath.hasSuffix(".framework"), isOneComponent(identifier), isOneComponent(libraryPath) else { return nil }
            return "\(path)/\(identifier)/\(libraryPath)"
        }
    }

    /// Far more than any xcframework lists (one per platform and variant).
    static let maximumLibraries = 64
    /// An `Info.plist` or module map is a few kilobytes; a bigger file is not read.
    static let maximumFileBytes = 1 << 20

    private static func isOneComponent(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/")
    }

    /// The bytes of a regular file of at most `maximumFileBytes`; nil for anything else (a
    /// folder, a FIFO that would block, a device, a bigger file).
    private static func smallFile(_ path: String) -> Data? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= maximumFileBytes else { return nil }
        return try? FileSystem.contents(of: path)
    }

    private static func moduleNames(inFramework framework: String) -> [String] {
        let modules = framework + "/Modules"
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: modules)) ?? []
        let swiftModules = entries.filter { $0.hasSuffix(".swiftmodule") }.map { String($0.dropLast(".swiftmodule".count)) }
        if !swiftModules.isEmpty { return swiftModules }
        if let data = smallFile(modules + "/module.modulemap"), let name = frameworkModuleName(in: data) {
            return [name]
        }
        return FileSystem.isDirectory(framework) ? [((framework as NSString).lastPathComponent as NSString).deletingPathExtension] : []
    }

    /// `X` of the first `framework module X` declaration in a module map.
    static func frameworkModuleName(in data: Data) -> String? {
        let words = String(decoding: data, as: UTF8.self).split(whereSeparator: { $0.isWhitespace || $0 == "{" })
        for index in words.indices.dropLast(2) where words[index] == "framework" && words[index + 1] == "module" {
            return String(words[index + 2])
        }
        return nil
    }
}
