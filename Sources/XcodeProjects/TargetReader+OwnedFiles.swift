import FileAccess
import Formats
import Foundation
import ModuleGraph

extension TargetReader {
    /// Settings whose value names a file (or a list of files and folders) a target's build
    /// reads: a change to one of them changes what Xcode builds for the target.
    static let pathSettings: Set<String> = [
        "INFOPLIST_FILE", "CODE_SIGN_ENTITLEMENTS", "SWIFT_OBJC_BRIDGING_HEADER", "GCC_PREFIX_HEADER", "MODULEMAP_FILE",
        "EXPORTED_SYMBOLS_FILE", "ORDER_FILE", "DEVELOPMENT_ASSET_PATHS",
    ]
    /// The path settings that hold a list (quoted or whitespace-separated); the others hold one
    /// path, spaces included.
    static let pathListSettings: Set<String> = ["DEVELOPMENT_ASSET_PATHS"]

    /// The build phases whose files a target's product is made of, besides the Swift it compiles.
    /// (The Frameworks phase is what it links, read with its links.)
    private static let owningPhases: Set<String> = [
        "PBXSourcesBuildPhase", "PBXResourcesBuildPhase", "PBXCopyFilesBuildPhase", "PBXHeadersBuildPhase", "PBXRezBuildPhase",
    ]

    /// What a target owns other than its Swift sources, absolute and sorted: every file its build
    /// phases list (every localisation of a variant group, asset and string catalogs, a data
    /// model, an `.intentdefinition` and its `*.lproj` strings), the files its path settings name
    /// (`INFOPLIST_FILE`, `CODE_SIGN_ENTITLEMENTS`, …, relative to the project folder), and for a
    /// test bundle the folder its sources share (its snapshots and fixtures). An entry may be a
    /// folder (an asset catalog, a folder reference): it owns everything below it. An entry that
    /// holds the project folder itself is dropped: it would make the target the owner of every
    /// file, where "outside every target" runs every test; so is one outside the boundary.
    mutating func ownedFiles(of identifier: String, named name: String, sources: Set<String>, settings: [String: [String: String]],
                             productType: ProjectProductType, tree: inout PBXGroupTree) throws(XcodeProjectError) -> [String] {
        var owned: Set<String> = []
        // Best effort, never an error: a dangling or cyclic reference here (which Xcode shows in
        // red) leaves that file unowned, so a change to it runs every test, as for any unowned file.
        for phase in try table.references("buildPhases", of: identifier) where Self.owningPhases.contains(table.isa(phase) ?? "") {
            for buildFile in table.list("files", of: phase) {
                guard let reference = table.string("fileRef", of: buildFile), table.contains(reference) else { continue }
                // A variant group (`Localizable.strings`, `Main.storyboard`) is its localisations.
                let members = table.isa(reference) == "PBXVariantGroup" ? table.list("children", of: reference) : [reference]
                for member in members where table.contains(member) {
                    guard let path = (try? tree.path(of: member)) ?? nil else { continue }
                    let absolute = PathArithmetic.absolute(path, relativeTo: projectFolder)
                    if !sources.contains(absolute) { owned.insert(absolute) }
                }
            }
        }
        for values in settings.values {
            for key in Self.pathSettings {
                guard let value = values[key] else { continue }
                for path in Self.settingPaths(value, isList: Self.pathListSettings.contains(key), targetName: name) { owned.insert(PathArithmetic.absolute(path, relativeTo: projectFolder)) }
            }
        }
        if productType.targetKind == .test, let folder = Self.sharedFolder(of: sources, below: projectFolder) {
            owned.insert(folder)
        }
        // Nothing outside the boundary is the target's: `footprint` measures what a target owns
        // (a Resources entry naming `../..` or `/` had it walk folders outside the repository),
        // and no change inside the repository names such a path.
        var kept: [String] = []
        for path in owned.sorted() where !PathArithmetic.isInside(projectFolder, folder: path) && path != projectFolder {
            if confined.refusal(of: path) == nil { kept.append(path) }
        }
        return kept
    }

    /// The paths a path setting names, in order: quoted or whitespace-separated words, with
    /// `$(SRCROOT)`, `$(PROJECT_DIR)` and `$(TARGET_NAME)` put in; a word built from any other
    /// setting is left out (it names nothing Bulkhead can find without resolving it).
    static func settingPaths(_ value: String, isList: Bool, targetName: String) -> [String] {
        if !isList {
            let path = value.trimmingCharacters(in: CharacterSet(charactersIn: "\"").union(.whitespaces))
            return path.isEmpty ? [] : expanded(path, targetName: targetName).map { [$0] } ?? []
        }
        var words: [String] = []
        var current = ""
        var quoted = false
        for character in value {
            if character == "\"" {
                quoted.toggle()
            } else if character.isWhitespace && !quoted {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words.compactMap { expanded($0, targetName: targetName) }
    }

    /// A path setting's word with the project folder and target name put in; nil when it is built
    /// from any other setting.
    private static func expanded(_ word: String, targetName: String) -> String? {
        var path = word
        for variable in ["SRCROOT", "PROJECT_DIR", "SOURCE_ROOT"] {
            for spelling in ["$(\(variable))", "${\(variable)}"] where path.hasPrefix(spelling) {
                path = "." + path.dropFirst(spelling.count)
            }
        }
        path = path.replacingOccurrences(of: "$(TARGET_NAME)", with: targetName).replacingOccurrences(of: "${TARGET_NAME}", with: targetName)
        return path.contains("$") ? nil : path
    }

    /// The deepest folder holding every one of `sources`, when it lies below `projectFolder`.
    static func sharedFolder(of sources: Set<String>, below projectFolder: String) -> String? {
        guard var common = sources.first.map(PathArithmetic.parent) else { return nil }
        for source in sources where !PathArithmetic.isInside(source, folder: common) {
            while common != "/" && !PathArithmetic.isInside(source, folder: common) { common = PathArithmetic.parent(common) }
        }
        return PathArithmetic.isInside(common, folder: projectFolder) ? common : nil
    }
}
