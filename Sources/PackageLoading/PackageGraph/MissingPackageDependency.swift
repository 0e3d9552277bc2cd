import Diagnostics
import FileAccess
import Formats
import Foundation

/// The warning for a `.package(path:)` whose folder holds no package: named by its manifest and
/// line, so the person can see which manifest refers to it, while the rest of the graph loads.
package enum MissingPackageDependency {
    package static let entry = DiagnosticCode(
        id: "missing-package", family: .configuration,
        summary: "A package reference names a folder that holds no Package.swift; its products are left unresolved.",
        explanation: """
        A `.package(path:)` in a manifest, or a local package reference in an Xcode project, \
        names a folder with no Package.swift: a sibling repository not checked out, a package \
        a script generates, or a reference left behind by a move. The rest of the graph loads; \
        the products that package would give are left unresolved, so imports of their modules \
        are judged without them. The warning names the manifest line or the project. Restore \
        or generate the package there (or check the sibling repository out beside this one), or \
        remove the reference. It goes to standard error and does not change the exit status.
        """,
        defaultSeverity: .warning)
    static var code: String { entry.id }

    /// `Package.swift:7: .package(path: "../Shared") names a folder that holds no Package.swift; …`,
    /// paths relative to `root`.
    static func warning(dependencyFolder: String, manifestFolder: String, root: String) -> LoadWarning {
        let manifest = manifestFolder + "/Package.swift"
        let written = FileSystem.relativePath(dependencyFolder, to: manifestFolder)
        let line = self.line(mentioning: dependencyFolder, writtenAs: written, in: manifest).map { ":\($0)" } ?? ""
        let shownManifest = FileSystem.relativePath(manifest, to: root)
        let shownFolder = FileSystem.relativePath(dependencyFolder, to: root)
        // A folder inside the repository is one to restore or generate there; only one outside it
        // (named by workspace.include) is another repository to check out beside this one.
        let remedy = PathArithmetic.isInside(dependencyFolder, folder: root)
            ? "restore or generate the package there, or remove the dependency, to check them"
            : "check it out beside this repository to check them"
        return LoadWarning(code: code, place: "\(shownManifest)\(line)",
                           message: ".package(path:) names '\(shownFolder)', which holds no Package.swift; its products are left unresolved (\(remedy))")
    }

    /// The first line of the manifest whose text names the folder: as written relative to the
    /// manifest, or absolute. Nil when the manifest cannot be read or spells it another way.
    static func line(mentioning folder: String, writtenAs written: String, in manifest: String) -> Int? {
        guard let data = FileManager.default.contents(atPath: manifest) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        let spellings = Set([written, "./" + written, folder, folder + "/", written + "/"]).map { "\"\($0)\"" }
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where spellings.contains(where: { line.contains($0) }) {
            return index + 1
        }
        return nil
    }
}
