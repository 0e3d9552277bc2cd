/// Paths as strings, never the disk: joining, normalizing and relating absolute paths, so the
/// pure modules can move a path from one folder's view to another's. Symbolic links are not
/// resolved; `Inputs.FileSystem.realPath` does that where the disk is at hand.
package enum PathArithmetic {
    /// `path` joined to absolute `base` unless it is absolute itself, normalized: no `.`, `..`,
    /// empty or trailing components.
    package static func absolute(_ path: String, relativeTo base: String) -> String {
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

    /// Absolute `path` relative to absolute `base`: `Sources/A.swift` below it, `../Core` beside
    /// it, "." for the base itself, with `.` and `..` components resolved (`iOS/Core/A.swift` for
    /// `/repo/iOS/./Core/A.swift`, never `iOS/./Core/A.swift`). A relative `path` is returned
    /// unchanged.
    package static func relative(_ path: String, to base: String) -> String {
        guard path.hasPrefix("/") else { return path }
        let path = isClean(path) ? path : absolute(path, relativeTo: "/")
        let base = isClean(base) || !base.hasPrefix("/") ? base : absolute(base, relativeTo: "/")
        let prefix = base.hasSuffix("/") ? base : base + "/"
        if path.hasPrefix(prefix) && isClean(path) { return String(path.dropFirst(prefix.count)) }
        let pathComponents = path.split(separator: "/")
        let baseComponents = base.split(separator: "/")
        var common = 0
        while common < pathComponents.count && common < baseComponents.count && pathComponents[common] == baseComponents[common] {
            common += 1
        }
        let components = Array(repeating: "..", count: baseComponents.count - common) + pathComponents[common...].map(String.init)
        return components.isEmpty ? "." : components.joined(separator: "/")
    }

    /// Whether normalized absolute `path` lies below folder `folder` (the folder itself excluded).
    package static func isInside(_ path: String, folder: String) -> Bool {
        path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// The last component: `Package.swift` of `/repo/App/Package.swift`.
    package static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The folder that holds an absolute, normalized path: `/repo/App` of `/repo/App/Package.swift`.
    package static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// No `.` or `..` component, no `//`, no trailing `/`: nothing for normalization to do.
    /// Checked on the bytes, since this runs once per file of a package. (`/.build` is a clean
    /// component; `/./` and `/../` are not.)
    static func isClean(_ path: String) -> Bool {
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
}
