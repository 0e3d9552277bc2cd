import Dispatch
import Foundation

/// The one way Bulkhead runs another program: an argument array (never a shell string), standard
/// output and standard error drained concurrently so neither pipe can fill and stall the child,
/// then the exit status.
package enum ProcessRunner {
    package struct Output: Sendable {
        package var status: Int32
        package var standardOutput: Data
        package var standardError: Data

        package var standardErrorText: String { String(decoding: standardError, as: UTF8.self) }
    }

    /// Runs `command[0]` (looked up on PATH unless it contains a slash) with the remaining
    /// arguments, standard input read from `inputFile` (or empty). Throws only when the program
    /// cannot be started; a non-zero exit is returned.
    package static func run(
        _ command: [String],
        in directory: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        inputFile: String? = nil
    ) throws(InputError) -> Output {
        precondition(!command.isEmpty, "a command needs at least the program")
        let executable = try locate(command[0], environment: environment)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Array(command.dropFirst())
        process.environment = environment
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let outputPipe = Pipe()
        let errorPipe = Pipe()
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        if let inputFile {
            guard let input = FileHandle(forReadingAtPath: inputFile) else {
                throw .unreadablePath(path: inputFile, reason: "cannot be opened for reading")
            }
            process.standardInput = input
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        do {
            try process.run()
        } catch {
            throw .launchFailed(command: command, reason: error.localizedDescription)
        }
        // Standard error on a thread of its own, standard output here: a thread per reader, never
        // a pool that many concurrent runs could exhaust while their children block on a full pipe.
        let drained = DrainedPipes()
        let errorRead = DispatchSemaphore(value: 0)
        Thread {
            drained.setError(errorPipe.fileHandleForReading.readDataToEndOfFile())
            errorRead.signal()
        }.start()
        let output = outputPipe.fileHandleForReading.readDataToEndOfFile()
        errorRead.wait()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, standardOutput: output, standardError: drained.error)
    }

    /// The absolute path of `name`: itself when it holds a slash, else the first executable match
    /// on PATH.
    package static func locate(_ name: String, environment: [String: String]) throws(InputError) -> String {
        if name.contains("/") {
            guard FileManager.default.isExecutableFile(atPath: name), FileSystem.isRegularFile(name) else {
                throw .executableNotFound(name: name, searchPath: "given as a path")
            }
            return name
        }
        let searchPath = environment["PATH"] ?? ""
        for directory in searchPath.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) && FileSystem.isRegularFile(candidate) { return candidate }
        }
        throw .executableNotFound(name: name, searchPath: searchPath)
    }
}

/// Standard error's contents, written once by its reader thread before the semaphore is signalled.
private final class DrainedPipes: @unchecked Sendable {
    private let lock = NSLock()
    private var storedError = Data()

    var error: Data { lock.withLock { storedError } }

    func setError(_ data: Data) { lock.withLock { storedError = data } }
}
