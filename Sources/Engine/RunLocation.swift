import FileAccess
import PackageLoading

/// Where a run is: its root, and the folder `--package-path` narrows loading to.
package struct RunLocation {
    package var root: WorkspaceRoot
    /// Absolute; nil when every package below the root is loaded.
    package var narrowedTo: String?

    /// A root chosen by the caller (a revision's tree exported to a temporary folder).
    package init(root: WorkspaceRoot, narrowedTo: String? = nil) {
        self.root = root
        self.narrowedTo = narrowedTo
    }

    /// The root found upward from `--package-path` (or the working folder), and the folder that
    /// option narrows loading to, if any.
    package init(packagePath: String?, workingFolder: String) {
        let given = packagePath.map { FileSystem.absolutePath($0, relativeTo: workingFolder) }
        root = WorkspaceRoot.find(from: given ?? workingFolder)
        narrowedTo = given == root.path ? nil : given
    }
}
