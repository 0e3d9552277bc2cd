import Foundation

/// Runs `swift package` subcommands for Bulkhead: `describe` and `dump-package`, each with a
/// scratch folder of its own so that several can run on the same package at once (SwiftPM locks
/// its `.build` folder otherwise) and nothing is written into the user's package.
package struct SwiftPackageTool: Sendable {
    package var executable: String

    package init(executable: String = "swift") {
        self.executable = executable
    }

    /// `--swift-executable` wins, then `BULKHEAD_SWIFT_EXEC`, then `swift` on PATH.
    package static func resolve(option: String?, environment: [String: String]) -> SwiftPackageTool {
        if let option, !option.isEmpty { return SwiftPackageTool(executable: option) }
        if let variable = environment["BULKHEAD_SWIFT_EXEC"], !variable.isEmpty { return SwiftPackageTool(executable: variable) }
        return SwiftPackageTool()
    }

    package enum Subcommand: Sendable {
        case describe, dumpPackage

        var arguments: [String] {
            switch self {
            case .describe: ["describe", "--type", "json"]
            case .dumpPackage: ["dump-package"]
            }
        }
    }

    /// Runs one subcommand on the package at `root` (absolute) and returns its standard output.
    package func run(_ subcommand: Subcommand, packageAt root: String) throws(InputError) -> Data {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-scratch-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let command = [executable, "package", "--package-path", root, "--scratch-path", scratch] + subcommand.arguments
        let output = try ProcessRunner.run(command)
        guard output.status == 0 else {
            // The scratch folder is new each run; messages show the command without it.
            let shown = [executable, "package", "--package-path", root] + subcommand.arguments
            throw Self.failure(command: shown, root: root, output: output)
        }
        return output.standardOutput
    }

    /// A manifest that does not compile is told apart from other failures, and keeps only the
    /// compiler's own lines (not SwiftPM's long "compiled with" preamble).
    private static func failure(command: [String], root: String, output: ProcessRunner.Output) -> InputError {
        let lines = output.standardErrorText.split(whereSeparator: \.isNewline).map(String.init)
        if lines.contains(where: { $0.contains("Invalid manifest") }) {
            let compilerLines = lines.filter { !$0.contains("Invalid manifest") && !$0.hasPrefix("error: invalid manifests at") }
            return .manifestDoesNotCompile(manifest: root + "/Package.swift", compilerOutput: compilerLines)
        }
        return .commandFailed(command: command, status: output.status, standardError: output.standardErrorText)
    }
}
