import FileAccess
import Foundation

/// Where and how toolchain answers are recorded beside a fixture, shared by the reader
/// (`RecordedPackageDescriber`) and the writer (`RecordingPackageDescriber`, in the tests).
///
/// A fixture folder `root` keeps its recordings in `root/.toolchain` (hidden, so package discovery
/// and source scans pass over it), one folder per package named by the package's path below
/// `root` (the recordings folder itself for a package at `root`):
///
///     TravelApp/.toolchain/Modules/describe.json         what `describe --type json` printed
///     TravelApp/.toolchain/Modules/dump-package.json     what `dump-package` printed
///     MissingBinary/.toolchain/describe.failure.json     how `describe` failed, when it did
///
/// SwiftPM prints absolute paths; they are recorded with `root` replaced by `rootPlaceholder` and
/// the real root put back when read, so recordings work from any clone folder.
package enum ToolchainRecording {
    package static let folderName = ".toolchain"
    package static let rootPlaceholder = "<fixture-root>"
    package static let howToRecord = "`RECORD_TOOLCHAIN=1 swift test --filter ToolchainRecordingTests` (it runs the real toolchain on every fixture)"

    package enum Question: String, Sendable, CaseIterable {
        case describe
        case dumpPackage = "dump-package"
    }

    /// The file that holds the answer to `question` about `folder`, or its failure.
    static func file(for question: Question, about folder: String, root: String, recordings: String, failed: Bool) -> String {
        let relative = FileSystem.relativePath(folder, to: root)
        let directory = relative == "." ? recordings : recordings + "/" + relative
        return directory + "/" + question.rawValue + (failed ? ".failure.json" : ".json")
    }

    /// The forms `root` takes in SwiftPM's JSON output: as given and with links resolved (macOS
    /// prints `/private/tmp/…` for `/tmp/…`), escaped as JSON escapes them, longest first so one
    /// form never eats part of another.
    static func jsonForms(of root: String) -> [String] {
        Set([root, FileSystem.realPath(root)]).map(jsonEscaped).sorted { $0.count > $1.count }
    }

    /// `text` escaped as it appears inside a JSON string (SwiftPM leaves `/` unescaped).
    static func jsonEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}

/// A failure worth replaying: the ones the loader tells apart (a `describe` that fails falls back
/// to the manifest's default layout, with a warning naming the reason).
struct RecordedFailure: Codable, Sendable {
    enum Kind: String, Codable, Sendable {
        case commandFailed, commandKilled, manifestDoesNotCompile
    }

    var version = 1
    var kind: Kind
    var status: Int32?
    var standardError: String?
    var compilerOutput: [String]?

    /// Nil for failures that are about the machine, not the package (no toolchain, a timeout):
    /// recording those would make the recording lie.
    init?(_ error: InputError, replacing root: String) {
        let forms = Set([root, FileSystem.realPath(root)]).sorted { $0.count > $1.count }
        func placeheld(_ text: String) -> String {
            forms.reduce(text) { $0.replacingOccurrences(of: $1, with: ToolchainRecording.rootPlaceholder) }
        }
        switch error {
        case .commandFailed(_, let status, let standardError):
            self.kind = .commandFailed
            self.status = status
            self.standardError = placeheld(standardError)
        case .commandKilled(_, let signal, let standardError):
            self.kind = .commandKilled
            self.status = signal
            self.standardError = placeheld(standardError)
        case .manifestDoesNotCompile(_, let compilerOutput):
            self.kind = .manifestDoesNotCompile
            self.compilerOutput = compilerOutput.map(placeheld)
        default:
            return nil
        }
    }

    /// The error the real tool threw, with the real root put back.
    func error(for question: ToolchainRecording.Question, about folder: String, root: String) -> InputError {
        func restored(_ text: String) -> String { text.replacingOccurrences(of: ToolchainRecording.rootPlaceholder, with: root) }
        let command = ["swift", "package", "--package-path", folder] + (question == .describe ? ["describe", "--type", "json"] : ["dump-package"])
        switch kind {
        case .commandFailed:
            return .commandFailed(command: command, status: status ?? 1, standardError: restored(standardError ?? ""))
        case .commandKilled:
            return .commandKilled(command: command, signal: status ?? 0, standardError: restored(standardError ?? ""))
        case .manifestDoesNotCompile:
            return .manifestDoesNotCompile(manifest: folder + "/Package.swift", compilerOutput: (compilerOutput ?? []).map(restored))
        }
    }
}
