import Foundation
import TestSupport
import Testing
@testable import PackageLoading
@testable import XcodeProjects
@testable import FileAccess

/// A temporary root beside a temporary "outside" folder, both made by the test and removed
/// after it: the outside folder stands for `/usr`, `/etc` or a neighbour's checkout, and holds
/// a line no report may carry.
struct RootBesideOutside {
    let base: String
    var root: String { base + "/root" }
    var outside: String { base + "/outside" }

    static let secretLine = #"let apiKey = "sk-live-0000""#

    init() throws {
        base = FileSystem.realPath(FileManager.default.temporaryDirectory.path) + "/bulkhead-outside-\(UUID().uuidString)"
        try write("outside/Secret.swift", "import Leaked\n\(Self.secretLine)\n")
        try write("outside/Nested/Deeper.swift", "import Leaked\n")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    func write(_ path: String, _ text: String) throws {
        let full = base + "/" + path
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: full, atomically: true, encoding: .utf8)
    }

    /// A symbolic link at `path` (below the base) to `destination` (absolute).
    func link(_ path: String, to destination: String) throws {
        let full = base + "/" + path
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: full, withDestinationPath: destination)
    }

    func remove() { try? FileManager.default.removeItem(atPath: base) }

    /// A project whose one target `App` builds `buildFiles` (file references) and the
    /// synchronized folders `folders`; `objects` adds groups and file references.
    static func project(objects: String, buildFiles: [String] = [], folders: [String] = [], mainChildren: [String] = []) -> String {
        let builds = buildFiles.enumerated().map { "B\($0.offset) = { isa = PBXBuildFile; fileRef = \($0.element); };" }.joined(separator: "\n")
        return """
        // !$*UTF8*$!
        { archiveVersion = 1; objectVersion = 77; objects = {
          P = { isa = PBXProject; mainGroup = M; targets = (T); };
          M = { isa = PBXGroup; children = (\(mainChildren.joined(separator: ", "))); sourceTree = "<group>"; };
          \(objects)
          \(builds)
          S = { isa = PBXSourcesBuildPhase; files = (\(buildFiles.indices.map { "B\($0)" }.joined(separator: ", "))); };
          T = { isa = PBXNativeTarget; name = App; buildPhases = (S); fileSystemSynchronizedGroups = (\(folders.joined(separator: ", "))); productType = "com.apple.product-type.application"; };
        }; rootObject = P; }
        """
    }
}

