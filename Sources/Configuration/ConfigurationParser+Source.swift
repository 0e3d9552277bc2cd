import Diagnostics
import Formats

/// Reading `source: { forbiddenIdentifiers, forbiddenImports, declarations, uncheckedSendable,
/// publicImports }`, with every problem collected at its key path like the rest of the file.
extension ConfigurationParser {
    static let sourceKeys = ["forbiddenIdentifiers", "forbiddenImports", "declarations", "uncheckedSendable", "publicImports"]
    static let scopeKeys = ["layers", "targets", "paths"]
    static let forbiddenIdentifierKeys = ["identifiers", "message"] + scopeKeys
    static let forbiddenImportKeys = ["modules", "message"] + scopeKeys
    static let declarationKeys = ["kinds", "names", "require", "forbid", "inherit", "message"] + scopeKeys
    static let budgetKeys = ["max"] + scopeKeys
}

extension ConfigurationParser.Validation {
    mutating func sourceRules(_ value: JSONValue, layers: [String]) -> SourceRules {
        guard case .object(let members) = value.kind else {
            problems.append(ConfigurationProblem(keyPath: "source", message: "expected an object such as { forbiddenIdentifiers: [...] }, found \(value.kindDescription)"))
            return SourceRules()
        }
        checkKeys(members, allowed: ConfigurationParser.sourceKeys, at: "source")
        var rules = SourceRules()
        rules.forbiddenIdentifiers = entries(members["forbiddenIdentifiers"], at: "source.forbiddenIdentifiers", keys: ConfigurationParser.forbiddenIdentifierKeys) { this, entry, path in
            let identifiers = this.strings(entry["identifiers"], at: "\(path).identifiers")
            for (index, identifier) in identifiers.enumerated() where !Self.isIdentifierChain(identifier) {
                this.problems.append(ConfigurationProblem(keyPath: "\(path).identifiers[\(index)]", message: "expected an identifier or a member chain such as Bundle.main, found '\(identifier)'"))
            }
            if identifiers.isEmpty { this.problems.append(ConfigurationProblem(keyPath: "\(path).identifiers", message: "required: the identifiers to forbid")) }
            return SourceRules.ForbiddenIdentifiers(identifiers: identifiers.filter(Self.isIdentifierChain), scope: this.scope(entry, at: path, layers: layers),
                                                    message: this.string(entry["message"], at: "\(path).message"))
        }
        rules.forbiddenImports = entries(members["forbiddenImports"], at: "source.forbiddenImports", keys: ConfigurationParser.forbiddenImportKeys) { this, entry, path in
            let modules = this.strings(entry["modules"], at: "\(path).modules")
            if modules.isEmpty { this.problems.append(ConfigurationProblem(keyPath: "\(path).modules", message: "required: the modules (or name globs such as *Data) to forbid")) }
            return SourceRules.ForbiddenImports(modules: modules, scope: this.scope(entry, at: path, layers: layers), message: this.string(entry["message"], at: "\(path).message"))
        }
        rules.declarations = entries(members["declarations"], at: "source.declarations", keys: ConfigurationParser.declarationKeys) { this, entry, path in
            let kinds = this.strings(entry["kinds"], at: "\(path).kinds")
            for (index, kind) in kinds.enumerated() where !SourceRules.DeclarationShape.knownKinds.contains(kind) {
                let suggestion = Suggestion.closest(to: kind, among: SourceRules.DeclarationShape.knownKinds).map { "; did you mean '\($0)'?" } ?? ""
                this.problems.append(ConfigurationProblem(keyPath: "\(path).kinds[\(index)]", message: "no declaration kind '\(kind)'\(suggestion)"))
            }
            let shape = SourceRules.DeclarationShape(
                kinds: kinds, names: this.strings(entry["names"], at: "\(path).names"), scope: this.scope(entry, at: path, layers: layers),
                requiredModifiers: this.strings(entry["require"], at: "\(path).require"), forbiddenModifiers: this.strings(entry["forbid"], at: "\(path).forbid"),
                requiredInheritance: this.strings(entry["inherit"], at: "\(path).inherit"), message: this.string(entry["message"], at: "\(path).message"))
            if shape.requiredModifiers.isEmpty && shape.forbiddenModifiers.isEmpty && shape.requiredInheritance.isEmpty {
                this.problems.append(ConfigurationProblem(keyPath: path, message: "asks nothing of the declarations; give it require, forbid or inherit"))
            }
            return shape
        }
        rules.uncheckedSendable = budgets(members["uncheckedSendable"], at: "source.uncheckedSendable", layers: layers)
        rules.publicImports = budgets(members["publicImports"], at: "source.publicImports", layers: layers)
        return rules
    }

    private mutating func budgets(_ value: JSONValue?, at path: String, layers: [String]) -> [SourceRules.Budget] {
        entries(value, at: path, keys: ConfigurationParser.budgetKeys) { this, entry, path in
            var max = 0
            switch entry["max"]?.kind {
            case .number(let number)? where number >= 0 && number == number.rounded() && number < 1_000_000:
                max = Int(number)
            case let other?:
                this.problems.append(ConfigurationProblem(keyPath: "\(path).max", message: "expected a whole number of 0 or more, found \(other.kindDescription)"))
            case nil:
                this.problems.append(ConfigurationProblem(keyPath: "\(path).max", message: "required: how many are allowed (0 forbids them)"))
            }
            return SourceRules.Budget(scope: this.scope(entry, at: path, layers: layers), max: max)
        }
    }

    /// A list of objects with `keys`, each read by `read` with its own key path.
    mutating func entries<Entry>(_ value: JSONValue?, at path: String, keys: [String],
                                         _ read: (inout Self, [String: JSONValue], String) -> Entry) -> [Entry] {
        guard let value else { return [] }
        guard case .array(let items) = value.kind else {
            problems.append(ConfigurationProblem(keyPath: path, message: "expected a list of objects, found \(value.kindDescription)"))
            return []
        }
        var result: [Entry] = []
        for (index, item) in items.enumerated() {
            let itemPath = "\(path)[\(index)]"
            guard case .object(let members) = item.kind else {
                problems.append(ConfigurationProblem(keyPath: itemPath, message: "expected an object, found \(item.kindDescription)"))
                continue
            }
            checkKeys(members, allowed: keys, at: itemPath)
            result.append(read(&self, members, itemPath))
        }
        return result
    }

    private mutating func scope(_ entry: [String: JSONValue], at path: String, layers: [String]) -> SourceRules.Scope {
        let scope = SourceRules.Scope(layers: strings(entry["layers"], at: "\(path).layers"), targets: strings(entry["targets"], at: "\(path).targets"),
                                      paths: strings(entry["paths"], at: "\(path).paths"))
        for (index, layer) in scope.layers.enumerated() where !layers.contains(layer) {
            let suggestion = Suggestion.closest(to: layer, among: layers).map { "; did you mean '\($0)'?" } ?? ""
            problems.append(ConfigurationProblem(keyPath: "\(path).layers[\(index)]", message: "no layer named '\(layer)'\(suggestion)"))
        }
        return scope
    }

    private static func isIdentifierChain(_ text: String) -> Bool {
        let components = text.split(separator: ".", omittingEmptySubsequences: false)
        return !components.isEmpty && components.allSatisfy { component in
            guard let first = component.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
            return component.unicodeScalars.allSatisfy { $0 == "_" || $0 == "$" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        }
    }
}
