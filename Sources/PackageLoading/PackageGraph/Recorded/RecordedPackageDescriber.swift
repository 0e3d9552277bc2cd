import FileAccess
import Foundation

/// Answers the toolchain's questions from recordings committed beside a fixture (see
/// `ToolchainRecording`), so graph, rule and command logic can be tested in milliseconds without
/// launching `swift`. The drift test in `ToolchainRecordingTests` keeps the recordings honest.
package struct RecordedPackageDescriber: PackageDescriber {
    /// The folder the recordings describe, absolute; recorded paths below it are rebased onto it.
    package var root: String
    /// Where the recordings are: `root/.toolchain` unless given, so that a copy of a fixture
    /// (`root` elsewhere) can still be answered from the original's recordings.
    package var recordings: String

    package init(root: String, recordings: String? = nil) {
        self.root = root
        self.recordings = recordings ?? root + "/" + ToolchainRecording.folderName
    }

    package func describe(packageAt folder: String) throws(InputError) -> Data {
        try answer(.describe, about: folder)
    }

    package func dumpPackage(packageAt folder: String) throws(InputError) -> Data {
        try answer(.dumpPackage, about: folder)
    }

    private func answer(_ question: ToolchainRecording.Question, about folder: String) throws(InputError) -> Data {
        let file = ToolchainRecording.file(for: question, about: folder, root: root, recordings: recordings, failed: false)
        if let data = FileManager.default.contents(atPath: file) {
            let text = String(decoding: data, as: UTF8.self)
            return Data(text.replacingOccurrences(of: ToolchainRecording.rootPlaceholder, with: ToolchainRecording.jsonEscaped(root)).utf8)
        }
        let failureFile = ToolchainRecording.file(for: question, about: folder, root: root, recordings: recordings, failed: true)
        guard let data = FileManager.default.contents(atPath: failureFile) else {
            throw .missingRecording(file: file, howToRecord: ToolchainRecording.howToRecord)
        }
        let failure: RecordedFailure
        do {
            failure = try JSONDecoder().decode(RecordedFailure.self, from: data)
        } catch {
            throw .unreadablePath(path: failureFile, reason: "not a recorded failure (\(error)); record it again with \(ToolchainRecording.howToRecord)")
        }
        throw failure.error(for: question, about: folder, root: root)
    }
}
