/// A failure of Bulkhead to obtain its inputs. Each case carries what a person needs to fix it:
/// the command, the path, and what went wrong.
package enum InputError: Error, Sendable, Equatable {
    case executableNotFound(name: String, searchPath: String)
    case launchFailed(command: [String], reason: String)
    case commandFailed(command: [String], status: Int32, standardError: String)
    /// The program was ended by a signal (a crash, or a kill from outside), not by its own exit.
    case commandKilled(command: [String], signal: Int32, standardError: String)
    /// The program ran past its time limit; it and every process it started were killed.
    case timedOut(command: [String], seconds: Double)
    /// A recorded describer was asked about a package it holds no recording for.
    case missingRecording(file: String, howToRecord: String)
    case noPackageManifest(directory: String)
    /// Nothing to load but a project generator's spec whose project is not generated; the
    /// message names the spec and the command that generates it.
    case projectNotGenerated(message: String)
    case manifestDoesNotCompile(manifest: String, compilerOutput: [String])
    /// The manifest compiled, but stopped with a fatal error (`fatalError`, a failed `precondition`) when run.
    case manifestStopped(manifest: String, message: String)
    /// SwiftPM read the manifest and refuses the package it declares: a dependency cycle, a
    /// target outside the package. A build would fail the same way.
    case packageRefused(manifest: String, reason: String)
    case unreadableManifest(manifest: String, command: String, reason: String)
    case unreadablePath(path: String, reason: String)
    /// Writing `path` (absolute) failed, or was refused before anything was written.
    case unwritable(path: String, failure: WriteFailure)
    /// An Xcode project below the root could not be read.
    case xcodeProject(XcodeProjectError)

    /// One paragraph for a person: what happened, where, and what to do next.
    package var message: String {
        switch self {
        case .executableNotFound(let name, let searchPath):
            return "could not find '\(name)' on PATH (\(searchPath.isEmpty ? "PATH is empty" : searchPath)); install the Swift toolchain, or name the swift executable with --swift-executable or BULKHEAD_SWIFT_EXEC"
        case .launchFailed(let command, let reason):
            return "could not start `\(Self.render(command))`: \(reason)"
        case .commandFailed(let command, let status, let standardError):
            let detail = Self.lastLines(of: standardError)
            return "`\(Self.render(command))` exited with status \(status)" + (detail.isEmpty ? "" : ":\n\(detail)")
        case .commandKilled(let command, let signal, let standardError):
            let detail = Self.lastLines(of: standardError)
            return "`\(Self.render(command))` was killed by signal \(signal) (\(ProcessTermination.name(ofSignal: signal)))" + (detail.isEmpty ? "" : ":\n\(detail)")
        case .timedOut(let command, let seconds):
            return "`\(Self.render(command))` did not finish within \(Self.render(seconds: seconds)) and was stopped, with every process it started; if it needs longer (a cold toolchain on a large package can), raise --timeout"
        case .missingRecording(let file, let howToRecord):
            return "no recorded toolchain answer at '\(file)'; record it with \(howToRecord)"
        case .noPackageManifest(let directory):
            return "no Package.swift or .xcodeproj in '\(directory)' or any folder below it; pass --package-path with the folder that holds the package manifest or the repository"
        case .projectNotGenerated(let message):
            return message
        case .manifestStopped(let manifest, let message):
            return "the manifest \(manifest) stopped with a fatal error when SwiftPM ran it (\(message)); fix it and run again"
        case .packageRefused(let manifest, let reason):
            return "SwiftPM refuses the package of \(manifest): \(reason); a build would fail the same way, so fix the manifest and run again"
        case .manifestDoesNotCompile(let manifest, let compilerOutput):
            return "the manifest \(manifest) does not compile; fix it and run again:\n" + compilerOutput.joined(separator: "\n")
        case .unreadableManifest(let manifest, let command, let reason):
            return "could not read what `swift package \(command)` said about \(manifest): \(reason)"
        case .unreadablePath(let path, let reason):
            return "could not read '\(path)': \(reason)"
        case .unwritable(let path, let failure):
            return "cannot write '\(path)': \(failure.reason())"
        case .xcodeProject(let error):
            return error.message
        }
    }

    /// The end of a program's standard error, where its reason usually is.
    private static func lastLines(of standardError: String) -> String {
        standardError.split(whereSeparator: \.isNewline).suffix(20).joined(separator: "\n")
    }

    /// "300 seconds", "1 second", "0.5 seconds".
    private static func render(seconds: Double) -> String {
        let number = seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
        return number + (seconds == 1 ? " second" : " seconds")
    }

    private static func render(_ command: [String]) -> String {
        command.map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " ")
    }
}
