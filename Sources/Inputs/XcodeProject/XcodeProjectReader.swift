import Diagnostics
import Formats
import Foundation
import ModuleGraph

/// Reads an `.xcodeproj` with an old-style property-list reader of its own (see
/// `OpenStepPropertyList` for why not Foundation's), then walks its objects by identifier: every step is a dictionary lookup and the group tree is resolved with a memo, so
/// reading is linear in the file's size. Only synchronized folders are listed from disk.
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
        let plist: PropertyListValue
        do {
            plist = try OpenStepPropertyList.parse(bytes)
        } catch {
            throw .notAPropertyList(file: file, reason: "line \(error.line): \(error.message)")
        }
        guard let top = plist.dictionary else { throw .notAProject(file: file, reason: "the top level is not a dictionary") }
        guard let rawObjects = top["objects"]?.dictionary else { throw .notAProject(file: file, reason: "it has no 'objects' dictionary") }
        var objects: [String: [String: PropertyListValue]] = [:]
        objects.reserveCapacity(rawObjects.count)
        for (identifier, value) in rawObjects {
            guard let object = value.dictionary else {
                throw .notAProject(file: file, reason: "object \(identifier) is not a dictionary")
            }
            objects[identifier] = object
        }
        let table = PBXObjectTable(file: file, objects: objects)
        guard let root = top["rootObject"]?.string else { throw .notAProject(file: file, reason: "it has no 'rootObject'") }
        guard table.object(root) != nil else { throw .danglingReference(file: file, from: "the project", key: "rootObject", identifier: root) }

        let containing = PathArithmetic.parent(path)
        let projectFolder = PathArithmetic.absolute(table.string("projectDirPath", of: root) ?? "", relativeTo: containing)
        var tree = PBXGroupTree(table: table, projectFolder: projectFolder)
        var reader = TargetReader(table: table, projectFolder: projectFolder, projectSettings: try table.buildSettings(of: root),
                                  confined: ConfinedFiles(boundary: boundary), file: file)

        var targets: [XcodeProject.NativeTarget] = []
        let targetIDs = try table.references("targets", of: root).filter { table.isa($0) == "PBXNativeTarget" }
        let namesByID = Dictionary(targetIDs.map { ($0, table.string("name", of: $0) ?? $0) }, uniquingKeysWith: { first, _ in first })
        for identifier in targetIDs {
            targets.append(try reader.target(identifier, namesByID: namesByID, tree: &tree))
        }
        // A test bundle without TEST_HOST or TEST_TARGET_NAME runs in the one app it depends on.
        let applications = Set(targets.filter { $0.productType == .application }.map(\.name))
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
        let objectVersion = top["objectVersion"]?.string.flatMap { Int($0) }
        let name = (PathArithmetic.lastComponent(path) as NSString).deletingPathExtension
        return XcodeProject(name: name, path: path, objectVersion: objectVersion, targets: targets,
                            referencedPackageFolders: Array(Set(packageFolders)).sorted(), warnings: reader.warnings.sorted())
    }
}

/// Reads one native target's sources, products, dependencies and settings.
private struct TargetReader {
    let table: PBXObjectTable
    let projectFolder: String
    /// Synchronized folders listed once, however many targets share them.
    var folderListings: [String: [String]] = [:]
    /// The project's own build settings per configuration, which a target's inherit: Xcode's
    /// template sets `SWIFT_ACTIVE_COMPILATION_CONDITIONS = "DEBUG $(inherited)"` there, not on
    /// the targets.
    let projectSettings: [String: [String: PropertyListValue]]
    /// What may be read: references that leave it are dropped with a warning.
    var confined: ConfinedFiles
    /// How messages name the `project.pbxproj`.
    let file: String
    /// One `outside-root` warning per reference, however many targets build it.
    private(set) var warnings: Set<String> = []

    init(table: PBXObjectTable, projectFolder: String, projectSettings: [String: [String: PropertyListValue]] = [:],
         confined: ConfinedFiles, file: String) {
        self.table = table
        self.projectFolder = projectFolder
        self.projectSettings = projectSettings
        self.confined = confined
        self.file = file
    }

    mutating func refuse(_ reference: String, real: String) {
        warnings.insert(OutsideRootWarning.message(file: file, reference: reference, real: real, boundary: confined.boundary))
    }

