/// A command line Bulkhead cannot act on. Every case says what to type instead; the run ends
/// with exit status 64.
enum UsageError: Error, Equatable {
    case unknownCommand(String, suggestion: String?)
    case unknownOption(String, suggestion: String?)
    case missingValue(option: String, valueName: String)
    case unexpectedValue(option: String)
    case invalidChoice(option: String, value: String, choices: [String])
    case repeatedOption(String)
    case unexpectedArgument(String, command: String)
    case invalid(String)

    var message: String {
        switch self {
        case .unknownCommand(let name, let suggestion):
            return "unknown command '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "; run 'bulkhead --help' for the list of commands")
        case .unknownOption(let name, let suggestion):
            return "unknown option '\(name)'" + Self.hint(suggestion)
        case .missingValue(let option, let valueName):
            return "option '\(option)' needs a value: \(option) \(valueName)"
        case .unexpectedValue(let option):
            return "option '\(option)' takes no value"
        case .invalidChoice(let option, let value, let choices):
            return "'\(value)' is not a value of \(option); use one of: \(choices.joined(separator: ", "))"
        case .repeatedOption(let option):
            return "option '\(option)' is given twice; give it once"
        case .unexpectedArgument(let argument, let command):
            return "'bulkhead \(command)' takes no argument '\(argument)'"
        case .invalid(let message):
            return message
        }
    }

    private static func hint(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }
}