/// Issue 24: a project's references that leave the root are not read; a warning names the
/// project file, the reference and `workspace.include`, which reads it on purpose.
@Suite(.tags(.small)) struct OutsideRootProjectTests {
    /// Writes the project and reads it as a run at the root would, with `includes` as
    /// `workspace.include`'s outside patterns (paths from the root).
    static func read(_ text: String, in folder: RootBesideOutside, projectFolder: String = "root",
                     includes: [String] = []) throws -> XcodeProject {
        try folder.write("\(projectFolder)/App.xcodeproj/project.pbxproj", text)
        let boundary = ReadBoundary(root: folder.root) { fromRoot, _ in includes.contains { fromRoot == $0 || fromRoot.hasPrefix($0 + "/") } }
        return try XcodeProjectReader.read(projectAt: folder.base + "/\(projectFolder)/App.xcodeproj", shownAs: "App.xcodeproj/project.pbxproj", boundary: boundary)
    }

    static func sources(_ project: XcodeProject, from folder: RootBesideOutside) -> [String] {
        (project.targets.first?.sources ?? []).map { FileSystem.relativePath($0, to: folder.root) }
    }

    @Test func anAbsoluteSynchronizedFolderOutsideTheRootIsNotListedAndIsNamed() throws {
        let folder = try RootBesideOutside()
        defer { folder.remove() }
        let project = try Self.read(RootBesideOutside.project(
            objects: #"Y = { isa = PBXFileSystemSynchronizedRootGroup; path = \#(folder.outside); sourceTree = "<absolute>"; };"#, folders: ["Y"]), in: folder)
        #expect(Self.sources(project, from: folder) == [])
        #expect(project.warnings.map(\.text) == [
            "App.xcodeproj/project.pbxproj: outside-root: synchronized folder 'outside' (path = \(folder.outside), sourceTree = <absolute>) is \(folder.outside), outside the root; it is not read (name '../outside' in workspace.include in bulkhead.json to read it on purpose)",
        ])
    }

    @Test func workspaceIncludeReadsTheOutsideFolderOnPurpose() throws {
        let folder = try RootBesideOutside()
        defer { folder.remove() }
        let project = try Self.read(RootBesideOutside.project(
            objects: #"Y = { isa = PBXFileSystemSynchronizedRootGroup; path = \#(folder.outside); sourceTree = "<absolute>"; };"#, folders: ["Y"]),
            in: folder, includes: ["../outside"])
        #expect(Self.sources(project, from: folder) == ["../outside/Nested/Deeper.swift", "../outside/Secret.swift"])
        #expect(project.warnings.map(\.text).isEmpty)
    }

    /// Every way a file reference or group can leave the root: `<absolute>`, SOURCE_ROOT with
    /// `../`, a group that climbs out, a synchronized folder written with `../`.
    @Test(arguments: [
        ("absolute file", #"F = { isa = PBXFileReference; path = OUTSIDE/Secret.swift; sourceTree = "<absolute>"; };"#, ["F"], [String](),
         "file 'Secret.swift' (path = OUTSIDE/Secret.swift, sourceTree = <absolute>)"),
        ("SOURCE_ROOT climbing out", #"F = { isa = PBXFileReference; path = ../outside/Secret.swift; sourceTree = SOURCE_ROOT; };"#, ["F"], [],
         "file 'Secret.swift' (path = ../outside/Secret.swift, sourceTree = SOURCE_ROOT)"),
        ("a group climbing out", #"G = { isa = PBXGroup; name = Shared; path = ../outside; sourceTree = "<group>"; children = (F); }; F = { isa = PBXFileReference; path = Secret.swift; sourceTree = "<group>"; };"#,
         ["F"], [], "file 'Secret.swift' (path = Secret.swift, sourceTree = <group>) in group 'Shared' (path = ../outside, sourceTree = <group>)"),
        ("a synchronized folder climbing out", #"Y = { isa = PBXFileSystemSynchronizedRootGroup; path = ../outside; sourceTree = SOURCE_ROOT; };"#, [], ["Y"],
         "synchronized folder 'outside' (path = ../outside, sourceTree = SOURCE_ROOT)"),
    ])
    func aReferenceThatLeavesTheRootIsNotRead(_ name: String, objects: String, buildFiles: [String], folders: [String], reference: String) throws {
        let folder = try RootBesideOutside()
        defer { folder.remove() }
        let text = RootBesideOutside.project(objects: objects.replacingOccurrences(of: "OUTSIDE", with: folder.outside), buildFiles: buildFiles, folders: folders,
                                             mainChildren: objects.hasPrefix("G = ") ? ["G"] : [])
        let project = try Self.read(text, in: folder)
        #expect(Self.sources(project, from: folder) == [], "\(name)")
        #expect(project.warnings.map(\.text).count == 1, "\(name): \(project.warnings.map(\.text))")
        #expect(project.warnings.map(\.text).first?.contains("outside-root: \(reference.replacingOccurrences(of: "OUTSIDE", with: folder.outside)) is \(folder.outside)") == true,
                "\(name): \(project.warnings.map(\.text))")
    }

    /// Symbolic links: a file reference that is a link out, a synchronized folder that is one,
    /// and a link out among a synchronized folder's files are refused; a link that stays inside
    /// the root is read.
    @Test func symbolicLinksAreJudgedByWhereTheyLead() throws {
        let folder = try RootBesideOutside()
        defer { folder.remove() }
        try folder.write("root/App/Main.swift", "import Foundation\n")
        try folder.write("root/Shared/Real.swift", "import Foundation\n")
        try folder.link("root/App/Leak.swift", to: folder.outside + "/Secret.swift")
        try folder.link("root/App/Alias.swift", to: "../Shared/Real.swift")
        try folder.link("root/Linked", to: folder.outside)
        try folder.link("root/Secret.swift", to: folder.outside + "/Secret.swift")
        let project = try Self.read(RootBesideOutside.project(objects: """
            Y = { isa = PBXFileSystemSynchronizedRootGroup; path = App; sourceTree = "<group>"; };
            L = { isa = PBXFileSystemSynchronizedRootGroup; path = Linked; sourceTree = "<group>"; };
            F = { isa = PBXFileReference; path = Secret.swift; sourceTree = SOURCE_ROOT; };
            """, buildFiles: ["F"], folders: ["Y", "L"]), in: folder)
        #expect(Self.sources(project, from: folder) == ["App/Alias.swift", "App/Main.swift"])
        #expect(project.warnings.map { String($0.text.prefix { $0 != "," }) } == [
            "App.xcodeproj/project.pbxproj: outside-root: file 'Leak.swift' of synchronized folder 'App' (path = App",
            "App.xcodeproj/project.pbxproj: outside-root: file 'Secret.swift' (path = Secret.swift",
            "App.xcodeproj/project.pbxproj: outside-root: synchronized folder 'Linked' (path = Linked",
        ])
        #expect(project.warnings.map(\.text).allSatisfy { $0.contains("is \(folder.outside)") })
    }

    /// The SDK and built products have no path in the project: never read, no warning (every
    /// project refers to UIKit that way).
    @Test func sdkAndBuiltProductReferencesAreNotReadAndNotWarnedAbout() throws {
        let folder = try RootBesideOutside()
        defer { folder.remove() }
        let project = try Self.read(RootBesideOutside.project(objects: """
            F = { isa = PBXFileReference; path = ../../outside/Secret.swift; sourceTree = SDKROOT; };
            G = { isa = PBXFileReference; path = ../outside/Secret.swift; sourceTree = BUILT_PRODUCTS_DIR; };
            """, buildFiles: ["F", "G"]), in: folder)
        #expect(Self.sources(project, from: folder) == [])
        #expect(project.warnings.map(\.text).isEmpty)
    }

    @Test func aFolderReferenceToAnOutsidePackageIsNotLoaded() throws {
        let folder = try RootBesideOutside()
        defer { folder.remove() }
        try folder.write("outside/Package.swift", "// swift-tools-version: 6.0\n")
        let project = try Self.read(RootBesideOutside.project(objects: """
            K = { isa = PBXFileReference; lastKnownFileType = folder; path = ../outside; sourceTree = "<group>"; };
            """), in: folder)
        #expect(project.referencedPackageFolders.isEmpty)
        #expect(project.warnings.map(\.text).first?.contains("outside-root: folder reference 'outside' (path = ../outside, sourceTree = <group>)") == true, "\(project.warnings.map(\.text))")
    }
}
