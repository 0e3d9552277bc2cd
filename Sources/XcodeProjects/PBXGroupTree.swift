import FileAccess
import Formats

/// Where the groups and file references of a project are on disk: each one's path is its
/// `path` joined to its `sourceTree`'s folder — the parent group's for `<group>`, the project's
/// for `SOURCE_ROOT`, none for `<absolute>`. References to the SDK, built products or the
/// developer folder are not files of the project and have no path here.
///
/// Resolved iteratively with a memo, so a deep or long tree costs linear time and no stack, and
/// a group that is its own ancestor is an error rather than a hang.
struct PBXGroupTree {
    private let table: PBXObjectTable
    private let projectFolder: String
    private var parent: [String: String] = [:]
    private var resolved: [String: String?] = [:]

    init(table: PBXObjectTable, projectFolder: String) {
        self.table = table
        self.projectFolder = projectFolder
        for isa in ["PBXGroup", "PBXVariantGroup", "XCVersionGroup"] {
            for group in table.identifiers(isa: isa) {
                for child in table.list("children", of: group) where parent[child] == nil { parent[child] = group }
            }
        }
    }

    /// The absolute path of a group or file reference; nil when it is outside the project
    /// (an SDK framework, a built product).
    mutating func path(of identifier: String) throws(XcodeProjectError) -> String? {
        if let known = resolved[identifier] { return known }
        // Up to the first ancestor whose path is known or needs no parent, then back down.
        var chain: [String] = []
        var onChain: Set<String> = []
        var current: String? = identifier
        while let node = current, resolved[node] == nil {
            guard onChain.insert(node).inserted else { throw .groupCycle(file: table.file, group: node) }
            chain.append(node)
            current = (table.string("sourceTree", of: node) ?? "<group>") == "<group>" ? parent[node] : nil
        }
        for node in chain.reversed() {
            let tree = table.string("sourceTree", of: node) ?? "<group>"
            let base: String?
            switch tree {
            case "<group>": base = parent[node].flatMap { resolved[$0] ?? nil } ?? (parent[node] == nil ? projectFolder : nil)
            case "SOURCE_ROOT": base = projectFolder
            case "<absolute>": base = ""
            default: base = nil
            }
            resolved[node] = base.map { Self.join($0, table.string("path", of: node)) }
        }
        return resolved[identifier] ?? nil
    }

    /// How a warning names a reference: `file 'Secret.swift' (path = ../../Secret.swift,
    /// sourceTree = SOURCE_ROOT)`, and, when its own path stays put but a group above it climbs
    /// out, that group too, so the person knows which entry to edit.
    func describe(_ identifier: String, as kind: String) throws(XcodeProjectError) -> String {
        var text = Self.entry(kind, identifier, table: table)
        var current = identifier
        var steps = 0
        while (table.string("sourceTree", of: current) ?? "<group>") == "<group>", let up = parent[current] {
            steps += 1
            guard steps <= parent.count else { throw .groupCycle(file: table.file, group: up) }
            if let path = table.string("path", of: up), path.hasPrefix("/") || path == ".." || path.hasPrefix("../") || path.contains("/../") {
                text += " in " + Self.entry("group", up, table: table)
                break
            }
            current = up
        }
        return text
    }

    private static func entry(_ kind: String, _ identifier: String, table: PBXObjectTable) -> String {
        let path = table.string("path", of: identifier)
        let name = table.string("name", of: identifier) ?? path.map(PathArithmetic.lastComponent) ?? identifier
        return "\(kind) '\(name)' (path = \(path ?? ""), sourceTree = \(table.string("sourceTree", of: identifier) ?? "<group>"))"
    }

    private static func join(_ base: String, _ path: String?) -> String {
        guard let path, !path.isEmpty else { return base }
        if path.hasPrefix("/") || base.isEmpty { return path }
        return base.hasSuffix("/") ? base + path : base + "/" + path
    }
}
