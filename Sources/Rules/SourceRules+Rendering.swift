import Configuration

extension SourceRules {
    /// The section as `bulkhead explain` shows it above an example: one line per entry, in the
    /// words of the file's keys.
    var renderedLines: [String] {
        func list(_ values: [String]) -> String { "[" + values.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
        func scope(_ scope: Scope) -> String {
            var parts: [String] = []
            if !scope.layers.isEmpty { parts.append("layers: \(list(scope.layers))") }
            if !scope.targets.isEmpty { parts.append("targets: \(list(scope.targets))") }
            if !scope.paths.isEmpty { parts.append("paths: \(list(scope.paths))") }
            return parts.map { ", " + $0 }.joined()
        }
        var lines: [String] = []
        for entry in forbiddenIdentifiers {
            lines.append("bulkhead.json: source.forbiddenIdentifiers: { identifiers: \(list(entry.identifiers))\(scope(entry.scope)) }")
        }
        for entry in forbiddenImports {
            lines.append("bulkhead.json: source.forbiddenImports: { modules: \(list(entry.modules))\(scope(entry.scope)) }")
        }
        for entry in declarations {
            var parts: [String] = []
            if !entry.kinds.isEmpty { parts.append("kinds: \(list(entry.kinds))") }
            if !entry.names.isEmpty { parts.append("names: \(list(entry.names))") }
            if !entry.requiredModifiers.isEmpty { parts.append("require: \(list(entry.requiredModifiers))") }
            if !entry.forbiddenModifiers.isEmpty { parts.append("forbid: \(list(entry.forbiddenModifiers))") }
            if !entry.requiredInheritance.isEmpty { parts.append("inherit: \(list(entry.requiredInheritance))") }
            lines.append("bulkhead.json: source.declarations: { \(parts.joined(separator: ", "))\(scope(entry.scope)) }")
        }
        for budget in uncheckedSendable { lines.append("bulkhead.json: source.uncheckedSendable: { max: \(budget.max)\(scope(budget.scope)) }") }
        for budget in publicImports { lines.append("bulkhead.json: source.publicImports: { max: \(budget.max)\(scope(budget.scope)) }") }
        return lines
    }
}
