/// Where the repository and its local packages are, as plain paths: what placing a changed path
/// needs to know about the disk, learned once by the caller so that placing reads nothing.
package struct RepositoryLayout: Sendable, Hashable {
    /// The repository's top folder (or the folder listed paths are relative to), absolute, with
    /// symbolic links resolved: git names real paths.
    package let top: String
    /// Local package identity → its folder, absolute and real like `top`.
    package let packageFolders: [String: String]
    /// Bulkhead's own files (the configuration and the baseline the run would read), absolute
    /// and real like `top`, each with what it is ("Bulkhead's configuration").
    package let bulkheadFiles: [String: String]
    /// Each Xcode project's `project.pbxproj`, absolute and real like `top` → the project node's
    /// identity: a change to it is compared with its base like a manifest's.
    package let projectFiles: [String: String]
    /// The other way round, to find the package of a changed `Package.swift`.
    let packageByFolder: [String: String]

    /// `packageFolders` holds projects too (identity → the folder holding the `.xcodeproj`,
    /// where their targets' paths start); `projectFiles` says which identities are projects, so
    /// a `Package.swift` beside a project is never taken for the project's manifest.
    package init(top: String, packageFolders: [String: String], bulkheadFiles: [String: String] = [:], projectFiles: [String: String] = [:]) {
        self.top = top
        self.packageFolders = packageFolders
        self.bulkheadFiles = bulkheadFiles
        self.projectFiles = projectFiles
        let projects = Set(projectFiles.values)
        packageByFolder = Dictionary(packageFolders.filter { !projects.contains($0.key) }.map { ($0.value, $0.key) }, uniquingKeysWith: min)
    }
}
