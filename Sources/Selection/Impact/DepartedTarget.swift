/// A target of a manifest's base version that the current version removed, or moved to another
/// folder: a file that disappeared from one of its old folders left with it, and the manifest
/// comparison speaks for it. Any other file that disappeared is outside every target.
package struct DepartedTarget: Sendable, Hashable {
    package var name: String
    /// Where its files were, relative to the manifest's folder: the declared `path`, or each
    /// folder SwiftPM looks in for a target of that name (which one held it, the base's disk
    /// would say; a deleted file in any of them can only have been this target's).
    package var folders: [String]
    /// Removed, or else moved.
    package var removed: Bool

    package init(name: String, folders: [String], removed: Bool) {
        self.name = name
        self.folders = folders
        self.removed = removed
    }

    /// SwiftPM's predefined source, test and plugin folders, for a target without a `path`.
    static let predefinedFolders = ["Sources", "Source", "src", "srcs", "Tests", "Plugins"]

    static func folders(name: String, path: String?) -> [String] {
        if let path { return [path] }
        return predefinedFolders.map { $0 + "/" + name }
    }
}
