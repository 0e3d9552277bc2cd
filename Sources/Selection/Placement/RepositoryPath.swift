/// Path arithmetic on strings, never on the disk: changed paths and package folders are plain
/// values here, so placing a change is a pure function.
enum RepositoryPath {
    /// `path` made absolute against `base` and normalized (no `.`, `..` or `//`).
    static func absolute(_ path: String, relativeTo base: String) -> String {
        let joined = path.hasPrefix("/") ? path : base + "/" + path
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

    /// `path` relative to `base`, both absolute and normalized: `Sources/A.swift` below it,
    /// `../Core` beside it, "." for the base itself.
    static func relative(_ path: String, to base: String) -> String {
        let pathComponents = path.split(separator: "/")
        let baseComponents = base.split(separator: "/")
        var common = 0
        while common < pathComponents.count && common < baseComponents.count && pathComponents[common] == baseComponents[common] {
            common += 1
        }
        let components = Array(repeating: "..", count: baseComponents.count - common) + pathComponents[common...].map(String.init)
        return components.isEmpty ? "." : components.joined(separator: "/")
    }

    /// The last component: `Package.swift` of `/repo/App/Package.swift`.
    static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The folder that holds an absolute, normalized path: `/repo/App` of `/repo/App/Package.swift`.
    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
