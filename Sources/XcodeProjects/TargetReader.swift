import Diagnostics
import FileAccess
import Formats
import Foundation
import ModuleGraph
import ProjectObjects

/// Reads one native target of a project: what it compiles and owns (`TargetReader+Files`), what
/// it links and embeds (`TargetReader+Links`) and its build settings (`TargetReader+Settings`).
/// Each concern lives in its own file; this one puts their answers together.
package struct TargetReader {
    let table: PBXObjectTable
    let projectFolder: String
    /// Synchronized folders listed once, however many targets share them.
    var folderListings: [String: [String]] = [:]
    /// The `rootObject`, whose build settings every target inherits: Xcode's template sets
    /// `SWIFT_ACTIVE_COMPILATION_CONDITIONS = "DEBUG $(inherited)"` there, not on the targets.
    let rootProject: String
    /// What may be read: references that leave it are dropped with a warning.
    var confined: ConfinedFiles
    /// How messages name the `project.pbxproj`.
    let file: String
    /// One `outside-root` warning per reference, however many targets build it.
    private(set) var warnings: Set<LoadWarning> = []
    /// The project's `.xcconfig` files, each read once (`TargetReader+Settings`).
    var loader: XCConfigLoader?
    /// The project's own configuration levels, read with the first target.
    var projectConfigurationLevels: [String: ConfigurationLevels]?

    init(table: PBXObjectTable, projectFolder: String, rootProject: String, confined: ConfinedFiles, file: String) {
        self.table = table
        self.projectFolder = projectFolder
        self.rootProject = rootProject
        self.confined = confined
        self.file = file
    }

    mutating func refuse(_ reference: String, real: String) {
        warnings.insert(OutsideRootWarning.warning(file: file, reference: reference, real: real, boundary: confined.boundary))
    }

    mutating func warn(_ warning: LoadWarning) { warnings.insert(warning) }

    mutating func target(_ pbxTarget: PBXTarget, namesByID: [String: String], tree: inout PBXGroupTree) throws(XcodeProjectError) -> XcodeProject.NativeTarget {
        let identifier = pbxTarget.identifier
        let name = pbxTarget.name
        let productType = pbxTarget.kind == .native ? ProjectProductType(identifier: pbxTarget.productType ?? "") : .aggregate
        let settings = try settings(of: identifier, named: name, productType: productType, tree: &tree)
        let files = try files(of: identifier, tree: &tree)
        let links = try links(of: identifier, namesByID: namesByID, tree: &tree)
        var target = XcodeProject.NativeTarget(
            name: name, productType: productType, moduleName: settings.moduleName, productName: settings.productName,
            sources: files.sources.sorted(), packageProducts: links.products, targetDependencies: links.targets,
            testHost: settings.testHost, compilationConditions: settings.conditions, swiftVersion: settings.swiftVersion,
            buildSettings: settings.resolved, missingSources: files.missingSources.sorted(),
            configurationFiles: settings.configurationFiles, platforms: settings.platforms,
            objectIdentifier: identifier, productReference: table.string("productReference", of: identifier))
        links.fill(&target)
        target.linkage = Self.linkage(of: productType, identifier: table.string("productType", of: identifier) ?? "", settings: settings.resolved)
        // The rest of its synchronized folders, and what its phases and path settings name.
        let named = try ownedFiles(of: identifier, named: name, sources: files.sources, settings: settings.resolved, productType: productType, tree: &tree)
        target.ownedFiles = files.synchronizedOther.union(named).sorted()
        return target
    }

    /// For a framework or library: whether its product is an image of its own or copied into
    /// each image that links it. `MACH_O_TYPE` decides (`staticlib`, `mh_dylib`); unset, a
    /// `framework.static` or `library.static` product is static and the rest dynamic. A mergeable
    /// library (`MERGEABLE_LIBRARY = YES`) is dynamic: merged into its app, it is still one copy.
    /// Where configurations disagree, the first in name order other than a Debug one decides:
    /// what ships is what holds a module twice.
    static func linkage(of productType: ProjectProductType, identifier: String, settings: [String: [String: String]]) -> Linkage? {
        guard productType.isLibrary else { return nil }
        let byDefault: Linkage = identifier.hasSuffix("framework.static") || identifier.hasSuffix("library.static") ? .static : .dynamic
        var chosen: [(configuration: String, linkage: Linkage)] = []
        for configuration in settings.keys.sorted() {
            let values = settings[configuration] ?? [:]
            let linkage: Linkage
            if values["MERGEABLE_LIBRARY"]?.trimmingBlanks() == "YES" {
                linkage = .dynamic
            } else {
                linkage = values["MACH_O_TYPE"].flatMap { Linkage(machOType: $0.trimmingBlanks()) } ?? byDefault
            }
            chosen.append((configuration, linkage))
        }
        guard let first = chosen.first else { return byDefault }
        if chosen.allSatisfy({ $0.linkage == first.linkage }) { return first.linkage }
        return (chosen.first { $0.configuration.lowercased() != "debug" } ?? first).linkage
    }
}
