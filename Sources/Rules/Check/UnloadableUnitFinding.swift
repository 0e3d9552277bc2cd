import DeclarationFiles
import Diagnostics
import Formats
import ModuleGraph

/// `package-unloadable`: a package or project below the root (or a package a loaded one depends
/// on) that could not be loaded, reported at its declaration file so that what goes unchecked is
/// said, while the rest of the repository is checked.
package enum UnloadableUnitFinding {
    /// The catalog entry: an error, baselined and suppressed like a rule's finding (a repository
    /// may keep an example that needs a newer toolchain), its severity not configurable.
    package static let entry = DiagnosticCode(
        id: "package-unloadable", family: .sourceFile,
        summary: "A package or project that could not be loaded, so it is not checked.",
        explanation: """
        The toolchain refused the package (a swift-tools-version newer than the toolchain, a \
        manifest that does not compile or stops with a fatal error, a package SwiftPM rejects), \
        or its project file could not be read. Bulkhead loads and checks everything else, and \
        reports the unit at its declaration file with the toolchain's reason, since a rule that \
        is silently not enforced is worse than a failure. A package another loaded package \
        depends on by path stays unresolved there too: imports of its products are taken as \
        possible, not certain. Fix the manifest, run Bulkhead with the toolchain the package \
        needs (--swift-executable), or leave the folder out with workspace.exclude in \
        bulkhead.json. The finding can be baselined, or suppressed with \
        `// bulkhead:ignore package-unloadable - <reason>` above the manifest's `name:` line. \
        The refusal is cached under the manifest's key, so an unchanged package costs no \
        toolchain call on the next run. When the package the run is pointed at (the root's own, \
        or --package-path) cannot load, there is nothing to check and the run ends with status 2.
        """,
        defaultSeverity: .error, isBaselinable: true, isSuppressible: true)

    /// The finding for `unit`, placed at its file and shown by its folder.
    static func finding(for unit: UnloadableUnit) -> Finding {
        // A file no kind reads declares a package, as a unit is one unless its kind says otherwise.
        let kind = DeclarationFileKinds.standard.kind(ofFileNamed: PathArithmetic.lastComponent(unit.declarationPath)) ?? SwiftManifestFile.self
        let what = kind.unloadable(folder: unit.folder)
        return Finding(
            ruleID: entry.id, severity: .error, target: TargetID(package: "", name: unit.folder), subject: unit.declarationPath,
            message: "\(what), so it is not checked: \(unit.reason)", notes: [unit.remedy], place: .unit(declarationPath: unit.declarationPath))
    }
}
