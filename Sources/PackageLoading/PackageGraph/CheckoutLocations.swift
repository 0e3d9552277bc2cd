import FileAccess
import Foundation

/// Where the checkouts of remote packages may be, besides `.build/checkouts` beside each package
/// and beside the root: folders the person names (`--checkouts`, `workspace.checkouts`), and
/// Xcode's `DerivedData/<Project>-<hash>/SourcePackages/checkouts` of a project the run reads,
/// found by the `WorkspacePath` its `info.plist` records.
package struct CheckoutLocations: Sendable, Equatable {
    /// The environment variable naming the DerivedData folder to search instead of Xcode's
    /// default, `~/Library/Developer/Xcode/DerivedData` (as `-derivedDataPath` or a custom
    /// location in Xcode's settings moves it).
    package static let derivedDataVariable = "BULKHEAD_DERIVED_DATA"

    /// Folders the person named, absolute: each holds checkouts (`DIR/<name>/Package.swift`), or
    /// is a SwiftPM scratch folder or an Xcode `-clonedSourcePackagesDirPath` holding a
    /// `checkouts` folder, or a DerivedData project folder holding `SourcePackages/checkouts`.
    package var folders: [String] = []
    /// The DerivedData folder searched for the projects' checkouts; nil searches none.
    package var derivedData: String?

    package init(folders: [String] = [], derivedData: String? = nil) {
        self.folders = folders
        self.derivedData = derivedData
    }

    /// The DerivedData folder the environment names: `BULKHEAD_DERIVED_DATA`, else Xcode's default
    /// under `HOME` when that exists.
    package static func derivedData(environment: [String: String]) -> String? {
        if let named = environment[derivedDataVariable], !named.isEmpty { return named }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        let folder = home + "/Library/Developer/Xcode/DerivedData"
        return FileSystem.isDirectory(folder) ? folder : nil
    }

    /// The checkouts folders of the named folders, in the order named.
    func namedCheckoutFolders(isDirectory: (String) -> Bool = { FileSystem.isDirectory($0) }) -> [String] {
        folders.flatMap { [$0, $0 + "/checkouts", $0 + "/SourcePackages/checkouts"] }.filter(isDirectory)
    }

    /// The `SourcePackages/checkouts` folders of the DerivedData entries whose recorded
    /// workspace is one of `projects` (absolute `.xcodeproj` paths) or a workspace or project
    /// inside `root`, sorted. An entry without a readable `info.plist` is skipped.
    func xcodeCheckoutFolders(projects: [String], root: String) -> [String] {
        guard let derivedData, !projects.isEmpty,
              let entries = try? FileManager.default.contentsOfDirectory(atPath: derivedData) else { return [] }
        let wanted = Set(projects.map(Self.standardized))
        let rootPrefix = Self.standardized(root) + "/"
        var found: [String] = []
        for entry in entries.sorted() where !entry.hasPrefix(".") {
            let folder = derivedData + "/" + entry
            let checkouts = folder + "/SourcePackages/checkouts"
            guard FileSystem.isDirectory(checkouts), let workspace = Self.workspacePath(inInfoPlistAt: folder + "/info.plist") else { continue }
            let recorded = Self.standardized(workspace)
            if wanted.contains(recorded) || recorded.hasPrefix(rootPrefix) { found.append(checkouts) }
        }
        return found
    }

    /// The `WorkspacePath` a DerivedData folder's `info.plist` records; nil when the file is
    /// missing, too large (it is a few hundred bytes) or not such a property list.
    package static func workspacePath(inInfoPlistAt path: String) -> String? {
        guard let stamp = FileStamp(path: path), stamp.size <= 1 << 20,
              let data = FileManager.default.contents(atPath: path),
              let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
        else { return nil }
        return plist["WorkspacePath"] as? String
    }

    private static func standardized(_ path: String) -> String {
        var path = (path as NSString).standardizingPath
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
