/// A failure of Bulkhead to obtain its inputs. Each case carries what a person needs to fix it:
/// the command, the path, and what went wrong.
package enum InputError: Error, Sendable, Equatable {
    case executableNotFound(name: String, searchPath: String)
    case launchFailed(command: [String], reason: String)
    case commandFailed(command: [String], status: Int32, standardError: String)
    case noPackageManifest(directory: String)
    case manifestDoesNotCompile(manifest: String, compilerOutput: [String])
    case unreadableManifest(manifest: String, command: String, reason: String)
    case unreadablePath(path: String, reason: String)
    /// Writing `path` (absolute) failed, or was refused before anything was written.
    case unwritable(path: String, failure: WriteFailure)

    /// One paragraph for a person: what happened, where, and what to do next.
    package var message: String {
        switch self {
        case .executableNotFound(let name, let searchPath):
            return "could not find '\(name)' on PATH (\(searchPath.isEmpty ? "PATH is empty" : searchPath)); install the Swift toolchain, or name the swift executable with --swift-executable or BULKHEAD_SWIFT_EXEC"
        case .launchFailed(let command, let reason):
            return "could not start `\(Self.render(command))`: \(reason)"
        case .commandFailed(let command, let status, let standardError):
            let detail = standardError.split(whereSeparator: \.isNewline).suffix(20).joined(separator: "\n")
            return "`\(Self.render(command))` exited with status \(status)" + (detail.isEmpty ? "" : ":\n\(detail)")
        case .noPackageManifest(let directory):
            return "no Package.swift in '\(directory)' or any folder below it; pass --package-path with the folder that holds the package manifest or the repository"
        case .manifestDoesNotCompile(let manifest, let compilerOutput):
            return "the manifest \(manifest) does not compile; fix it and run again:\n" + compilerOutput.joined(separator: "\n")
        case .unreadableManifest(let manifest, let command, let reason):
            return "could not read what `swift package \(command)` said about \(manifest): \(reason)"
        case .unreadablePath(let path, let reason):
            return "could not read '\(path)': \(reason)"
        case .unwritable(let path, let failure):
            return "cannot write '\(path)': \(failure.reason())"
        }
    }

    private static func render(_ command: [String]) -> String {
        command.map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " ")
    }
}
