/// Which declarations an inspecting scan keeps: those some configured rule can select. Every
/// declaration is still read from the tokens (its shape decides where the next one starts), but
/// only a kept one becomes strings, a line position and a line text; on a large package most
/// types are named nothing a rule asks about, and building them all cost more than scanning.
package struct DeclarationFilter: Sendable, Hashable {
    /// Declarations of one of `kinds` (empty: every kind but `extension`) whose name matches one
    /// of `names` (empty: every name): a `source.declarations` entry's selection, scope aside.
    package struct Selector: Sendable, Hashable {
        package var kinds: [TypeDeclaration.Kind]
        package var names: [String]

        package init(kinds: [TypeDeclaration.Kind] = [], names: [String] = []) {
            self.kinds = kinds
            self.names = names
        }

        func selects(_ kind: TypeDeclaration.Kind, name: String) -> Bool {
            (kinds.isEmpty ? kind != .extension : kinds.contains(kind))
                && (names.isEmpty || names.contains { NamePattern.matches($0, name) })
        }
    }

    package var selectors: [Selector]
    /// Whether a declaration whose inheritance clause says `@unchecked` is kept whatever its name.
    package var uncheckedSendable: Bool

    package init(selectors: [Selector] = [], uncheckedSendable: Bool = false) {
        self.selectors = selectors
        self.uncheckedSendable = uncheckedSendable
    }

    /// A stable text of the filter, for the inspection's key.
    var key: String {
        let parts = selectors.map { selector in
            selector.kinds.map(\.rawValue).joined(separator: "+") + ":" + selector.names.joined(separator: "+")
        }
        return (uncheckedSendable ? "u" : "-") + "[" + parts.joined(separator: "|") + "]"
    }
}

/// A declaration name glob as `source.declarations` writes it: `*` any run of characters, `?`
/// one. Matched iteratively (two pointers, backtracking to the last star), so no pattern deepens
/// the stack. A pattern with `/` or bracket syntax is not understood here and matches every name:
/// the rule then decides with the configuration's own glob, on a declaration kept too many.
enum NamePattern {
    static func matches(_ pattern: String, _ name: String) -> Bool {
        if pattern == name { return true }
        if pattern.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "\\") }) {
            return true
        }
        let pattern = Array(pattern)
        let name = Array(name)
        var patternIndex = 0
        var nameIndex = 0
        var star = -1
        var starName = 0
        while nameIndex < name.count {
            if patternIndex < pattern.count && (pattern[patternIndex] == "?" || pattern[patternIndex] == name[nameIndex]) {
                patternIndex += 1
                nameIndex += 1
            } else if patternIndex < pattern.count && pattern[patternIndex] == "*" {
                star = patternIndex
                starName = nameIndex
                patternIndex += 1
            } else if star >= 0 {
                patternIndex = star + 1
                starName += 1
                nameIndex = starName
            } else {
                return false
            }
        }
        while patternIndex < pattern.count && pattern[patternIndex] == "*" { patternIndex += 1 }
        return patternIndex == pattern.count
    }
}

extension DeclarationFilter {
    /// Whether a declaration the tokens read is one to keep: a selector selects it, or an entry
    /// of its inheritance clause has an `unchecked` word (`@unchecked Sendable`) and those are kept.
    func keeps(_ pending: InspectionTokens.PendingDeclaration, name: String, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if selectors.contains(where: { $0.selects(pending.kind, name: name) }) { return true }
        guard uncheckedSendable else { return false }
        let word = Array("unchecked".utf8)
        return pending.inheritance.contains { entry in
            entry.contains { range in
                var start = range.lowerBound
                if start < range.upperBound && bytes[start] == UInt8(ascii: "@") { start += 1 }
                return range.upperBound - start == word.count && word.indices.allSatisfy { bytes[start + $0] == word[$0] }
            }
        }
    }
}
