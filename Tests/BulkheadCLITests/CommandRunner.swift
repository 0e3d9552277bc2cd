import Foundation
import PackageLoading
import TestSupport
@testable import BulkheadCLI

/// Runs a command in-process with captured output, the way tests of the command layer do.
struct CommandRun {
    var status: ExitStatus
    var standardOutput: String
    var standardError: String

    static func run(_ arguments: [String], in directory: String = FileManager.default.currentDirectoryPath,
                    environment: [String: String] = ProcessInfo.processInfo.environment,
                    terminal: Bool = false, packageDescriber: (any PackageDescriber)? = nil) -> CommandRun {
        let output = CapturedOutput(isTerminal: terminal)
        let error = CapturedOutput()
        // Never the user's real cache.
        let context = CommandContext(standardOutput: output, standardError: error, environment: TestCache.isolated(environment), currentDirectory: directory,
                                     packageDescriber: packageDescriber)
        let status = BulkheadCLI.run(arguments, context: context)
        return CommandRun(status: status, standardOutput: output.text, standardError: error.text)
    }
}

/// A temporary folder removed when the test ends.
final class TemporaryFolder {
    let path: String

    init() {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-test-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    @discardableResult
    func write(_ relative: String, _ text: String) -> String {
        write(relative, bytes: Array(text.utf8))
    }

    @discardableResult
    func write(_ relative: String, bytes: [UInt8]) -> String {
        let full = path + "/" + relative
        try? FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: full, contents: Data(bytes))
        return full
    }
}