    mutating func target(_ identifier: String, namesByID: [String: String], tree: inout PBXGroupTree) throws(XcodeProjectError) -> XcodeProject.NativeTarget {
        let name = namesByID[identifier] ?? identifier
        let productType = ProjectProductType(identifier: table.string("productType", of: identifier) ?? "")
        let settings = try table.buildSettings(of: identifier)
        // Settings that name things are the same in every configuration in practice; read the
        // first configuration in name order that sets them.
        func setting(_ key: String) -> String? {
            for configuration in settings.keys.sorted() {
                if let value = settings[configuration]?[key]?.string { return value.replacingOccurrences(of: "$(TARGET_NAME)", with: name) }
            }
            return nil
        }
        let productName = setting("PRODUCT_NAME").flatMap(Self.literal) ?? table.string("productName", of: identifier) ?? name
        let moduleName = Self.c99Name(setting("PRODUCT_MODULE_NAME").flatMap(Self.literal) ?? productName)

        var sources: Set<String> = []
        for phase in try table.references("buildPhases", of: identifier) where table.isa(phase) == "PBXSourcesBuildPhase" {
            for buildFile in try table.references("files", of: phase) {
                guard let reference = try table.reference("fileRef", of: buildFile) else { continue }
                guard let path = try tree.path(of: reference), path.hasSuffix(".swift") else { continue }
                let absolute = PathArithmetic.absolute(path, relativeTo: projectFolder)
                if let real = confined.refusal(of: absolute) {
                    refuse(try tree.describe(reference, as: "file"), real: real)
                    continue
                }
                sources.insert(absolute)
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
                sources.insert(file)
            }
        }

        var products: [XcodeProject.ProductDependency] = []
        for dependency in try table.references("packageProductDependencies", of: identifier) {
            guard var product = table.string("productName", of: dependency) else { continue }
            // `plugin:Name` applies a build-tool plugin: a build dependency, not a linked module.
            if product.hasPrefix("plugin:") { product.removeFirst(7) }
            products.append(XcodeProject.ProductDependency(productName: product, package: try packageReference(of: dependency)))
        }

        var dependencies: [String] = []
        for dependency in try table.references("dependencies", of: identifier) {
            if let target = try table.reference("target", of: dependency) {
                dependencies.append(namesByID[target] ?? table.string("name", of: target) ?? target)
            } else if let productReference = try table.reference("productRef", of: dependency),
                      var product = table.string("productName", of: productReference) {
                if product.hasPrefix("plugin:") { product.removeFirst(7) }
                products.append(XcodeProject.ProductDependency(productName: product, package: try packageReference(of: productReference)))
            } else if let named = table.string("name", of: dependency) {
                dependencies.append(named)
            }
        }

        var testHost: String?
        if productType.targetKind == .test {
            testHost = setting("TEST_TARGET_NAME").flatMap(Self.literal) ?? setting("TEST_HOST").flatMap(Self.applicationName(inTestHost:))
        }
        var conditions: [String: [String]] = [:]
        for configuration in Set(settings.keys).union(projectSettings.keys) {
            let inherited = (projectSettings[configuration]?["SWIFT_ACTIVE_COMPILATION_CONDITIONS"].map(Self.words) ?? []).filter { $0 != "$(inherited)" }
            // A target that does not set it takes the project's; `$(inherited)` splices it in.
            let own = settings[configuration]?["SWIFT_ACTIVE_COMPILATION_CONDITIONS"].map(Self.words) ?? ["$(inherited)"]
            var words: [String] = []
            for word in own.flatMap({ $0 == "$(inherited)" ? inherited : [$0] }) where !words.contains(word) { words.append(word) }
            if !words.isEmpty { conditions[configuration] = words }
        }
        // `SWIFT_VERSION` (`5.0`, `6.0`): the target's language mode, for `swift(>=…)`.
        let swiftVersion = setting("SWIFT_VERSION").flatMap(Self.literal)
            ?? projectSettings.keys.sorted().compactMap { [projectSettings] in projectSettings[$0]?["SWIFT_VERSION"]?.string }.first
        return XcodeProject.NativeTarget(
            name: name, productType: productType, moduleName: moduleName, productName: productName, sources: sources.sorted(),
            packageProducts: products, targetDependencies: dependencies, testHost: testHost, compilationConditions: conditions,
            swiftVersion: swiftVersion)
    }

    /// A whitespace-separated setting (`"DEBUG $(inherited)"`) or a list of words.
    private static func words(_ value: PropertyListValue) -> [String] {
        value.string.map { $0.split(whereSeparator: \.isWhitespace).map(String.init) } ?? value.array?.compactMap(\.string) ?? []
    }

    private func packageReference(of dependency: String) throws(XcodeProjectError) -> XcodeProject.PackageReference? {
        guard let package = try table.reference("package", of: dependency) else { return nil }
        switch table.isa(package) {
        case "XCLocalSwiftPackageReference":
            return table.string("relativePath", of: package).map { .local(relativePath: $0) }
        case "XCRemoteSwiftPackageReference":
            guard let url = table.string("repositoryURL", of: package) else { return nil }
            let requirement = table.object(package)?["requirement"]?.dictionary.map { requirement in
                requirement.keys.sorted().map { "\($0): \(requirement[$0]?.string ?? "")" }.joined(separator: ", ")
            }
            return .remote(url: url, requirement: requirement ?? "unspecified")
        default:
            return nil
        }
    }

    /// The `.swift` files below a synchronized folder, absolute and sorted, hidden folders skipped.
    private mutating func listing(of folder: String) -> [String] {
        if let known = folderListings[folder] { return known }
        let files = (try? FileSystem.swiftFiles(under: folder)) ?? []
        folderListings[folder] = files
        return files
    }

    /// A setting's value when it is a plain name, not built from other settings.
    static func literal(_ value: String) -> String? {
        value.isEmpty || value.contains("$") ? nil : value
    }

    /// `TravelApp` from `$(BUILT_PRODUCTS_DIR)/TravelApp.app/TravelApp` (or `…/Contents/MacOS/…`).
    static func applicationName(inTestHost host: String) -> String? {
        for component in host.split(separator: "/") where component.hasSuffix(".app") {
            let name = String(component.dropLast(4))
            return literal(name)
        }
        return nil
    }

    /// Xcode's module name of a product name: characters that cannot be in an identifier become `_`.
    static func c99Name(_ name: String) -> String {
        var result = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        if let first = result.first, first.isNumber { result = "_" + result }
        return result
    }
}
