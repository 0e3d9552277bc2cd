import Foundation
import Testing
@testable import PackageLoading

/// Which files are a project generator's spec, told by what they hold.
@Suite(.tags(.small)) struct ProjectSpecDetectionTests {
    /// Writes `text` as `name` in a fresh folder and asks which specs the folder holds.
    static func generators(_ name: String, _ text: String) throws -> [ProjectSpec.Generator] {
        let folder = NSTemporaryDirectory() + "bulkhead-spec-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        return ProjectSpec.specs(inFolder: folder, fileNames: [name], folderNames: []).map(\.generator)
    }

    @Test(arguments: [
        ("project.yml", "name: App\ntargets:\n  App:\n    type: application\n"),
        ("project.yml", "name: App\ninclude:\n  - path: targets.yml\n    relativePaths: false\n"),
        ("project.yml", "include: [base.yml, targets.yml]\n"),
        ("project.yml", "include: targets.yml\n"),
        ("project.yml", "---\n# comment\n\"include\": targets.yml\r\n"),
        ("project.yaml", "name: App\npackages:\n  Kit:\n    path: Kit\n"),
        ("project.yml", "name: App\noptions:\n  bundleIdPrefix: org.example\nschemes: {}\n"),
        ("project.json", #"{"name": "App", "include": ["targets.json"]}"#),
        ("project.json", #"{"targets": {"App": {"type": "application"}}}"#),
    ])
    func anXcodeGenSpecIsKnownByWhatItHolds(name: String, text: String) throws {
        #expect(try Self.generators(name, text) == [.xcodegen])
    }

    @Test(arguments: [
        ("project.yml", "name: App\nversion: 2\n"),
        ("project.yml", "stages:\n  - build\nscript:\n  targets: all\n  include: x\n"),
        ("project.yml", "# targets: none\nurl: http://example.org\n"),
        ("project.json", #"{"buildOptions": {"compile": {"include": ["*.cs"]}}, "targets": "#),
        ("project.json", #"{"name": "App", "dependencies": {}}"#),
    ])
    func anotherFileOfTheSameNameIsNoSpec(name: String, text: String) throws {
        #expect(try Self.generators(name, text).isEmpty)
    }

    @Test(arguments: [
        ("import ProjectDescription\nlet project = Project(name: \"App\")\n", true),
        ("@preconcurrency import ProjectDescription\nlet project = Project.app(name: \"App\")\n", true),
        ("// import ProjectDescription\nstruct Project {}\n", false),
        ("import ProjectDescriptionHelpers\nstruct Project {}\n", false),
        ("struct Project {}\n", false),
    ])
    func aTuistManifestImportsProjectDescription(text: String, isManifest: Bool) throws {
        #expect(try Self.generators("Project.swift", text) == (isManifest ? [.tuist] : []))
    }
}
