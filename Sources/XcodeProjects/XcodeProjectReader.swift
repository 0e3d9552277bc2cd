import Diagnostics
import FileAccess
import Formats
import Foundation
import ModuleGraph
import ProjectObjects

/// Reads an `.xcodeproj` with an old-style property-list reader of its own (see
/// `OpenStepPropertyList` for why not Foundation's) into `ProjectObjects`, the reading the
/// locator and the editor share, then walks its objects by identifier: every step is a
/// dictionary lookup and the group tree is resolved with a memo, so reading is linear in the
/// file's size. Only synchronized folders are listed from disk.
package enum XcodeProjectReader {
    /// The project at `path` (the `.xcodeproj` folder, absolute); `shownAs` is how messages name
    /// its `project.pbxproj`. Groups, files and synchronized folders outside `boundary` are not
    /// read: the project's `warnings` name each.
    package static func read(projectAt path: String, shownAs: String, boundary: ReadBoundary) throws(XcodeProjectError) -> XcodeProject {
        let file = path + "/project.pbxproj"
        let data: Data
        do {
            data = try FileSystem.contents(of: file)
        } catch {
            throw .unreadable(file: shownAs, reason: error.message)
        }
        return try parse(data, projectAt: path, shownAs: shownAs, boundary: boundary)
    }

    /// Parses the bytes of a `project.pbxproj` of the project at `path`.
    package static func parse(_ data: Data, projectAt path: String, shownAs file: String, boundary: ReadBoundary) throws(XcodeProjectError) -> XcodeProject {
        let bytes = [UInt8](data)
        if bytes.starts(with: Array("<?xml".utf8)) || bytes.starts(with: Array("bplist".utf8)) {
            throw .notAPropertyList(file: file, reason: "it is an XML or binary property list; Xcode writes project files in the old-style format, which is the one read")
        }
        let document: PropertyListNode
        do {
            document = try OpenStepPropertyList.parseWithPositions(bytes)
        } catch {
            throw .notAPropertyList(file: file, reason: "line \(error.line): \(error.message)")
        }
        let table: PBXObjectTable
        do {
            table = PBXObjectTable(file: file, objects: try ProjectObjects(document: document))
        } catch {
            throw XcodeProjectError(error, file: file)
        }
        guard let root = try table.mapped({ () throws(ProjectObjectsError) in try table.objects.rootProject() }) else {
            throw .notAProject(file: file, reason: "it has no 'rootObject'")
        }

        let containing = PathArithmetic.parent(path)
        let projectFolder = PathArithmetic.absolute(table.string("projectDirPath", of: root) ?? "", relativeTo: containing)
        var tree = PBXGroupTree(table: table, projectFolder: projectFolder)
        var reader = TargetReader(table: table, projectFolder: projectFolder, rootProject: root, confined: ConfinedFiles(boundary: boundary), file: file)

        var targets: [XcodeProject.NativeTarget] = []
        // Aggregate and legacy targets too: targets depend on them for build order.
        let projectTargets = try table.mapped { () throws(ProjectObjectsError) in try table.objects.targets() }
        let namesByID = Dictionary(projectTargets.map { ($0.identifier, $0.name) }, uniquingKeysWith: { first, _ in first })
        for target in projectTargets {
            targets.append(try reader.target(target, namesByID: namesByID, tree: &tree))
        }
        // A test bundle without TEST_HOST or TEST_TARGET_NAME runs in the one app it depends on.
        let applications = Set(targets.filter { $0.productType == .application || $0.productType == .watchApp }.map(\.name))
        let nameByProduct = Dictionary(targets.map { ($0.productName, $0.name) }, uniquingKeysWith: { first, _ in first })
        for index in targets.indices where targets[index].productType.targetKind == .test {
            if let host = targets[index].testHost {
                targets[index].testHost = nameByProduct[host] ?? host
            } else {
                let hosts = targets[index].targetDependencies.filter(applications.contains)
                if hosts.count == 1 { targets[index].testHost = hosts[0] }
            }
        }
        var packageFolders: [String] = []
        for reference in table.identifiers(isa: "PBXFileReference") where ["folder", "wrapper"].contains(table.string("lastKnownFileType", of: reference) ?? "") {
            guard let folder = try tree.path(of: reference).map({ PathArithmetic.absolute($0, relativeTo: projectFolder) }) else { continue }
            // Not even asked whether it holds a package: the answer would load one from outside.
            if let real = boundary.refusal(of: folder) {
                reader.refuse(try tree.describe(reference, as: "folder reference"), real: real)
                continue
            }
            guard FileSystem.isRegularFile(folder + "/Package.swift") else { continue }
            packageFolders.append(folder)
        }
        let objectVersion = table.objects.objectVersion
        let name = (PathArithmetic.lastComponent(path) as NSString).deletingPathExtension
        var project = XcodeProject(name: name, path: path, objectVersion: objectVersion, targets: targets,
                                   referencedPackageFolders: Array(Set(packageFolders)).sorted(), warnings: reader.warnings.sorted())
        project.buildPhaseOutputs = MissingSourceWarning.buildPhaseOutputs(table, projectFolder: projectFolder)
        return project
    }
}
