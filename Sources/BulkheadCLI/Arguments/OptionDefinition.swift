/// One `--option` a command accepts.
struct OptionDefinition: Sendable {
    var name: String
    /// The placeholder shown in help (`PATH`, `FORMAT`); nil for a flag that takes no value.
    var valueName: String?
    var help: String
    /// For options with a fixed set of values (`--format`): every accepted value.
    var choices: [String]?
    var isRepeatable = false

    static func flag(_ name: String, help: String) -> OptionDefinition {
        OptionDefinition(name: name, valueName: nil, help: help)
    }

    static func value(_ name: String, _ valueName: String, help: String, choices: [String]? = nil, repeatable: Bool = false) -> OptionDefinition {
        OptionDefinition(name: name, valueName: valueName, help: help, choices: choices, isRepeatable: repeatable)
    }
}

/// The options every command accepts.
enum GlobalOptions {
    static let definitions: [OptionDefinition] = [
        .value("color", "WHEN", help: "Colour output: auto (on a terminal, unless NO_COLOR is set), always or never.", choices: ColorChoice.allCases.map(\.rawValue)),
        .flag("quiet", help: "Print only the report: no summary or progress on standard error."),
        .flag("help", help: "Show help for this command."),
    ]
}
