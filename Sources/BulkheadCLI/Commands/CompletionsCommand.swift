/// `bulkhead completions bash|zsh|fish`: the shell's completion script, generated from every
/// command's option definitions.
enum CompletionsCommand: Command {
    static let name = "completions"
    static let summary = "Print the shell completion script for bash, zsh or fish."
    static let usage = "completions bash|zsh|fish"
    static let discussion = """
    Completes commands, options (long and short), the values of options with a fixed set
    (formats, rules, presets, platforms, configurations, colour) and paths. Install it where
    the shell looks:

      bash   bulkhead completions bash > ~/.local/share/bash-completion/completions/bulkhead
      zsh    bulkhead completions zsh > "${fpath[1]}/_bulkhead"   (or a folder you add to fpath)
      fish   bulkhead completions fish > ~/.config/fish/completions/bulkhead.fish
    """
    static let options: [OptionDefinition] = []
    static let positionalChoices: [String]? = CompletionShell.allCases.map(\.rawValue)

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        guard arguments.positionals.count == 1, let shell = arguments.positionals.first.flatMap(CompletionShell.init(rawValue:)) else {
            throw UsageError.invalid("'bulkhead completions' takes one shell: \(CompletionShell.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        context.standardOutput.write(shell.script(for: BulkheadCLI.commands))
        return .clean
    }
}
