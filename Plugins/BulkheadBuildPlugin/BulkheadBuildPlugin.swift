import Foundation
import PackagePlugin

/// Runs `bulkhead check` before a target builds, so `swift build` (or Xcode's build) fails on an
/// architecture violation. The check covers the whole package whichever target applies it, so one
/// target is enough (each one that applies it checks again):
/// `.target(name: "App", plugins: [.plugin(name: "BulkheadBuildPlugin", package: "Bulkhead")])`.
///
/// Which command depends on where the `bulkhead` tool comes from, because SwiftPM allows a
/// prebuild command only for a binary tool:
/// - from an artifact bundle (`bulkhead.artifactbundle` through `.binaryTarget`), a *prebuild*
///   command: it runs before every build, so a violation anywhere in the package (another
///   target's import, the manifest, bulkhead.json) fails the next build, and SwiftPM stops with
///   "failed: …" and Bulkhead's findings;
/// - built from source (a dependency on the Bulkhead package), a *build* command whose inputs are
///   every file Bulkhead reads for the check (all targets' sources, the manifests, bulkhead.json,
///   the baseline), so it runs again when one changes. Its output is one empty Swift file compiled
///   into the target: SwiftPM runs a build command only when the build needs its outputs.
/// Either way a non-zero exit of Bulkhead fails the build; the findings are printed in Xcode's
/// format, which both SwiftPM and Xcode show as errors at their lines.
@main
struct BulkheadBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let package = context.package
        let reads = package.targets.flatMap { target in
            (target as? SourceModuleTarget)?.sourceFiles.map(\.url) ?? []
        }
        let configuration = BulkheadInvocation.configurationFiles(in: package.directoryURL)
        return try BulkheadInvocation(
            tool: try context.tool(named: "bulkhead").url,
            checkedFolder: package.directoryURL,
            workDirectory: context.pluginWorkDirectoryURL,
            targetName: target.name
        ).commands(inputs: reads + configuration)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same check for a target of an Xcode project: Bulkhead reads the project's folder (and
/// finds its root upward from there, as on the command line).
extension BulkheadBuildPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let project = context.xcodeProject.directoryURL
        return try BulkheadInvocation(
            tool: try context.tool(named: "bulkhead").url,
            checkedFolder: project,
            workDirectory: context.pluginWorkDirectoryURL,
            targetName: target.displayName
        ).commands(inputs: target.inputFiles.map(\.url) + BulkheadInvocation.configurationFiles(in: project))
    }
}
#endif

/// One `bulkhead check` of a folder, as the build command or prebuild command that runs it.
struct BulkheadInvocation {
    var tool: URL
    var checkedFolder: URL
    var workDirectory: URL
    var targetName: String

    /// Files that change the check's outcome besides sources: present ones only, since a build
    /// command's missing input would rerun it every time.
    static func configurationFiles(in folder: URL) -> [URL] {
        ["Package.swift", "Package.resolved", "bulkhead.json", "bulkhead-baseline.json"]
            .map { folder.appendingPathComponent($0) }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// Whether the tool is the binary of an artifact bundle (local or downloaded, SwiftPM keeps the
    /// `.artifactbundle` folder in its path) rather than an executable built from source.
    var toolIsBinary: Bool {
        tool.pathComponents.contains { $0.hasSuffix(".artifactbundle") }
    }

    /// PATH so Bulkhead finds `swift` (SwiftPM hands a command only the environment given here),
    /// and a cache inside the plugin's work folder, the one place a sandboxed command may write.
    var environment: [String: String] {
        var environment = ["BULKHEAD_CACHE_DIR": workDirectory.appendingPathComponent("cache").path]
        for name in ["PATH", "HOME", "BULKHEAD_SWIFT_EXEC", "DEVELOPER_DIR", "TMPDIR"] {
            if let value = ProcessInfo.processInfo.environment[name] { environment[name] = value }
        }
        return environment
    }

    var arguments: [String] {
        ["check", "--package-path", checkedFolder.path, "--format", "xcode", "--quiet"]
    }

    func commands(inputs: [URL]) throws -> [Command] {
        let displayName = "Bulkhead: checking the architecture before \(targetName)"
        if toolIsBinary {
            let outputs = workDirectory.appendingPathComponent("prebuild")
            try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
            return [.prebuildCommand(displayName: displayName, executable: tool, arguments: arguments,
                                     environment: environment, outputFilesDirectory: outputs)]
        }
        // A shell joins the check and the marker file: the marker is written only when the check
        // passed, so a failed check leaves the output missing and the next build runs it again.
        let marker = workDirectory.appendingPathComponent("BulkheadChecked.swift")
        let script = "\"$0\" \"$@\" && printf '// bulkhead check passed\\n' > \"$BULKHEAD_MARKER\""
        var environment = environment
        environment["BULKHEAD_MARKER"] = marker.path
        return [.buildCommand(displayName: displayName, executable: URL(fileURLWithPath: "/bin/sh"),
                              arguments: ["-c", script, tool.path] + arguments,
                              environment: environment, inputFiles: [tool] + inputs, outputFiles: [marker])]
    }
}
