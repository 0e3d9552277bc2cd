import Foundation
import PackageLoading
import TestSupport
import Testing
@testable import BulkheadCLI

/// A repository whose Xcode project is generated (XcodeGen's project.yml here): without the
/// generated project it is never a silent pass; with it, the project is read like any other.
@Suite(.tags(.medium)) struct ProjectGeneratorCommandTests {
    /// Runs `arguments` in a fresh copy of `fixture` (outside any repository: the copy is the root).
    static func run(_ arguments: [String], fixture: String, prepare: (String) throws -> Void = { _ in }) throws -> CommandRun {
        let copy = try Fixtures.copy(fixture)
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        try prepare(copy)
        return CommandRun.run(arguments + ["--package-path", copy], in: copy)
    }

    @Test func aSpecAloneNamesTheSpecAndTheCommandAndFails() throws {
        let run = try Self.run(["check"], fixture: "GeneratorOnly")
        #expect(run.status == .failure)
        #expect(run.standardError.contains("project.yml is an XcodeGen spec, but the project it generates is not in the repository"), "\(run.standardError)")
        #expect(run.standardError.contains("run `xcodegen generate`"), "\(run.standardError)")
    }

    /// A spec that brings its targets in with `include:` (a list or one path) holds no
    /// `targets:` of its own: it is a spec by what it holds, and the run without its project
    /// stops (exit 2) with the command, as for any other spec.
    @Test(arguments: [
        "name: Included\ninclude:\n  - path: targets.yml\n",
        "include: targets.yml\n",
        "include: [targets.yml]\nname: Included\n",
        "name: Included\noptions:\n  bundleIdPrefix: org.example\n",
    ])
    func aSpecThatIncludesItsTargetsIsASpec(spec: String) throws {
        let run = try Self.run(["check"], fixture: "GeneratorIncludeOnly") { copy in
            try spec.write(toFile: copy + "/project.yml", atomically: true, encoding: .utf8)
        }
        #expect(run.status == .failure, "\(run.standardOutput)\n\(run.standardError)")
        #expect(run.standardError.contains("project.yml is an XcodeGen spec, but the project it generates is not in the repository"), "\(run.standardError)")
        #expect(run.standardError.contains("run `xcodegen generate`"), "\(run.standardError)")
    }

    /// The fixture as it is: `include:` of a list of paths, and `name:`.
    @Test func theIncludingFixtureFailsAsItIs() throws {
        let run = try Self.run(["check"], fixture: "GeneratorIncludeOnly")
        #expect(run.status == .failure, "\(run.standardOutput)\n\(run.standardError)")
        #expect(run.standardError.contains("run `xcodegen generate`"), "\(run.standardError)")
    }

    /// Beside another input, an including spec without its project is the error finding.
    @Test func anIncludingSpecBesideAnotherProjectIsAnErrorFinding() throws {
        let run = try Self.run(["check", "--format", "json"], fixture: "GeneratorGenerated") { copy in
            try FileManager.default.createDirectory(atPath: copy + "/Tools/Admin", withIntermediateDirectories: true)
            try "name: Admin\ninclude:\n  - targets.yml\n".write(toFile: copy + "/Tools/Admin/project.yml", atomically: true, encoding: .utf8)
        }
        #expect(run.status == .violations, "\(run.standardOutput)\n\(run.standardError)")
        #expect(run.standardOutput.contains("\"rule\" : \"project-not-generated\""), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("run `xcodegen generate` in 'Tools/Admin'"), "\(run.standardOutput)")
    }

    /// A file named project.yml that is not XcodeGen's (another tool's settings) is no spec.
    @Test func aProjectYAMLOfAnotherKindIsNotASpec() throws {
        let run = try Self.run(["check"], fixture: "GeneratorGenerated") { copy in
            try FileManager.default.createDirectory(atPath: copy + "/Tools/Admin", withIntermediateDirectories: true)
            try "name: Admin\nversion: 2\nstages:\n  - build\n".write(toFile: copy + "/Tools/Admin/project.yml", atomically: true, encoding: .utf8)
        }
        #expect(run.status == .clean, "\(run.standardOutput)\n\(run.standardError)")
        #expect(!run.standardError.contains("project-not-generated"), "\(run.standardError)")
    }

    @Test func theGeneratedProjectIsReadLikeAnyOther() throws {
        let run = try Self.run(["check", "--format", "json"], fixture: "GeneratorGenerated")
        #expect(run.status == .clean, "\(run.standardOutput)\n\(run.standardError)")
        #expect(!run.standardError.contains("project-not-generated"))
        #expect(run.standardError.contains("0 errors and 0 warnings in 1 target (1 file)"), "\(run.standardError)")
    }

    /// Beside something else to check, the spec without its project is an error in the report
    /// (exit 1), which `workspace.generatedProjects: "ignore"` turns off.
    @Test(arguments: [false, true])
    func besideAnotherProjectTheSpecFailsTheCheckUnlessIgnored(ignored: Bool) throws {
        let configuration: String? = ignored ? #"{ workspace: { generatedProjects: "ignore" } }"# : nil
        let run = try Self.run(["check", "--format", "json"], fixture: "GeneratorGenerated") { copy in
            try FileManager.default.createDirectory(atPath: copy + "/Tools/Admin", withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: copy + "/project.yml", toPath: copy + "/Tools/Admin/project.yml")
            if let configuration { try configuration.write(toFile: copy + "/bulkhead.json", atomically: true, encoding: .utf8) }
        }
        #expect(run.status == (ignored ? .clean : .violations), "\(run.standardOutput)\n\(run.standardError)")
        #expect(run.standardOutput.contains("\"rule\" : \"project-not-generated\"") == (configuration == nil), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("run `xcodegen generate` in 'Tools/Admin'") == (configuration == nil), "\(run.standardOutput)")
    }

    @Test func aSwiftFileNamedProjectIsNotATuistManifest() throws {
        let run = try Self.run(["check"], fixture: "GeneratorGenerated") { copy in
            try "struct Project {}\n".write(toFile: copy + "/App/Project.swift", atomically: true, encoding: .utf8)
            try "import ProjectDescription\nlet project = Project(name: \"Admin\")\n"
                .write(toFile: copy + "/Workspace.swift", atomically: true, encoding: .utf8)
        }
        // Workspace.swift imports ProjectDescription and Generated.xcodeproj stands beside it;
        // App/Project.swift is a model type, not a manifest.
        #expect(run.status == .clean, "\(run.standardOutput)\n\(run.standardError)")
        #expect(!run.standardError.contains("project-not-generated"), "\(run.standardError)")
    }
}
