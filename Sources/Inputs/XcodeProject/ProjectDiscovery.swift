import Foundation

/// Finds the Xcode projects and workspaces of a repository in one walk: every `*.xcodeproj`
/// and standalone `*.xcworkspace` below a folder, outside the folders package discovery skips
/// (build products, checkouts, hidden folders). Bundles are not entered.
package enum ProjectDiscovery {
    /// Absolute `.xcodeproj` paths holding a `project.pbxproj`, sorted.
    package static func projectFiles(under root: String) -> [String] {
        bundles(under: root).projects
    }

    /// Absolute `.xcodeproj` (holding a `project.pbxproj`) and `.xcworkspace` paths, each sorted.
    package static func bundles(under root: String) -> (projects: [String], workspaces: [String]) {
        var projects: [String] = []
        var workspaces: [String] = []
        // An explicit stack of folders: depth is the file system's, not the call stack's.
        var folders = [root]
        while let folder = folders.popLast() {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names where !name.hasPrefix(".") && !PackageDiscovery.skippedFolders.contains(name) {
                let path = folder + "/" + name
                if name.hasSuffix(".xcodeproj") {
                    if FileSystem.isRegularFile(path + "/project.pbxproj") { projects.append(path) }
                } else if name.hasSuffix(".xcworkspace") {
                    workspaces.append(path)
                } else if !name.hasSuffix(".swift") && isFolderNotLink(path) {
                    folders.append(path)
                }
            }
        }
        return (projects.sorted(), workspaces.sorted())
    }

    /// A folder itself, not a symbolic link to one: links are not followed, so a link cycle
    /// cannot make the walk endless.
    private static func isFolderNotLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
