import Configuration
import Diagnostics
import Rules

/// `bulkhead rules`: the catalog, one line a rule; with `--all`, every other code too.
enum RulesCommand: Command {
    static let name = "rules"
    static let summary = "List the rules, with their default severities."
    static let usage = "rules [--all] [--format text|markdown]"
    static let discussion = """
    Run 'bulkhead explain RULE' for a rule's rationale and examples. --all also lists every code
    that is not a rule (a stale baseline entry, suppression comments, source files Bulkhead could
    not read, the scanner's and the configuration's warnings), by what reports it; 'bulkhead
    explain CODE' says what each means and how to resolve it. --format markdown writes the
    rule reference as one Markdown page, every code with its explanation and examples, to keep
    beside your own documentation.
    """
    static let options: [OptionDefinition] = [
        .flag(.all, help: "Also list the codes that are not rules, under a heading for what reports them."),
        .value(.format, "FORMAT", help: "text (default) or markdown: the rule reference page, every code with its explanation and examples.",
               choices: ["text", "markdown"]),
    ]

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        guard arguments.positionals.isEmpty else { throw UsageError.unexpectedArgument(arguments.positionals[0], command: name) }
        if arguments.value(.format) == "markdown" {
            context.standardOutput.write(RulesMarkdown.text())
            return .clean
        }
        guard arguments.isSet(.all) else {
            for line in lines(RuleCatalog.all.map(\.catalogEntry)) { context.standardOutput.writeLine(line) }
            return .clean
        }
        // One column width for every section, so the table reads as one.
        let width = DiagnosticCatalog.all.map(\.id.count).max() ?? 0
        var sections: [String] = []
        for family in DiagnosticCode.Family.allCases {
            let codes = DiagnosticCatalog.all.filter { $0.family == family }
            guard !codes.isEmpty else { continue }
            sections.append(([heading(of: family) + ":"] + lines(codes, width: width)).joined(separator: "\n"))
        }
        context.standardOutput.writeLine(sections.joined(separator: "\n\n"))
        return .clean
    }

    private static func heading(of family: DiagnosticCode.Family) -> String {
        switch family {
        case .rule: "Rules"
        case .baseline: "Baseline"
        case .suppression: "Suppression comments"
        case .sourceFile: "Source files"
        case .scanner: "Scanner (Swift the compiler would reject or warn about)"
        case .configuration: "Configuration warnings (on standard error; the exit status is unchanged)"
        }
    }

    /// `id  severity  summary`, the ids padded to `width` (the longest of `codes` by default).
    private static func lines(_ codes: [DiagnosticCode], width: Int? = nil) -> [String] {
        let width = width ?? codes.map(\.id.count).max() ?? 0
        return codes.map { code in
            let severity = (code.defaultSeverity?.rawValue ?? "off").padding(toLength: 8, withPad: " ", startingAt: 0)
            return code.id.padding(toLength: width + 2, withPad: " ", startingAt: 0) + severity + code.summary
        }
    }
}

/// `bulkhead explain CODE`: what a rule checks, why, and examples that do and do not trigger it;
/// for any other code Bulkhead prints, what it means and how to resolve it.
enum ExplainCommand: Command {
    static let name = "explain"
    static let summary = "Explain a rule, with examples, any other code Bulkhead reports, or a preset's layers."
    static let usage = "explain CODE | explain preset NAME"
    static let discussion = """
    CODE is a rule id or any other code a report or warning names (`unused-suppression`,
    `unreadable-file`, `binary-file`…); 'bulkhead rules --all' lists them.
    """
    static let options: [OptionDefinition] = []
    /// Every code, and the word that introduces a preset's name.
    static var positionalChoices: [String]? { DiagnosticCatalog.all.map(\.id) + ["preset"] }

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
        guard arguments.positionals.count == 1 else {
            throw UsageError.invalid("'bulkhead explain' takes one rule id or code; run 'bulkhead rules --all' for the list")
        }
        let id = arguments.positionals[0]
        if let rule = RuleCatalog.all.first(where: { $0.id == id }) {
            context.standardOutput.write(text(of: rule))
        } else if let code = DiagnosticCatalog.code(id) {
            context.standardOutput.write(text(of: code))
        } else {
            let suggestion = Suggestion.closest(to: id, among: DiagnosticCatalog.all.map(\.id)).map { "; did you mean '\($0)'?" }
                ?? "; run 'bulkhead rules --all' for the list"
            throw UsageError.invalid("no rule or code '\(id)'\(suggestion)")
        }
        return .clean
    }

    /// A rule: its rationale, then the examples the tests run.
    static func text(of rule: RuleDescription) -> String {
        var text = "\(rule.id) — \(rule.summary)\nDefault severity: \(rule.defaultSeverity?.rawValue ?? "off")\n\n\(rule.rationale)\n"
        for (title, examples) in [("Triggers", rule.triggering), ("Does not trigger", rule.nonTriggering)] {
            text += "\n\(title):\n"
            for example in examples {
                text += "\n  \(example.note)\n"
                text += example.rendered.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n") + "\n"
            }
        }
        return text + configurationLine(of: rule.id)
    }

    /// Any other code: what it means and how to resolve it, and what may accept it instead.
    static func text(of code: DiagnosticCode) -> String {
        var text = "\(code.id) — \(code.summary)\nDefault severity: \(code.defaultSeverity?.rawValue ?? "off")\n\n\(code.explanation)\n\n"
        text += acceptance(of: code)
        if code.isConfigurable { text += configurationLine(of: code.id) }
        return text
    }

    /// What may accept a finding of `code` instead of resolving it: a baseline entry, a
    /// suppression comment, both or neither. The same sentence in `explain` and the rule reference.
    static func acceptance(of code: DiagnosticCode) -> String {
        switch (code.isBaselinable, code.isSuppressible) {
        case (true, true): "A baseline entry or `// bulkhead:ignore \(code.id) - <reason>` accepts it.\n"
        case (true, false): "A baseline entry accepts it; a suppression comment does not.\n"
        case (false, true): "`// bulkhead:ignore \(code.id) - <reason>` accepts it; a baseline entry does not.\n"
        case (false, false): "Neither a baseline entry nor a `// bulkhead:ignore` comment accepts it: resolve it as above.\n"
        }
    }

    private static func configurationLine(of id: String) -> String {
        "\nConfigure in bulkhead.json: \"rules\": { \"\(id)\": \"error\" | \"warning\" | \"note\" | \"off\" }\n"
    }
}
