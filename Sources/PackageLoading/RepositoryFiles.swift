import Foundation

/// The files below a root, for checking that a configured pattern names something.
package enum RepositoryFiles {
    /// Paths relative to `root`, sorted, outside hidden folders and build products (the folders
    /// discovery skips), not following links to folders.
    package static func relativePaths(under root: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            let type = enumerator.fileAttributes?[.type] as? FileAttributeType
            if type == .typeDirectory {
                if name.hasPrefix(".") || PackageDiscovery.skippedFolders.contains(name) { enumerator.skipDescendants() }
                continue
            }
            if !name.hasPrefix(".") || name == ".gitignore" { files.append(relative) }
        }
        return files.sorted()
    }
}
