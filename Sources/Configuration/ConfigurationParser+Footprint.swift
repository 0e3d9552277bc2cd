import Diagnostics
import Formats
import ModuleGraph

extension ConfigurationParser.Validation {
    /// `footprint: { budgets: [{ images: ["*Widget*"], kinds: ["app-extension"], maxModules: 30, maxSourceBytes: 2000000 }] }`.
    mutating func footprintBudgets(_ value: JSONValue) -> [FootprintBudget] {
        guard case .object(let members) = value.kind else {
            problems.append(ConfigurationProblem(keyPath: "footprint", message: "expected an object such as { budgets: [{ kinds: [\"app-extension\"], maxModules: 30 }] }, found \(value.kindDescription)"))
            return []
        }
        checkKeys(members, allowed: ConfigurationParser.footprintKeys, at: "footprint")
        return entries(members["budgets"], at: "footprint.budgets", keys: ConfigurationParser.footprintBudgetKeys) { this, entry, path in
            var budget = FootprintBudget(images: this.strings(entry["images"], at: "\(path).images"))
            let kinds = BinaryImages.Kind.allCases.map(\.rawValue)
            for (position, word) in this.strings(entry["kinds"], at: "\(path).kinds").enumerated() {
                if let kind = BinaryImages.Kind(rawValue: word) {
                    budget.kinds.append(kind)
                } else {
                    let suggestion = Suggestion.closest(to: word, among: kinds).map { "; did you mean '\($0)'?" } ?? "; valid: \(kinds.joined(separator: ", "))"
                    this.problems.append(ConfigurationProblem(keyPath: "\(path).kinds[\(position)]", message: "unknown image kind '\(word)'\(suggestion)"))
                }
            }
            budget.maxModules = this.count(entry["maxModules"], at: "\(path).maxModules")
            budget.maxSourceBytes = this.count(entry["maxSourceBytes"], at: "\(path).maxSourceBytes")
            if entry["maxModules"] == nil && entry["maxSourceBytes"] == nil {
                this.problems.append(ConfigurationProblem(keyPath: path, message: "a budget needs maxModules, maxSourceBytes or both"))
            }
            return budget
        }
    }

    /// A whole number of 0 or more, or nil when absent (a wrong one is a problem).
    private mutating func count(_ value: JSONValue?, at path: String) -> Int? {
        guard let value else { return nil }
        if case .number(let number) = value.kind, number >= 0, number == number.rounded(), number < 1e15 { return Int(number) }
        problems.append(ConfigurationProblem(keyPath: path, message: "expected a whole number of 0 or more, found \(value.kindDescription)"))
        return nil
    }
}
