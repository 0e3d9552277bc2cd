import FileAccess
import Foundation
import PackageLoading
import Processes

/// What a command may touch besides its arguments: its output streams, the environment and the
/// working directory. Tests build one with captured streams and run commands in-process.
package struct CommandContext {
    package var standardOutput: any OutputStream
    package var standardError: any OutputStream
    package var environment: [String: String]
    package var currentDirectory: String
    /// Reads all of standard input, for commands that take `-` as a file.
    package var readStandardInput: @Sendable () -> Data
    /// Answers the toolchain's questions about packages instead of the toolchain: tests run
    /// commands in-process over recorded output. Nil asks the real `swift package`.
    package var packageDescriber: (any PackageDescriber)?
    /// Whether the process ends when the command returns, so what it loaded need not be freed
    /// (`ProcessLifetime`). Only the executable's own context says so: tests run many commands in
    /// one process.
    package var endsWithCommand = false
    /// How `check --fix` replaces the files under a root: tests stage races through its hooks
    /// and shorten its wait for another run's lock.
    package var fixReplacement: (_ root: String) -> GuardedReplacement = { GuardedReplacement(root: $0) }

    package init(
        standardOutput: any OutputStream,
        standardError: any OutputStream,
        environment: [String: String],
        currentDirectory: String,
        readStandardInput: @escaping @Sendable () -> Data = FileSystem.readStandardInput,
        packageDescriber: (any PackageDescriber)? = nil
    ) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.environment = environment
        self.currentDirectory = currentDirectory
        self.readStandardInput = readStandardInput
        self.packageDescriber = packageDescriber
    }

    /// The context of this process: its standard streams, environment and working folder.
    package static func ofThisProcess() -> CommandContext {
        var context = CommandContext(
            standardOutput: FileDescriptorStream.standardOutput(),
            standardError: FileDescriptorStream.standardError(),
            environment: ProcessEnvironment.variables,
            currentDirectory: FileSystem.currentDirectory)
        context.endsWithCommand = true
        return context
    }

    /// Keeps `value` alive until the process ends when it ends with this command: a loaded
    /// workspace of thousands of files took longer to free, object by object, than its report
    /// took to write, and the operating system takes the memory back at once.
    package func keepUntilExit<Value>(_ value: Value) {
        guard endsWithCommand else { return }
        _ = Unmanaged.passRetained(ProcessLifetimeBox(value))
    }

    /// Whether to colour output written to `stream`: `--color` wins, then `NO_COLOR` (any value)
    /// turns colour off, then colour only on a terminal.
    package func usesColor(_ stream: any OutputStream, choice: ColorChoice) -> Bool {
        switch choice {
        case .always: true
        case .never: false
        case .auto: environment["NO_COLOR"] == nil && stream.isTerminal && environment["TERM"] != "dumb"
        }
    }
}

package enum ColorChoice: String, CaseIterable, Sendable {
    case auto, always, never
}

/// What `keepUntilExit` holds on to, never released.
private final class ProcessLifetimeBox<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
}
