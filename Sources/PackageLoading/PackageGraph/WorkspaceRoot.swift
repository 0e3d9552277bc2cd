import FileAccess
import Foundation

/// The folder a run is about, found from wherever it starts, as SwiftPM, SwiftLint and
/// swift-format look upward: the nearest folder holding `bulkhead.json`, else the repository
/// (`.git`, a folder or a worktree's file), else the nearest package (`Package.swift`), else the
/// starting folder. Every path in the configuration and every path printed is relative to it.
///
/// A test input (`**/Fixtures/<Name>`) is a repository of its own: the search stops at
/// `<Name>`, because the enclosing repository's discovery skips it and its configuration is
/// not the fixture's.
package struct WorkspaceRoot: Sendable, Equatable {
    /// Absolute.
    package var path: String
    /// Why this folder: for `--verbose`.
    package var reason: String

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The root for a run started in `start` (absolute). Iterative: one step per folder upward.
    package static func find(from start: String) -> WorkspaceRoot {
        var chain: [String] = []
        var folder = start
        while true {
            chain.append(folder)
            let parent = (folder as NSString).deletingLastPathComponent
            if isFixtureTop(folder) || parent == folder || parent.isEmpty { break }
            folder = parent
        }
        if let found = chain.first(where: { FileSystem.entryExists($0 + "/bulkhead.json") }) {
            return WorkspaceRoot(path: found, reason: "the nearest folder upward holding bulkhead.json")
        }
        if let found = chain.first(where: { FileSystem.entryExists($0 + "/.git") }) {
            return WorkspaceRoot(path: found, reason: "the git repository's root (no bulkhead.json upward)")
        }
        if let found = chain.first(where: { FileSystem.isRegularFile($0 + "/Package.swift") }) {
            return WorkspaceRoot(path: found, reason: "the nearest package upward (no bulkhead.json or .git upward)")
        }
        return WorkspaceRoot(path: start, reason: "the folder the run started in (no bulkhead.json, .git or Package.swift upward)")
    }

    /// `…/Fixtures/<Name>`: the top of a test input.
    private static func isFixtureTop(_ folder: String) -> Bool {
        let parent = (folder as NSString).deletingLastPathComponent
        return (parent as NSString).lastPathComponent == "Fixtures" && PackageDiscovery.isTestInput(parent)
    }
}
