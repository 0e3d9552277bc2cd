import Diagnostics
import Formats

/// The folders a report's paths are resolved from. Diagnostics are relative to the package
/// root; editors and terminals resolve paths from the working folder, GitHub from its
/// workspace. Each reporter names the folder its reader uses, and the arithmetic is done here,
/// on strings only: Reporting does not touch the disk, so symbolic links are not resolved.
package struct ReportPaths: Sendable, Equatable {
    package enum Base: Sendable, Hashable {
        /// As the diagnostics carry them: the package root.
        case root
        /// Where the tool runs; editors, terminals and CI test viewers resolve paths from here.
        case workingFolder
        /// Where GitHub resolves annotation and code-scanning paths from, wherever the step runs.
        case workspace
    }

    /// All absolute.
    package var root: String
    package var workingFolder: String
    package var workspace: String

    /// An empty or absent `workspace` (`GITHUB_WORKSPACE` unset outside Actions) is the working
    /// folder.
    package init(root: String, workingFolder: String, workspace: String? = nil) {
        self.root = root
        self.workingFolder = workingFolder
        self.workspace = workspace.flatMap { $0.isEmpty ? nil : $0 } ?? workingFolder
    }

    /// A root-relative (or absolute) path, relative to `base` instead.
    package func relocate(_ path: String, to base: Base) -> String {
        switch base {
        case .root: path
        case .workingFolder: PathArithmetic.relative(PathArithmetic.absolute(path, relativeTo: root), to: workingFolder)
        case .workspace: PathArithmetic.relative(PathArithmetic.absolute(path, relativeTo: root), to: workspace)
        }
    }
}
