import Diagnostics
import Formats
import Foundation

extension TargetReader {
    /// What a target compiles and owns.
    struct Files {
        /// Absolute paths of the Swift files it compiles.
        var sources: Set<String> = []
        /// Sources its Sources phase lists that are not on disk.
        var missingSources: Set<String> = []
    }

    /// Its Sources build phase and its synchronized folders minus their exceptions.
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
                guard FileSystem.isRegularFile(absolute) else {
                    result.missingSources.insert(absolute)
                    continue
                }
                result.sources.insert(absolute)
            }
        }
        for group in try table.references("fileSystemSynchronizedGroups", of: identifier) {
            guard let folder = try tree.path(of: group).map({ PathArithmetic.absolute($0, relativeTo: projectFolder) }) else { continue }
            // Checked before the listing: `path = /usr` would walk all of /usr.
            if let real = confined.boundary.refusal(of: folder) {
                refuse(try tree.describe(group, as: "synchronized folder"), real: real)
                continue
            }
            var excluded: Set<String> = []
            for exceptionSet in try table.references("exceptions", of: group)
                where table.isa(exceptionSet) == "PBXFileSystemSynchronizedBuildFileExceptionSet" && table.string("target", of: exceptionSet) == identifier {
                for exception in table.list("membershipExceptions", of: exceptionSet) { excluded.insert(folder + "/" + exception) }
            }
            for file in listing(of: folder) where !excluded.contains(file) && !excluded.contains(where: { file.hasPrefix($0 + "/") }) {
                // A symbolic link among the folder's files may lead out of the root.
                if let real = confined.refusal(of: file) {
                    refuse("file '\(PathArithmetic.relative(file, to: folder))' of " + (try tree.describe(group, as: "synchronized folder")), real: real)
                    continue
                }
                result.sources.insert(file)
            }
        }
        return result
    }

    /// The `.swift` files below a synchronized folder, absolute and sorted, hidden folders skipped.
    private mutating func listing(of folder: String) -> [String] {
        if let known = folderListings[folder] { return known }
        let files = (try? FileSystem.swiftFiles(under: folder)) ?? []
        folderListings[folder] = files
        return files
    }
}
