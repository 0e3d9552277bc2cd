import Formats

/// Reading `imports: { ignore: [{ module: "Firebase*", reason: "…" }] }`.
extension ConfigurationParser {
    static let importsKeys = ["ignore"]
    static let importIgnoreKeys = ["module", "reason"]
}

extension ConfigurationParser.Validation {
    mutating func importIgnores(_ value: JSONValue) -> [ImportIgnore] {
        guard case .object(let members) = value.kind else {
            problems.append(ConfigurationProblem(keyPath: "imports", message: "expected an object such as { ignore: [{ module: \"FirebaseCore\", reason: \"linked by the app target\" }] }, found \(value.kindDescription)"))
            return []
        }
        checkKeys(members, allowed: ConfigurationParser.importsKeys, at: "imports")
        guard let list = members["ignore"] else { return [] }
        guard case .array(let items) = list.kind else {
            problems.append(ConfigurationProblem(keyPath: "imports.ignore", message: "expected a list of objects such as { module: \"FirebaseCore\", reason: \"…\" }, found \(list.kindDescription)"))
            return []
        }
        var ignores: [ImportIgnore] = []
        for (index, item) in items.enumerated() {
            let path = "imports.ignore[\(index)]"
            guard case .object(let entry) = item.kind else {
                problems.append(ConfigurationProblem(keyPath: path, message: "expected an object such as { module: \"FirebaseCore\", reason: \"…\" }, found \(item.kindDescription)"))
                continue
            }
            checkKeys(entry, allowed: ConfigurationParser.importIgnoreKeys, at: path)
            let module = string(entry["module"], at: "\(path).module", required: true)
            let reason = string(entry["reason"], at: "\(path).reason", required: true)
            if let module, module.isEmpty { problems.append(ConfigurationProblem(keyPath: "\(path).module", message: "is empty; name a module or a glob such as Firebase*")) }
            if let reason, reason.trimmingBlanks().isEmpty {
                problems.append(ConfigurationProblem(keyPath: "\(path).reason", message: "is empty; say why this module's imports are not checked"))
            }
            guard let module, let reason, !module.isEmpty, !reason.trimmingBlanks().isEmpty else { continue }
            ignores.append(ImportIgnore(module: module, reason: reason))
        }
        return ignores
    }
}
