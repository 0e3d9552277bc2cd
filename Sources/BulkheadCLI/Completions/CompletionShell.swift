/// A shell `bulkhead completions` writes a script for. Each script is generated from the
/// commands' `OptionDefinition`s, so a new command or option completes without any change here.
enum CompletionShell: String, CaseIterable, Sendable {
    case bash, zsh, fish

    /// The script for `commands`, to be sourced or installed where the shell looks.
    func script(for commands: [CommandEntry]) -> String {
        switch self {
        case .bash: BashCompletion.script(for: commands)
        case .zsh: ZshCompletion.script(for: commands)
        case .fish: FishCompletion.script(for: commands)
        }
    }

    /// A value completion offers as one word: what the scripts put unquoted in word lists.
    /// Formats, rule ids, presets and platforms are all such words; anything else is left out
    /// rather than quoted three different ways.
    static func isPlainWord(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || scalar == "-" || scalar == "_" || scalar == "." || scalar == "+"
        }
    }

    /// The first sentence of a help text, short enough for a completion menu.
    static func firstSentence(_ help: String) -> String {
        var sentence = help
        if let end = help.range(of: ". ") { sentence = String(help[..<end.lowerBound]) }
        if sentence.hasSuffix(".") { sentence.removeLast() }
        return sentence
    }
}
