/// The folders a report's paths are resolved from. Diagnostics are relative to the package
/// root; editors and terminals resolve paths from the working folder, GitHub from its
/// workspace. Each reporter names the folder its reader uses, and the arithmetic is done here,
/// on strings only: Reporting does not touch the disk, so symbolic links are not resolved.
package struct ReportPaths: Sendable, Equatable {
    package enum Base: Sendable, Hashable {
        /// As the diagnostics carry them: the package root.
        case root
        /// Where the tool runs; editors, terminals and CI test viewers resolve paths from here.
        case workingFolder
        /// Where GitHub resolves annotation and code-scanning paths from, wherever the step runs.
        case workspace
    }

    /// All absolute.
    package var root: String
    package var workingFolder: String
    package var workspace: String

    /// An empty or absent `workspace` (`GITHUB_WORKSPACE` unset outside Actions) is the working
    /// folder.
    package init(root: String, workingFolder: String, workspace: String? = nil) {
        self.root = root
        self.workingFolder = workingFolder
        self.workspace = workspace.flatMap { $0.isEmpty ? nil : $0 } ?? workingFolder
    }

    /// A root-relative (or absolute) path, relative to `base` instead.
    package func relocate(_ path: String, to base: Base) -> String {
        switch base {
        case .root: path
        case .workingFolder: Self.relative(Self.absolute(path, relativeTo: root), to: workingFolder)
        case .workspace: Self.relative(Self.absolute(path, relativeTo: root), to: workspace)
        }
    }

    /// `path` joined to `base` unless absolute, without `.`, `..` or empty components. The same
    /// result as `Inputs.FileSystem.absolutePath` for absolute bases (a test holds them equal).
    static func absolute(_ path: String, relativeTo base: String) -> String {
        let joined = path.hasPrefix("/") ? path : base + "/" + path
        var components: [Substring] = []
        for component in joined.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": if !components.isEmpty { components.removeLast() }
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }

    /// A normalized absolute `path` relative to absolute `base`: `Sources/A.swift` below it,
    /// `../Core` beside it, "." for the base itself. As `Inputs.FileSystem.relativePath`.
    static func relative(_ path: String, to base: String) -> String {
        let prefix = base.hasSuffix("/") ? base : base + "/"
        if path.hasPrefix(prefix) && path != "/" { return String(path.dropFirst(prefix.count)) }
        let pathComponents = path.split(separator: "/")
        let baseComponents = base.split(separator: "/")
        var common = 0
        while common < pathComponents.count && common < baseComponents.count && pathComponents[common] == baseComponents[common] {
            common += 1
        }
        let components = Array(repeating: "..", count: baseComponents.count - common) + pathComponents[common...].map(String.init)
        return components.isEmpty ? "." : components.joined(separator: "/")
    }
}
