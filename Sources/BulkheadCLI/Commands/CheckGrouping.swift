import Rules

/// `check --group module`: one finding per rule, target and module instead of one per import,
/// for a first run that would otherwise list every file importing the same undeclared module.
/// Applied to what the report shows only; baselines and suppressions see every finding.
enum CheckGrouping {
    static let options: [OptionDefinition] = [
        .value(.group, "BY", help: "module: one finding per rule, target and module (or other subject), counting its places and naming the first; baselines still hold each finding.",
               choices: FindingGrouping.allCases.map(\.rawValue)),
    ]

    /// The grouping asked for, or nil; a value that is not one is a usage error.
    static func grouping(_ arguments: ParsedArguments) throws(UsageError) -> FindingGrouping? {
        guard let value = arguments.value(.group) else { return nil }
        guard let grouping = FindingGrouping(rawValue: value) else {
            throw .invalid("--group '\(value)' is not a grouping; use one of: \(FindingGrouping.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return grouping
    }
}
