/// A package or project found below the root (or depended on by a loaded package) that could not
/// be loaded: a tools version newer than the toolchain, a manifest that does not compile, a
/// package SwiftPM refuses, a project file that does not read. The rest of the repository is
/// loaded and checked without it, and `check` reports it as a `package-unloadable` finding at its
/// declaration file, so nothing goes unchecked without a word.
package struct UnloadableUnit: Sendable, Hashable, Comparable {
    /// The file that declares the unit (`Utilities/Certificates/Package.swift`,
    /// `App.xcodeproj/project.pbxproj`), relative to the root.
    package var declarationPath: String
    /// The unit's folder relative to the root, as `workspace.exclude` would name it (for a project,
    /// its `.xcodeproj`).
    package var folder: String
    /// What the toolchain (or the project reader) said, in one line.
    package var reason: String
    /// What to do about it, in one sentence: raise or lower a tools version, fix the manifest, or
    /// exclude the folder.
    package var remedy: String

    package init(declarationPath: String, folder: String, reason: String, remedy: String) {
        self.declarationPath = declarationPath
        self.folder = folder
        self.reason = reason
        self.remedy = remedy
    }

    package static func < (lhs: UnloadableUnit, rhs: UnloadableUnit) -> Bool {
        (lhs.declarationPath, lhs.reason) < (rhs.declarationPath, rhs.reason)
    }
}
