import BulkheadCLI
import Foundation

let status = BulkheadCLI.run(
    Array(CommandLine.arguments.dropFirst()),
    context: CommandContext(
        standardOutput: FileDescriptorStream.standardOutput(),
        standardError: FileDescriptorStream.standardError(),
        environment: ProcessInfo.processInfo.environment,
        currentDirectory: FileManager.default.currentDirectoryPath))
exit(status.rawValue)
