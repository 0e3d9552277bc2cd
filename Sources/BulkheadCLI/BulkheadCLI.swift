import Diagnostics
import Engine
import Foundation
import PackageLoading
import Reporting
import Rules

/// The command-line interface: parses the arguments, runs one command, and returns how it ended.
/// Nothing here exits the process; the executable does that with the returned status.
package enum BulkheadCLI {
    package static let version = "0.1.0"

    static let commands: [CommandEntry] = [
        CommandEntry(CheckCommand.self),
        CommandEntry(BaselineCommand.self),
        CommandEntry(ImportsCommand.self),
        CommandEntry(GraphCommand.self),
        CommandEntry(ReportCommand.self),
        CommandEntry(WhyCommand.self),
        CommandEntry(FootprintCommand.self),
        CommandEntry(AffectedCommand.self),
        CommandEntry(RulesCommand.self),
        CommandEntry(ExplainCommand.self),
        CommandEntry(InitCommand.self),
        CommandEntry(CacheCommand.self),
        CommandEntry(CanaryCommand.self),
        CommandEntry(CompletionsCommand.self),
    ]

    /// Runs `bulkhead` with `arguments` (without the program name). A failed write to standard
    /// output (a full disk) makes any run end with status 2 and one message, so no command has
    /// to check its writes.
    package static func run(_ arguments: [String], context: CommandContext) -> ExitStatus {
        var status = runCommand(arguments, context: context)
        context.standardOutput.flush()
        if let failure = context.standardOutput.failure {
            status = report(CommandError.standardOutputFailed(reason: failure), usage: nil, context: context)
        }
        context.standardError.flush()
        return status
    }

    private static func runCommand(_ arguments: [String], context: CommandContext) -> ExitStatus {
        guard let first = arguments.first else {
            context.standardOutput.write(overview)
            return .clean
        }
        switch first {
        case "--help", "-h", "help":
            if first == "help", arguments.count > 1 {
                return runCommand([arguments[1], "--help"], context: context)
            }
            context.standardOutput.write(overview)
            return .clean
        case "--version":
            context.standardOutput.writeLine(version)
            return .clean
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            let suggestion = Suggestion.closest(to: first, among: commands.map(\.name))
            return report(first.hasPrefix("-") ? UsageError.unknownOption(first, suggestion: nil) : UsageError.unknownCommand(first, suggestion: suggestion),
                          usage: nil, context: context)
        }
        do {
            let parsed = try ParsedArguments(Array(arguments.dropFirst()), definitions: command.options)
            if parsed.isSet(.help) {
                context.standardOutput.write(command.helpText)
                return .clean
            }
            return try command.run(parsed, context)
        } catch {
            return report(error, usage: command.usage, context: context)
        }
    }

    /// The one place a failure is printed and becomes an exit status: the command line's fault
    /// is 64 with the usage line, anything else 2. A message names files, targets and a tool's
    /// output from the repository: its control characters are escaped (`VisibleText`), its
    /// lines kept.
    private static func report(_ error: any Error, usage: String?, context: CommandContext) -> ExitStatus {
        switch error {
        case let error as UsageError:
            context.standardError.writeLine("error: \(VisibleText.escapedLines(error.message))")
            if let usage { context.standardError.writeLine("usage: bulkhead \(usage)") }
            return .usage
        case let error as RunError where error.isUsage:
            // A value of an option that names nothing usable (a target, a folder): the command line's fault.
            context.standardError.writeLine("error: \(VisibleText.escapedLines(error.message))")
            if let usage { context.standardError.writeLine("usage: bulkhead \(usage)") }
            return .usage
        case let error as any FailureMessage:
            context.standardError.writeLine("error: \(VisibleText.escapedLines(error.message))")
        default:
            context.standardError.writeLine("error: \(VisibleText.escapedLines(String(describing: error)))")
        }
        return .failure
    }

    static var overview: String {
        var text = """
        Bulkhead \(version): makes the architecture rules of Swift packages fail the build, without building.

        USAGE: bulkhead <command> [options]

        COMMANDS:

        """
        for command in commands {
            text += "  " + command.name.padding(toLength: 12, withPad: " ", startingAt: 0) + command.summary + "\n"
        }
        text += """

        Run 'bulkhead <command> --help' for a command's options.
        Exit status: 0 clean, 1 problems found, 2 Bulkhead could not run, 64 usage error.

        """
        return text
    }
}
