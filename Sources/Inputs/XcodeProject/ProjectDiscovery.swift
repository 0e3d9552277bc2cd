import Foundation

/// Finds the Xcode projects of a repository: every `*.xcodeproj` below a folder, outside the
/// folders package discovery skips (build products, checkouts, hidden folders). The projects
/// inside an `.xcodeproj` or `.xcworkspace` bundle (none, in practice) are not looked for.
package enum ProjectDiscovery {
    /// Absolute `.xcodeproj` paths holding a `project.pbxproj`, sorted.
    package static func projectFiles(under root: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var projects: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") || PackageDiscovery.skippedFolders.contains(name) {
                if FileSystem.isDirectory(root + "/" + relative) { enumerator.skipDescendants() }
                continue
            }
            if name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace") || name.hasSuffix(".playground") {
                enumerator.skipDescendants()
                if name.hasSuffix(".xcodeproj") && FileSystem.isRegularFile(root + "/" + relative + "/project.pbxproj") {
                    projects.append(root + "/" + relative)
                }
            }
        }
        return projects.sorted()
    }
}
