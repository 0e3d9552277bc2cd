/// A subcommand: its name, its help and its options, and the work it does.
protocol Command: SendableMetatype {
    static var name: String { get }
    static var summary: String { get }
    /// The synopsis line after `bulkhead`.
    static var usage: String { get }
    /// Help text after the synopsis: what the command does, its exit codes, examples.
    static var discussion: String { get }
    static var options: [OptionDefinition] { get }
    /// The fixed values of the command's positional argument, for completion (`completions
    /// bash|zsh|fish`); nil when its positionals are files or names.
    static var positionalChoices: [String]? { get }

    /// How the command ended. It throws, and never prints, the failures that stop it: a
    /// `UsageError`, a `CommandError`, or an input module's error (`InputError`); the entry
    /// point prints each once and maps it to an exit status once.
    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus
}

extension Command {
    static var positionalChoices: [String]? { nil }
}

/// A command as a value, so the list of commands is a plain array of values rather than of
/// existential metatypes.
struct CommandEntry: Sendable {
    var name: String
    var summary: String
    var usage: String
    /// Written when asked for: every run builds the list of commands, few print help.
    var helpText: String { Self.help(summary: summary, usage: usage, discussion: discussion, options: options) }
    var discussion: String
    var options: [OptionDefinition]
    var positionalChoices: [String]?
    var run: @Sendable (ParsedArguments, CommandContext) throws -> ExitStatus

    init<C: Command>(_ command: C.Type) {
        name = C.name
        summary = C.summary
        usage = C.usage
        options = C.options + GlobalOptions.definitions
        positionalChoices = C.positionalChoices
        discussion = C.discussion
        run = { arguments, context in try C.run(arguments, context: context) }
    }

    private static func help(summary: String, usage: String, discussion: String, options: [OptionDefinition]) -> String {
        var text = "\(summary)\n\nUSAGE: bulkhead \(usage)\n"
        if !discussion.isEmpty { text += "\n\(discussion)\n" }
        text += "\nOPTIONS:\n"
        // One column for every help text, however long the longest spelling.
        let width = max(24, (options.map(\.spelling.count).max() ?? 0) + 2)
        for option in options {
            text += "  " + option.spelling.padding(toLength: width, withPad: " ", startingAt: 0) + option.help + "\n"
        }
        return text
    }
}
