import Diagnostics
/// A command line split into options and positional arguments, checked against the command's
/// definitions: unknown options, missing values and values outside a fixed set are usage errors.
struct ParsedArguments {
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []

    init(_ arguments: [String], definitions: [OptionDefinition]) throws(UsageError) {
        let byName = Dictionary(definitions.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            // `-h` is the one short option: help, after any command, never a file named `-h`.
            if !onlyPositionals && argument == "-h" && byName["help"] != nil {
                flags.insert("help")
                continue
            }
            guard !onlyPositionals, argument.hasPrefix("--") else {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let definition = byName[name] else {
                throw .unknownOption("--\(name)", suggestion: Suggestion.closest(to: name, among: Array(byName.keys)).map { "--\($0)" })
            }
            guard definition.valueName != nil else {
                if inlineValue != nil { throw .unexpectedValue(option: "--\(name)") }
                flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count {
                value = arguments[index]
                index += 1
            } else {
                throw .missingValue(option: "--\(name)", valueName: definition.valueName ?? "VALUE")
            }
            if let choices = definition.choices, !choices.contains(value) {
                throw .invalidChoice(option: "--\(name)", value: value, choices: choices)
            }
            if values[name] != nil && !definition.isRepeatable {
                throw .repeatedOption("--\(name)")
            }
            values[name, default: []].append(value)
        }
    }

    func value(_ name: String) -> String? { values[name]?.last }
    func allValues(_ name: String) -> [String] { values[name] ?? [] }
    func isSet(_ name: String) -> Bool { flags.contains(name) }
}
