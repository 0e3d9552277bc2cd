/// One `--option` a command accepts.
struct OptionDefinition: Sendable {
    var name: String
    /// The placeholder shown in help (`PATH`, `FORMAT`); nil for a flag that takes no value.
    var valueName: String?
    var help: String
    /// For options with a fixed set of values (`--format`): every accepted value.
    var choices: [String]?
    var isRepeatable = false
    /// Values shell completion offers where the set is open or checked later with a better
    /// message than a bare list (rule ids, presets); nil offers `choices`, else files for a
    /// `PATH` or `FILE`, else nothing.
    var suggestions: [String]? { suggest?() }
    /// Made when completion asks: listing every rule and preset cost a check's start more
    /// than parsing its arguments, and only `completions` reads them.
    private var suggest: (@Sendable () -> [String])?

    /// The one-letter spelling (`-f` for `--format`), the same letter in every command that has
    /// the option: taken from `shortNames` by the long name, so a command that adds `--format`
    /// gets `-f` and its completion without saying so.
    var shortName: Character? { Self.shortNames[name] }

    /// The common options' short flags, as users type them in other tools.
    static let shortNames: [String: Character] = [
        "package-path": "p", "format": "f", "output": "o", "quiet": "q", "verbose": "v", "help": "h",
    ]

    /// How help shows the option: `-f, --format FORMAT`.
    var spelling: String {
        var text = shortName.map { "-\($0), " } ?? ""
        text += "--\(name)"
        if let valueName { text += " \(valueName)" }
        return text
    }

    static func flag(_ name: OptionName, help: String) -> OptionDefinition {
        OptionDefinition(name: name.rawValue, valueName: nil, help: help)
    }

    private init(name: String, valueName: String?, help: String, choices: [String]? = nil, isRepeatable: Bool = false,
                 suggest: (@Sendable () -> [String])? = nil) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.choices = choices
        self.isRepeatable = isRepeatable
        self.suggest = suggest
    }

    static func value(_ name: OptionName, _ valueName: String, help: String, choices: [String]? = nil, repeatable: Bool = false,
                      suggestions: (@Sendable () -> [String])? = nil) -> OptionDefinition {
        OptionDefinition(name: name.rawValue, valueName: valueName, help: help, choices: choices, isRepeatable: repeatable, suggest: suggestions)
    }

    /// What completion offers for the option's value.
    var completion: ValueCompletion {
        if let words = suggestions ?? choices { return .words(words) }
        switch valueName {
        case nil: return .none
        case "PATH", "FILE": return .files
        default: return .anything
        }
    }

    enum ValueCompletion: Equatable {
        /// A flag: no value follows.
        case none
        case words([String])
        case files
        /// A value with no set to offer (a number, a target name).
        case anything
    }
}

/// The options every command accepts.
enum GlobalOptions {
    static let definitions: [OptionDefinition] = [
        .value(.color, "WHEN", help: "Colour output: auto (on a terminal, unless NO_COLOR is set), always or never.", choices: ColorChoice.allCases.map(\.rawValue)),
        .flag(.quiet, help: "Print only the report: no summary or progress on standard error."),
        .flag(.help, help: "Show help for this command."),
    ]
}
