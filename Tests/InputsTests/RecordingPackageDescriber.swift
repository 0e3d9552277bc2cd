import Foundation
@testable import PackageLoading
@testable import FileAccess

/// Asks another describer (the real toolchain) and writes each answer, or each failure about the
/// package, where `RecordedPackageDescriber` will read it (see `ToolchainRecording`). Test
/// support: it records the fixtures' toolchain output, and Bulkhead itself never records.
struct RecordingPackageDescriber: PackageDescriber {
    var recorded: any PackageDescriber
    var root: String
    var recordings: String

    init(recording recorded: any PackageDescriber = SwiftPackageTool(), root: String, recordings: String? = nil) {
        self.recorded = recorded
        self.root = root
        self.recordings = recordings ?? root + "/" + ToolchainRecording.folderName
    }

    func describe(packageAt folder: String) throws(InputError) -> Data {
        try record(.describe, about: folder) { () throws(InputError) in try recorded.describe(packageAt: folder) }
    }

    func dumpPackage(packageAt folder: String) throws(InputError) -> Data {
        try record(.dumpPackage, about: folder) { () throws(InputError) in try recorded.dumpPackage(packageAt: folder) }
    }

    func checkAvailable() throws(InputError) {
        try recorded.checkAvailable()
    }

    private func record(_ question: ToolchainRecording.Question, about folder: String, _ ask: () throws(InputError) -> Data) throws(InputError) -> Data {
        let answerFile = ToolchainRecording.file(for: question, about: folder, root: root, recordings: recordings, failed: false)
        let failureFile = ToolchainRecording.file(for: question, about: folder, root: root, recordings: recordings, failed: true)
        do throws(InputError) {
            let data = try ask()
            let text = ToolchainRecording.jsonForms(of: root).reduce(String(decoding: data, as: UTF8.self)) {
                $0.replacingOccurrences(of: $1, with: ToolchainRecording.rootPlaceholder)
            }
            try write(Data(text.utf8), to: answerFile, replacing: failureFile)
            return data
        } catch {
            if let failure = RecordedFailure(error, replacing: root) {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                do {
                    try write(try encoder.encode(failure), to: failureFile, replacing: answerFile)
                } catch let writeError as InputError {
                    throw writeError
                } catch {
                    throw .unwritable(path: failureFile, failure: .system("could not encode the failure (\(error))"))
                }
            }
            throw error
        }
    }

    /// Writes one form of the answer and removes the other, so a package never has both.
    private func write(_ data: Data, to file: String, replacing other: String) throws(InputError) {
        let folder = (file as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .unwritable(path: folder, failure: .system(error.localizedDescription))
        }
        try FileSystem.write(data, to: file)
        try? FileManager.default.removeItem(atPath: other)
    }
}
