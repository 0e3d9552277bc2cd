import Caches
import FileAccess
import Formats
import Foundation
import Processes

/// Runs `swift package` subcommands for Bulkhead: `describe` and `dump-package`, each in a folder
/// of its own inside the run's temporary folder, used as its scratch path (so several can run on
/// the same package at once, since SwiftPM locks its `.build` folder, and nothing is written into
/// the user's package) and as its `TMPDIR` (so SwiftPM's lock files and temporary folders do not
/// pile up in the user's) — unless `lastingTemporaryFolder` is set.
package struct SwiftPackageTool: PackageDescriber {
    package var executable: String
    /// How long one `swift package` call may run before it and everything it started is killed.
    package var timeout: Duration
    /// Where each call is recorded with its time, for `--verbose`; nil records nothing.
    package var log: ProcessLog?
    /// A folder that stays from run to run (in Bulkhead's cache folder) for each package's
    /// `TMPDIR` (`PackageTemporaryFolder`), so SwiftPM's manifest cache hits; nil: a `TMPDIR`
    /// per call inside the run's temporary folder (`--no-cache`).
    package var lastingTemporaryFolder: String?

    package init(executable: String = "swift", timeout: Duration = ProcessRunner.defaultTimeout) {
        self.executable = executable
        self.timeout = timeout
    }

    /// `--swift-executable` wins, then `BULKHEAD_SWIFT_EXEC`, then `swift` on PATH.
    package static func resolve(option: String?, environment: [String: String], timeout: Duration = ProcessRunner.defaultTimeout) -> SwiftPackageTool {
        if let option, !option.isEmpty { return SwiftPackageTool(executable: option, timeout: timeout) }
        if let variable = environment["BULKHEAD_SWIFT_EXEC"], !variable.isEmpty { return SwiftPackageTool(executable: variable, timeout: timeout) }
        return SwiftPackageTool(timeout: timeout)
    }

    package enum Subcommand: Sendable, CaseIterable {
        case describe, dumpPackage

        var arguments: [String] {
            switch self {
            case .describe: ["describe", "--type", "json"]
            case .dumpPackage: ["dump-package"]
            }
        }
    }

    package func describe(packageAt folder: String) throws(InputError) -> Data {
        try run(.describe, packageAt: folder)
    }

    package func dumpPackage(packageAt folder: String) throws(InputError) -> Data {
        try run(.dumpPackage, packageAt: folder)
    }

    package func checkAvailable() throws(InputError) {
        _ = try ProcessRunner.locate(executable, environment: ProcessEnvironment.variables)
    }

    /// The executable as the kernel sees it — its real path, size, modification time and inode,
    /// so installing another toolchain over it changes the identity — and the variables that
    /// choose a toolchain or SDK behind it.
    package func toolchainIdentity() -> String {
        let environment = ProcessEnvironment.variables
        guard let located = try? ProcessRunner.locate(executable, environment: environment) else { return "missing \(executable)" }
        let real = FileSystem.realPath(located)
        var identity = real
        // One `stat`: Foundation's attributes also look up the owner's name, which a statically
        // linked glibc can only do by loading the system's own name-service libraries.
        if let stamp = FileStamp(path: real) {
            identity += " size=\(stamp.size) mtime=\(stamp.modified) inode=\(stamp.inode)"
        }
        for name in ["DEVELOPER_DIR", "TOOLCHAINS", "SDKROOT", "SWIFTLY_TOOLCHAIN"] {
            if let value = environment[name] { identity += " \(name)=\(value)" }
        }
        return identity
    }

    /// `swift --version` of this executable, once per toolchain identity (`ToolchainVersion`).
    package func toolchainVersion(cacheFolder: String?) -> [Int]? {
        ToolchainVersion.probe(executable: executable, identity: toolchainIdentity(), cacheFolder: cacheFolder)
    }

    /// Runs one subcommand on the package at `root` (absolute) and returns its standard output.
    package func run(_ subcommand: Subcommand, packageAt root: String) throws(InputError) -> Data {
        let workspace = try RunTemporaryFolder.shared.makeSubfolder(prefix: "swift-package")
        defer { RunTemporaryFolder.shared.removeSubfolder(workspace) }
        // A cache folder that cannot be written (a sandbox, a read-only home, a file in the way, a
        // full disk) costs SwiftPM's manifest cache its hits, not the run its result: a TMPDIR of
        // the call's own instead. Making the folder proves most of that; a call that still fails
        // on a path inside it (the disk filled up meanwhile) is asked again with the call's own.
        //
        // A manifest Bulkhead never caches (it may read what no key covers, `ManifestInputs`) must
        // not be answered from SwiftPM's manifest cache either, which the lasting TMPDIR makes hit:
        // it gets a TMPDIR of its own, as with `--no-cache`.
        let lastingFolder = lastingTemporaryFolder.flatMap { ManifestInputs.areCacheable(packageAt: root) ? $0 : nil }
        if let lasting = lastingFolder.flatMap({ try? PackageTemporaryFolder(for: root, in: $0) }) {
            let output: ProcessRunner.Output
            do throws(InputError) {
                output = try call(subcommand, packageAt: root, workspace: workspace, temporary: lasting.path)
            } catch {
                lasting.release()
                throw error
            }
            lasting.release()
            if output.termination == .exited(status: 0) { return output.standardOutput }
            if !output.standardErrorText.contains(lasting.path) {
                throw Self.failure(command: shownCommand(subcommand, root), root: root, output: output)
            }
        }
        let temporary = workspace + "/tmp"
        do {
            try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: false)
        } catch {
            throw .unwritable(path: temporary, failure: .system(error.localizedDescription))
        }
        let output = try call(subcommand, packageAt: root, workspace: workspace, temporary: temporary)
        guard output.termination == .exited(status: 0) else {
            throw Self.failure(command: shownCommand(subcommand, root), root: root, output: output)
        }
        return output.standardOutput
    }

    /// The command as messages show it: without the scratch folder, which is new each run.
    private func shownCommand(_ subcommand: Subcommand, _ root: String) -> [String] {
        [executable, "package", "--package-path", root] + subcommand.arguments
    }

    /// One `swift package` call with `temporary` as its TMPDIR, however it ended.
    private func call(_ subcommand: Subcommand, packageAt root: String, workspace: String, temporary: String) throws(InputError) -> ProcessRunner.Output {
        let scratch = workspace + "/scratch"
        var environment = ProcessEnvironment.variables
        environment["TMPDIR"] = temporary
        let command = Self.packageCommand(executable: executable, environment: environment)
            + ["--package-path", root, "--scratch-path", scratch] + subcommand.arguments
        let shown = shownCommand(subcommand, root)
        do throws(InputError) {
            if let log {
                return try log.timed(shown) { () throws(InputError) in try ProcessRunner.run(command, environment: environment, timeout: timeout) }
            }
            return try ProcessRunner.run(command, environment: environment, timeout: timeout)
        } catch {
            if case .timedOut(_, let seconds) = error { throw .timedOut(command: shown, seconds: seconds) }
            throw error
        }
    }

    /// What starts `swift package`: `swift-package` itself when `executable` is the toolchain's
    /// driver run as `swift` (the driver would only find it beside its own real path and start
    /// it with the same arguments and environment, 20 ms of a 185 ms call); `executable package`
    /// for anything else — macOS's `xcrun` shim, a wrapper script, a driver without the tool
    /// beside it, or one that `SWIFT_ENABLE_EXPLICIT_MODULE` tells to add an argument. Messages
    /// and `--verbose` still show `swift package`, the call as the user would type it.
    static func packageCommand(executable: String, environment: [String: String]) -> [String] {
        let asGiven = [executable, "package"]
        guard environment["SWIFT_ENABLE_EXPLICIT_MODULE"] == nil,
              let located = try? ProcessRunner.locate(executable, environment: environment),
              PathArithmetic.lastComponent(located) == "swift" else { return asGiven }
        return SwiftDriver.tool("swift-package", besideDriverAt: located).map { [$0] } ?? asGiven
    }

    /// A manifest that does not compile is told apart from other failures, and keeps only the
    /// compiler's own lines (not SwiftPM's long "compiled with" preamble).
    static func failure(command: [String], root: String, output: ProcessRunner.Output) -> InputError {
        let lines = output.standardErrorText.split(whereSeparator: \.isNewline).map(String.init)
        if output.termination != .exited(status: 0) && lines.contains(where: { $0.contains("Invalid manifest") }) {
            // A manifest that compiled and then crashed: its own message, not a compiler's.
            if let fatal = lines.first(where: { $0.contains("Fatal error:") }), let range = fatal.range(of: "Fatal error:") {
                let message = fatal[range.upperBound...].trimmingBlanks()
                return .manifestStopped(manifest: root + "/Package.swift", message: message.isEmpty ? "fatalError" : message)
            }
            let compilerLines = lines.filter { !$0.contains("Invalid manifest") && !$0.hasPrefix("error: invalid manifests at") }
            return .manifestDoesNotCompile(manifest: root + "/Package.swift", compilerOutput: compilerLines)
        }
        return output.failure(of: command)
    }
}
