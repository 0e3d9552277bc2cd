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
    /// The other way round, to find the package of a changed `Package.swift`.
    let packageByFolder: [String: String]

    package init(top: String, packageFolders: [String: String], bulkheadFiles: [String: String] = [:]) {
        self.top = top
        self.packageFolders = packageFolders
        self.bulkheadFiles = bulkheadFiles
        packageByFolder = Dictionary(packageFolders.map { ($0.value, $0.key) }, uniquingKeysWith: min)
    }
}
