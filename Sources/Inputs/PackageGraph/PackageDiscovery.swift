import Foundation

/// Finds the packages of a repository: every `Package.swift` below a folder, outside build
/// products (`.build`, `.swiftpm`, `DerivedData`), SwiftPM checkouts and hidden folders.
enum PackageDiscovery {
    static let skippedFolders: Set<String> = [".build", ".swiftpm", "DerivedData", "checkouts", "node_modules", "Pods", "Carthage"]

    /// Absolute package folders, sorted.
    static func packageFolders(under root: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var folders: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") || skippedFolders.contains(name) {
                if FileSystem.isDirectory(root + "/" + relative) { enumerator.skipDescendants() }
                continue
            }
            if name == "Package.swift" {
                let folder = (relative as NSString).deletingLastPathComponent
                folders.append(folder.isEmpty ? root : root + "/" + folder)
            }
        }
        return folders.sorted()
    }
}
