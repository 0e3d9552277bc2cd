import Foundation
import ModuleGraph

/// SwiftPM's conventions, for when `describe` cannot run and only the manifest as written is
/// known: where a target lives when it names no `path:`, which files are its sources, and how a
/// target's name becomes a module name.
enum DefaultTargetLayout {
    static let sourceExtensions: Set<String> = ["swift", "c", "cc", "cpp", "cxx", "m", "mm", "s", "S"]

    /// The target's folder relative to the package root.
    static func path(for target: ManifestDump.Target, packageRoot: String) -> String {
        if let path = target.path { return path }
        let candidates: [String]
        switch target.type {
        case "test": candidates = ["Tests", "Sources", "Source", "src", "srcs"]
        case "plugin": candidates = ["Plugins"]
        default: candidates = ["Sources", "Source", "src", "srcs"]
        }
        for folder in candidates where FileSystem.isDirectory("\(packageRoot)/\(folder)/\(target.name)") {
            return "\(folder)/\(target.name)"
        }
        return "\(candidates[0])/\(target.name)"
    }

    /// Source files below the target's folder, relative to it, sorted: those the manifest's
    /// `sources:` lists (files or folders) when it lists any, without excluded paths and resources.
    static func sources(in targetPath: String, packageRoot: String, listed: [String]?, excluding excluded: [String]) -> [String] {
        let folder = "\(packageRoot)/\(targetPath)"
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        func trimmed(_ path: String) -> String {
            var path = path
            while path.hasSuffix("/") { path.removeLast() }
            while path.hasPrefix("./") { path.removeFirst(2) }
            return path
        }
        let excluded = excluded.map(trimmed)
        let listed = listed?.map(trimmed)
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if excluded.contains(where: { relative == $0 || relative.hasPrefix($0 + "/") }) {
                enumerator.skipDescendants()
                continue
            }
            guard sourceExtensions.contains((relative as NSString).pathExtension) else { continue }
            if let listed, !listed.contains(where: { relative == $0 || relative.hasPrefix($0 + "/") }) { continue }
            files.append(relative)
        }
        return files.sorted()
    }

    /// SwiftPM's c99 name: characters that cannot be in an identifier become `_`, and a leading
    /// digit gets a `_` before it (`Legacy-Bridge` → `Legacy_Bridge`).
    static func c99Name(_ name: String) -> String {
        var result = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        if let first = result.first, first.isNumber { result = "_" + result }
        return result
    }

    /// The module a module map declares (`module CZlib [system] { … }`), if there is one.
    static func moduleMapName(in folder: String) -> String? {
        for candidate in ["\(folder)/module.modulemap", "\(folder)/include/module.modulemap"] {
            guard let text = try? String(contentsOfFile: candidate, encoding: .utf8) else { continue }
            let words = withoutComments(text).split(whereSeparator: { $0.isWhitespace || $0 == "{" })
            var index = 0
            while index < words.count {
                if words[index] == "module", index + 1 < words.count {
                    return String(words[index + 1])
                }
                index += 1
            }
        }
        return nil
    }

    /// Module-map text with `//` and `/* */` comments removed.
    private static func withoutComments(_ text: String) -> String {
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            let rest = text[index...]
            if rest.hasPrefix("//") {
                index = rest.firstIndex(of: "\n") ?? text.endIndex
            } else if rest.hasPrefix("/*") {
                index = rest.dropFirst(2).range(of: "*/")?.upperBound ?? text.endIndex
                result.append(" ")
            } else {
                result.append(text[index])
                index = text.index(after: index)
            }
        }
        return result
    }
}
