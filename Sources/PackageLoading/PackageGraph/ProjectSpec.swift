import Diagnostics
import FileAccess
import Formats
import Foundation

/// A project generator's spec: XcodeGen's `project.yml`/`project.json`, Tuist's `Project.swift`,
/// `Workspace.swift`, `Tuist.swift` or `Tuist/` folder. Bulkhead reads the `.xcodeproj` a spec
/// generates, not the spec (reading it exactly would mean reimplementing the generator); a spec
/// whose project is not there describes an app nobody checks, so it is reported, never a
/// silent pass.
package struct ProjectSpec: Sendable, Hashable {
    package enum Generator: String, Sendable, Hashable {
        case xcodegen, tuist

        /// The command that writes the project.
        package var command: String {
            switch self {
            case .xcodegen: "xcodegen generate"
            case .tuist: "tuist generate --no-open"
            }
        }

        package var name: String {
            switch self {
            case .xcodegen: "XcodeGen"
            case .tuist: "Tuist"
            }
        }
    }

    /// The spec file (or Tuist's folder), absolute.
    package var path: String
    package var generator: Generator

    /// The catalog entry of `project-not-generated`.
    package static let entry = DiagnosticCode(
        id: "project-not-generated", family: .sourceFile,
        summary: "A project generator's spec whose project is not generated: the app it describes is not checked.",
        explanation: """
        A repository with an XcodeGen spec (project.yml, project.json) or a Tuist manifest \
        (Project.swift, Workspace.swift, Tuist.swift, Tuist/) and no .xcodeproj beside it keeps \
        its app targets in the spec. Bulkhead reads the generated project, not the spec \
        (reading a spec exactly would mean reimplementing the generator), so without the \
        project those targets and their sources are not checked, and a run that says it \
        passed would not have looked. Run `xcodegen generate` or `tuist generate --no-open` \
        before Bulkhead (in CI, as a step before it), or set workspace.generatedProjects to \
        "ignore" in bulkhead.json when the packages alone are what should be checked.
        """,
        defaultSeverity: .error)

    /// Whether the project this spec generates is among `projects` and `workspaces` (absolute
    /// bundles found): beside the spec for XcodeGen and Tuist's manifests, anywhere for Tuist's
    /// repository-wide configuration.
    func isGenerated(projects: [String], workspaces: [String]) -> Bool {
        let folder = PathArithmetic.parent(path)
        switch (generator, PathArithmetic.lastComponent(path)) {
        case (.xcodegen, _): return projects.contains { PathArithmetic.parent($0) == folder }
        case (.tuist, "Tuist.swift"), (.tuist, "Tuist"): return !projects.isEmpty || !workspaces.isEmpty
        case (.tuist, _): return (projects + workspaces).contains { PathArithmetic.parent($0) == folder }
        }
    }

    /// What is wrong and what to do: generate the project (in the spec's folder), or, when
    /// there is something else to check (`besideOtherInputs`), ignore specs in bulkhead.json.
    package func message(shownAs shown: String, besideOtherInputs: Bool = true) -> String {
        let folder = shown.contains("/") ? "'" + PathArithmetic.parent(shown) + "'" : "the folder that holds it"
        let article = generator == .xcodegen ? "an" : "a"
        return "\(shown) is \(article) \(generator.name) spec, but the project it generates is not in the repository, so the app it describes is not checked; "
            + "run `\(generator.command)` in \(folder) before Bulkhead"
            + (besideOtherInputs ? ", or set workspace.generatedProjects to \"ignore\" in bulkhead.json" : " (Bulkhead reads the generated project, not the spec)")
    }

    /// Which of a folder's files are specs, told by what they hold: `Project.swift` and
    /// `Workspace.swift` only when they import ProjectDescription (a model type may be named
    /// Project), `project.yml` and `project.json` only when their top level is an XcodeGen
    /// project's (`XcodeGenKeys`).
    private static let specNames: Set<String> = ["project.yml", "project.yaml", "project.json", "Project.swift", "Workspace.swift", "Tuist.swift"]

    static func specs(inFolder folder: String, fileNames: [String], folderNames: [String]) -> [ProjectSpec] {
        var result: [ProjectSpec] = []
        // Only the few names a spec has are sorted and made into paths, not every file's.
        for name in fileNames.filter(Self.specNames.contains).sorted() {
            let path = folder + "/" + name
            switch name {
            case "project.yml", "project.yaml":
                if let text = head(of: path), XcodeGenKeys.isProject(XcodeGenKeys.topLevelYAMLKeys(of: text)) {
                    result.append(ProjectSpec(path: path, generator: .xcodegen))
                }
            case "project.json":
                if let keys = topLevelJSONKeys(of: path), XcodeGenKeys.isProject(keys) { result.append(ProjectSpec(path: path, generator: .xcodegen)) }
            case "Project.swift", "Workspace.swift":
                if let text = head(of: path), importsProjectDescription(text) { result.append(ProjectSpec(path: path, generator: .tuist)) }
            case "Tuist.swift":
                result.append(ProjectSpec(path: path, generator: .tuist))
            default: break
            }
        }
        if folderNames.contains("Tuist"), FileSystem.isRegularFile(folder + "/Tuist/Config.swift") || FileSystem.isDirectory(folder + "/Tuist/ProjectDescriptionHelpers") {
            result.append(ProjectSpec(path: folder + "/Tuist", generator: .tuist))
        }
        return result
    }

    /// Whether a line of `text` imports the ProjectDescription module itself, as every Tuist
    /// manifest does: a mention in a comment or of `ProjectDescriptionHelpers` alone is not one.
    static func importsProjectDescription(_ text: String) -> Bool {
        text.split(whereSeparator: \.isNewline).contains { line in
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let index = words.firstIndex(of: "import"), index + 1 < words.count else { return false }
            // Attributes only before it (`@preconcurrency import`), never a comment.
            return words[..<index].allSatisfy { $0.hasPrefix("@") } && words[index + 1] == "ProjectDescription"
        }
    }

    /// The keys of a JSON spec's top-level object; nil when it is not one. The whole file is
    /// read: a JSON spec cut short does not parse.
    private static func topLevelJSONKeys(of path: String) -> Set<String>? {
        guard let data = try? FileSystem.contents(of: path),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return Set(object.keys)
    }

    /// The first 64 KiB of a file as text; specs declare what they are near the top.
    private static func head(of path: String) -> String? {
        guard let data = try? FileSystem.contents(of: path) else { return nil }
        return String(decoding: data.prefix(65_536), as: UTF8.self)
    }
}
