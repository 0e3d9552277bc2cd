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
            // A short flag (`-f json`) is its long option; `-` alone is a positional (standard
            // input), and so is anything after `--`.
            if !onlyPositionals, argument.count == 2, argument.hasPrefix("-"), argument.last?.isLetter == true {
                guard let letter = argument.last, let definition = definitions.first(where: { $0.shortName == letter }) else {
                    throw .unknownOption(argument, suggestion: nil)
                }
                guard definition.valueName != nil else {
                    flags.insert(definition.name)
                    continue
                }
                guard index < arguments.count else {
                    throw .missingValue(option: argument, valueName: definition.valueName ?? "VALUE")
                }
                index += 1
                try add(arguments[index - 1], for: definition, spelled: argument)
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
            try add(value, for: definition, spelled: "--\(name)")
        }
    }

    private mutating func add(_ value: String, for definition: OptionDefinition, spelled spelling: String) throws(UsageError) {
        if let choices = definition.choices, !choices.contains(value) {
            throw .invalidChoice(option: spelling, value: value, choices: choices)
        }
        if values[definition.name] != nil && !definition.isRepeatable {
            throw .repeatedOption("--\(definition.name)")
        }
        values[definition.name, default: []].append(value)
    }

    func value(_ option: OptionName) -> String? { values[option.rawValue]?.last }
    func allValues(_ option: OptionName) -> [String] { values[option.rawValue] ?? [] }
    func isSet(_ option: OptionName) -> Bool { flags.contains(option.rawValue) }
}
