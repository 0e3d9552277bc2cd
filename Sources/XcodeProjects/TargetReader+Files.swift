import Diagnostics
import FileAccess
import Formats
import Foundation

extension TargetReader {
    /// What a target compiles and owns.
    struct Files {
        /// Absolute paths of the Swift files it compiles.
        var sources: Set<String> = []
        /// Absolute paths of the other files of the synchronized folders it includes (resources,
        /// headers, Swift files another build phase takes).
        var synchronizedOther: Set<String> = []
        /// Sources its Sources phase lists that are not on disk.
        var missingSources: Set<String> = []
    }

    /// Its Sources build phase and its synchronized folders, with Xcode 16's membership rules:
    /// a `PBXFileSystemSynchronizedBuildFileExceptionSet` naming the target takes the listed
    /// files out of a folder the target includes and adds them from a folder it does not; a
    /// `PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet` moves files to another
    /// build phase (headers, resources, copied files); a folder's `explicitFolders` (and
    /// wrappers such as `.bundle`, `.xcassets`, `.docc`) are resources whose contents are not
    /// compiled; `explicitFileTypes` may say a `.swift` file is something else.
    mutating func files(of identifier: String, tree: inout PBXGroupTree) throws(XcodeProjectError) -> Files {
        var result = Files()
        for phase in try table.references("buildPhases", of: identifier) where table.isa(phase) == "PBXSourcesBuildPhase" {
            for buildFile in try table.references("files", of: phase) {
                guard let reference = try table.reference("fileRef", of: buildFile) else { continue }
                guard let path = try tree.path(of: reference), path.hasSuffix(".swift") else { continue }
                let absolute = PathArithmetic.absolute(path, relativeTo: projectFolder)
                if let real = confined.refusal(of: absolute) {
                    refuse(try tree.describe(reference, as: "file"), real: real)
                    continue
                }
                // A file a build phase writes (or a stale entry) is not there before the build.
                guard confined.isRegularFile(absolute) else {
                    result.missingSources.insert(absolute)
                    continue
                }
                result.sources.insert(absolute)
            }
        }
        let ownPhases = Set(try table.references("buildPhases", of: identifier))
        let included = try table.references("fileSystemSynchronizedGroups", of: identifier)
        let includedSet = Set(included)
        // Folders the target includes, then those it does not: from these only the files an
        // exception set for the target names are its own.
        let others = table.identifiers(isa: "PBXFileSystemSynchronizedRootGroup").filter { !includedSet.contains($0) }
        for group in included + others {
            let includes = includedSet.contains(group)
            var toggled: [String] = []
            var movedToOtherPhase: [String] = []
            for exceptionSet in try table.references("exceptions", of: group) {
                switch table.isa(exceptionSet) {
                case "PBXFileSystemSynchronizedBuildFileExceptionSet" where table.string("target", of: exceptionSet) == identifier:
                    toggled += table.list("membershipExceptions", of: exceptionSet)
                case "PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet":
                    if let phase = table.string("buildPhase", of: exceptionSet), ownPhases.contains(phase) {
                        movedToOtherPhase += table.list("membershipExceptions", of: exceptionSet)
                    }
                default: break
                }
            }
            guard includes || !toggled.isEmpty else { continue }
            guard let folder = try tree.path(of: group).map({ PathArithmetic.absolute($0, relativeTo: projectFolder) }) else { continue }
            // Checked before the listing: `path = /usr` would walk all of /usr.
            if let real = confined.boundary.refusal(of: folder) {
                refuse(try tree.describe(group, as: "synchronized folder"), real: real)
                continue
            }
            let toggledPaths = Self.prefixes(toggled, in: folder)
            let notCompiled = Self.prefixes(movedToOtherPhase + table.list("explicitFolders", of: group), in: folder)
            let explicitTypes = table.value("explicitFileTypes", of: group)?.dictionary ?? [:]
            for file in listing(of: folder) where Self.matches(file, toggledPaths) != includes {
                // A symbolic link among the folder's files may lead out of the root.
                if let real = confined.refusal(of: file) {
                    refuse("file '\(PathArithmetic.relative(file, to: folder))' of " + (try tree.describe(group, as: "synchronized folder")), real: real)
                    continue
                }
                let relative = PathArithmetic.relative(file, to: folder)
                let compiled = file.hasSuffix(".swift") && !Self.matches(file, notCompiled) && !Self.insideWrapper(relative)
                    && (explicitTypes[relative]?.string.map { $0 == "sourcecode.swift" } ?? true)
                if compiled { result.sources.insert(file) } else { result.synchronizedOther.insert(file) }
            }
        }
        return result
    }

    /// Exception paths (relative to the folder) as absolute paths.
    private static func prefixes(_ relative: [String], in folder: String) -> Set<String> {
        Set(relative.map { folder + "/" + ($0.hasSuffix("/") ? String($0.dropLast()) : $0) })
    }

    /// Whether `file` is one of `paths` or lies below one of them.
    private static func matches(_ file: String, _ paths: Set<String>) -> Bool {
        guard !paths.isEmpty else { return false }
        if paths.contains(file) { return true }
        var path = Substring(file)
        while let slash = path.lastIndex(of: "/") {
            path = path[..<slash]
            if paths.contains(String(path)) { return true }
        }
        return false
    }

    /// Folder types Xcode treats as one resource: nothing inside is compiled.
    private static let wrapperExtensions: Set<String> = ["bundle", "xcassets", "docc", "framework", "xcframework", "playground", "app", "appex", "xcdatamodeld", "scnassets", "rcproject"]

    private static func insideWrapper(_ relative: String) -> Bool {
        // On the bytes, and only for the folders: asked of every file of every synchronized folder.
        let folders = relative.utf8.split(separator: UInt8(ascii: "/")).dropLast()
        return folders.contains { component in
            guard let dot = component.lastIndex(of: UInt8(ascii: ".")) else { return false }
            return wrapperExtensions.contains(String(decoding: component[component.index(after: dot)...], as: UTF8.self))
        }
    }

    /// The files below a synchronized folder, absolute and sorted, hidden ones skipped.
    private mutating func listing(of folder: String) -> [String] {
        if let known = folderListings[folder] { return known }
        let files = (try? FileSystem.files(under: folder)) ?? []
        folderListings[folder] = files
        return files
    }
}
