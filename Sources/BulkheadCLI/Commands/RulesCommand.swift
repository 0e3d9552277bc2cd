import Configuration
import Diagnostics
import Rules

/// `bulkhead rules`: the catalog, one line a rule.
enum RulesCommand: Command {
    static let name = "rules"
    static let summary = "List the rules, with their default severities."
    static let usage = "rules"
    static let discussion = "Run 'bulkhead explain RULE' for a rule's rationale and examples."
    static let options: [OptionDefinition] = []

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        guard arguments.positionals.isEmpty else { throw UsageError.unexpectedArgument(arguments.positionals[0], command: name) }
        let width = RuleCatalog.all.map(\.id.count).max() ?? 0
        for rule in RuleCatalog.all {
            let severity = (rule.defaultSeverity?.rawValue ?? "off").padding(toLength: 8, withPad: " ", startingAt: 0)
            context.standardOutput.writeLine(rule.id.padding(toLength: width + 2, withPad: " ", startingAt: 0) + severity + rule.summary)
        }
        return .clean
    }
}

/// `bulkhead explain RULE`: what a rule checks, why, and examples that do and do not trigger it.
enum ExplainCommand: Command {
    static let name = "explain"
    static let summary = "Explain one rule, with examples, or one preset's layers."
    static let usage = "explain RULE | explain preset NAME"
    static let discussion = ""
    static let options: [OptionDefinition] = []

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        if arguments.positionals.first == "preset" {
            guard arguments.positionals.count == 2 else { throw UsageError.invalid("'bulkhead explain preset' takes one preset name: \(Presets.all.keys.sorted().joined(separator: ", "))") }
            let name = arguments.positionals[1]
            guard let preset = Presets.all[name] else {
                let suggestion = Suggestion.closest(to: name, among: Presets.all.keys.sorted()).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError.invalid("no preset '\(name)'\(suggestion); presets: \(Presets.all.keys.sorted().joined(separator: ", "))")
            }
            context.standardOutput.write(PresetExplanation.text(of: name, preset))
            return .clean
        }
        guard arguments.positionals.count == 1 else { throw UsageError.invalid("'bulkhead explain' takes one rule id; run 'bulkhead rules' for the list") }
        let id = arguments.positionals[0]
        guard let rule = RuleCatalog.description(of: id) else {
            let suggestion = Suggestion.closest(to: id, among: RuleCatalog.all.map(\.id)).map { "; did you mean '\($0)'?" } ?? "; run 'bulkhead rules' for the list"
            throw UsageError.invalid("no rule '\(id)'\(suggestion)")
        }
        var text = "\(rule.id) — \(rule.summary)\nDefault severity: \(rule.defaultSeverity?.rawValue ?? "off")\n\n\(rule.rationale)\n"
        for (title, examples) in [("Triggers", rule.triggering), ("Does not trigger", rule.nonTriggering)] {
            text += "\n\(title):\n"
            for example in examples {
                text += "\n  \(example.note)\n"
                text += example.rendered.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n") + "\n"
            }
        }
        text += "\nConfigure in bulkhead.json: \"rules\": { \"\(rule.id)\": \"error\" | \"warning\" | \"off\" }\n"
        context.standardOutput.write(text)
        return .clean
    }
}
