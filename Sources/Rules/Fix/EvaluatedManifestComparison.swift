import Formats

/// Whether a fixed manifest, as SwiftPM evaluates it, differs from the old one in exactly the
/// intended entries: the token-level check (`ManifestEditor.verified`) proves the text changed
/// as meant, but only evaluation shows what the build sees. An edit inside a dead `#if` branch,
/// a `targets` list assigned again further down, or dependencies changed at run time
/// (`package.targets[0].dependencies.remove(at: 0)`) all read back as the intended text and
/// evaluate to something else.
///
/// Both sides are `swift package dump-package` answers for the manifest's bytes before and after,
/// evaluated in the same place, so what depends on the place (absolute paths of `.package(path:)`,
/// the package's own folder) is the same on both sides and only the edit can differ.
package enum EvaluatedManifestComparison {
    /// What the fixes were meant to change in one target's `dependencies`.
    package struct IntendedChange: Sendable, Equatable {
        /// Names of elements appended, in order.
        package var added: [String] = []
        /// Names no element may carry any more.
        package var removed: Set<String> = []
        /// Names several elements carry, of which only the last stays.
        package var deduplicated: Set<String> = []

        package init(added: [String] = [], removed: Set<String> = [], deduplicated: Set<String> = []) {
            self.added = added
            self.removed = removed
            self.deduplicated = deduplicated
        }

        package mutating func record(_ fix: ManifestFix) {
            switch fix {
            case .addDependency(let spelling, let name, _):
                // The element's own name, as the dump shows it: a product's (`LibProduct`), not
                // the module the import asked for (`Lib`).
                let declared = EvaluatedManifestComparison.declaredName(spelling) ?? name
                if !added.contains(declared) { added.append(declared) }
            case .removeDependency(let name): removed.insert(name)
            case .removeDuplicateDependency(let name): deduplicated.insert(name)
            }
        }
    }

    /// The name an element spelled `"X"`, `.target(name: "X")` or `.product(name: "X", …)` carries.
    static func declaredName(_ spelling: String) -> String? {
        if let range = spelling.range(of: "name: \"") {
            let rest = spelling[range.upperBound...]
            return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
        }
        guard spelling.count >= 2, spelling.hasPrefix("\""), spelling.hasSuffix("\"") else { return nil }
        return String(spelling.dropFirst().dropLast())
    }

    /// `differences(before:after:intended:)` of two `dump-package` answers as bytes; a side that
    /// is not JSON is a difference of the package.
    package static func differences(beforeJSON: [UInt8], afterJSON: [UInt8], intended: [String: IntendedChange]) -> [String: String] {
        guard let before = try? JSONValue(parsing: beforeJSON), let after = try? JSONValue(parsing: afterJSON) else {
            return ["": "the toolchain's answer for it is not JSON"]
        }
        return differences(before: before, after: after, intended: intended)
    }

    /// Where the evaluated manifests part from the intended change: target name → what differs,
    /// with "" for the package outside its targets. Empty when the fix is exactly what SwiftPM
    /// will see. `before` and `after` are `dump-package` JSON.
    package static func differences(before: JSONValue, after: JSONValue, intended: [String: IntendedChange]) -> [String: String] {
        guard let old = before.object, let new = after.object else { return ["": "the evaluated manifest is not a JSON object"] }
        var differences: [String: String] = [:]
        let keys = Set(old.keys).union(new.keys).subtracting(["targets"])
        if let key = keys.sorted().first(where: { old[$0] != new[$0] }) {
            differences[""] = "the package's '\(key)' changed"
        }
        let oldTargets = targetsByName(old["targets"])
        let newTargets = targetsByName(new["targets"])
        for name in Set(oldTargets.keys).union(newTargets.keys).union(intended.keys).sorted() {
            guard let oldTarget = oldTargets[name], let newTarget = newTargets[name] else {
                differences[name] = oldTargets[name] == nil && newTargets[name] == nil
                    ? "SwiftPM does not see a target named \(name)" : "the target appeared or disappeared"
                continue
            }
            let otherKeys = Set(oldTarget.keys).union(newTarget.keys).subtracting(["dependencies"])
            if let key = otherKeys.sorted().first(where: { oldTarget[$0] != newTarget[$0] }) {
                differences[name] = "its '\(key)' changed"
                continue
            }
            let oldList = oldTarget["dependencies"]?.array ?? []
            let newList = newTarget["dependencies"]?.array ?? []
            if let change = intended[name] {
                if let problem = problem(expecting: change, from: oldList, got: newList) { differences[name] = problem }
            } else if oldList != newList {
                differences[name] = "its dependencies changed although no fix was meant for it"
            }
        }
        return differences
    }

    /// Why `new` is not `old` with `change` applied, or nil when it is.
    private static func problem(expecting change: IntendedChange, from old: [JSONValue], got new: [JSONValue]) -> String? {
        // The last element naming each deduplicated name stays.
        var lastNaming: [String: Int] = [:]
        for (index, element) in old.enumerated() {
            if let name = name(of: element), change.deduplicated.contains(name) { lastNaming[name] = index }
        }
        let kept = old.enumerated().filter { index, element in
            guard let name = name(of: element) else { return true }
            if change.removed.contains(name) { return false }
            if change.deduplicated.contains(name) { return lastNaming[name] == index }
            return true
        }.map(\.element)
        let expectedCount = kept.count + change.added.count
        guard new.count == expectedCount else {
            if new == old { return "SwiftPM sees no change to its dependencies (the edit is in code the manifest does not run, or is undone later)" }
            return "SwiftPM sees \(new.count) dependencies where the fix meant \(expectedCount)"
        }
        guard Array(new.prefix(kept.count)) == kept else {
            return "SwiftPM sees its other dependencies changed (the list is changed again when the manifest runs)"
        }
        let appended = new.dropFirst(kept.count).map(name(of:))
        guard appended == change.added.map(Optional.some) else {
            return "SwiftPM sees \(appended.map { $0 ?? "?" }.joined(separator: ", ")) added where the fix meant \(change.added.joined(separator: ", "))"
        }
        return nil
    }

    /// The targets of a dump by name; a name twice keeps the first (SwiftPM refuses the manifest).
    private static func targetsByName(_ value: JSONValue?) -> [String: [String: JSONValue]] {
        var result: [String: [String: JSONValue]] = [:]
        for target in value?.array ?? [] {
            guard let object = target.object, let name = object["name"]?.string, result[name] == nil else { continue }
            result[name] = object
        }
        return result
    }

    /// The name a dependency element of a dump carries: `{"byName": ["B", null]}`,
    /// `{"target": ["B", …]}`, `{"product": ["P", "package", …]}`.
    static func name(of element: JSONValue) -> String? {
        guard let object = element.object, object.count == 1, let value = object.values.first else { return nil }
        return value.array?.first?.string
    }
}
