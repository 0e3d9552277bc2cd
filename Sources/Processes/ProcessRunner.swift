import Dispatch
import FileAccess
import Foundation
import Synchronization

/// The one way Bulkhead runs another program: an argument array (never a shell string), in a
/// process group of its own, standard output and standard error drained concurrently so neither
/// pipe can fill and stall the child, under a timeout, then the exit status or the signal.
///
/// Nothing a child starts outlives it: what it leaves in its group is killed when it exits, and a
/// timeout or an interruption (`Interruption`) kills its whole tree (`ProcessTree`).
package enum ProcessRunner {
    /// Long enough for a cold `swift package describe` of a large package on a slow machine;
    /// short enough that a manifest stuck in a loop does not hang CI for hours.
    package static let defaultTimeout: Duration = .seconds(300)

    /// How long a child has after SIGTERM to end its group before SIGKILL.
    package static let terminationGracePeriod: Duration = .seconds(2)

    package struct Output: Sendable {
        package var termination: ProcessTermination
        package var standardOutput: Data
        package var standardError: Data

        package init(termination: ProcessTermination, standardOutput: Data, standardError: Data) {
            self.termination = termination
            self.standardOutput = standardOutput
            self.standardError = standardError
        }

        /// The exit status, or 128 + the signal for a child a signal killed (as a shell shows it).
        package var status: Int32 { termination.shellStatus }

        package var standardErrorText: String { String(decoding: standardError, as: UTF8.self) }

        /// The error for this run of `command` when it did not succeed: an exit status, or the
        /// signal that killed it.
        package func failure(of command: [String]) -> InputError {
            switch termination {
            case .exited(let status): .commandFailed(command: command, status: status, standardError: standardErrorText)
            case .signalled(let signal): .commandKilled(command: command, signal: signal, standardError: standardErrorText)
            }
        }
    }

    /// Runs `command[0]` (looked up on PATH unless it contains a slash) with the remaining
    /// arguments, standard input read from `inputFile` (or /dev/null). Throws when the program
    /// cannot be started or outlives `timeout` (then its whole group is killed); a non-zero exit
    /// or a death by signal is returned.
    package static func run(
        _ command: [String],
        in directory: String? = nil,
        environment: [String: String] = ProcessEnvironment.variables,
        inputFile: String? = nil,
        timeout: Duration = defaultTimeout
    ) throws(InputError) -> Output {
        precondition(!command.isEmpty, "a command needs at least the program")
        let executable = try locate(command[0], environment: environment)
        let registry = ChildProcessRegistry.shared
        let child = try SpawnedProcess.launch(
            executable: executable, arguments: command, directory: directory, environment: environment,
            inputFile: inputFile, registry: registry)

        // A thread per pipe and one waiting for the exit, never a pool that many concurrent runs
        // could exhaust while their children block on a full pipe.
        let drained = DrainedPipes()
        let pipesClosed = DispatchGroup()
        for (descriptor, isError) in [(child.standardOutput, false), (child.standardError, true)] {
            pipesClosed.enter()
            Thread {
                readToEnd(descriptor) { drained.append($0, isError: isError) }
                close(descriptor)
                pipesClosed.leave()
            }.start()
        }
        let exited = DispatchSemaphore(value: 0)
        let pid = child.pid
        Thread {
            SpawnedProcess.waitForExit(of: pid)
            exited.signal()
        }.start()

        let deadline = DispatchTime.now() + interval(timeout)
        var timedOut = false
        if exited.wait(timeout: deadline) == .timedOut {
            timedOut = true
            // Frozen first, so that what the child started is known even if the child dies of
            // the SIGTERM before its children do (they would leave its tree).
            let members = ProcessTree.freeze(rootedAt: pid)
            ProcessTree.terminate(members, rootedAt: pid)
            let endedInGrace = exited.wait(timeout: .now() + interval(terminationGracePeriod)) == .success
            // Killed even when the child ended: what it started may not have.
            ProcessTree.kill(rootedAt: pid, alsoKilling: members)
            if !endedInGrace { exited.wait() }
        }
        let termination = child.finish(registry: registry)
        if timedOut { throw .timedOut(command: command, seconds: seconds(timeout)) }
        // The child is gone, so the pipes close unless something that left its tree (a daemon
        // it started with `setsid`) still holds them: the child's answer is what was read by
        // then, and the straggler is not waited for.
        _ = pipesClosed.wait(timeout: .now() + interval(stragglerGracePeriod))
        return Output(termination: termination, standardOutput: drained.output, standardError: drained.error)
    }

    /// The absolute path of `name`: itself when it holds a slash, else the first executable match
    /// on PATH.
    package static func locate(_ name: String, environment: [String: String]) throws(InputError) -> String {
        if name.contains("/") {
            // Absolute now: the child may start in another folder, where a relative path would
            // name another program.
            let path = FileSystem.absolutePath(name)
            guard FileManager.default.isExecutableFile(atPath: path), FileSystem.isRegularFile(path) else {
                throw .executableNotFound(name: name, searchPath: "given as a path")
            }
            return path
        }
        let searchPath = environment["PATH"] ?? ""
        for directory in searchPath.split(separator: ":") where !directory.isEmpty {
            let candidate = FileSystem.absolutePath("\(directory)/\(name)")
            if FileManager.default.isExecutableFile(atPath: candidate) && FileSystem.isRegularFile(candidate) { return candidate }
        }
        throw .executableNotFound(name: name, searchPath: searchPath)
    }

    /// How long the pipes may stay open after the child exited before its output is taken as read.
    static let stragglerGracePeriod: Duration = .seconds(2)

    /// Reads until end of file, handing each chunk over as it arrives, so that what was read is
    /// there even when the end never comes.
    private static func readToEnd(_ descriptor: Int32, chunk: (Data) -> Void) {
        let size = 65_536
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 1)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer, size)
            if count > 0 {
                chunk(Data(bytes: buffer, count: count))
            } else if count == 0 || errno != EINTR {
                return
            }
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// A Dispatch interval for `duration`, clamped so that a huge timeout cannot overflow.
    private static func interval(_ duration: Duration) -> DispatchTimeInterval {
        let (seconds, attoseconds) = duration.components
        guard seconds < 1_000_000_000 else { return .seconds(1_000_000_000) }
        return .nanoseconds(Int(max(0, seconds)) * 1_000_000_000 + Int(max(0, attoseconds) / 1_000_000_000))
    }
}

/// Both pipes' contents so far, appended to by their reader threads.
private final class DrainedPipes: Sendable {
    private let stored = Mutex<(output: Data, error: Data)>((Data(), Data()))

    var output: Data { stored.withLock { $0.output } }
    var error: Data { stored.withLock { $0.error } }

    func append(_ data: Data, isError: Bool) {
        stored.withLock {
            if isError { $0.error.append(data) } else { $0.output.append(data) }
        }
    }
}
