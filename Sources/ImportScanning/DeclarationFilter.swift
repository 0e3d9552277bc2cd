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

        func admits(_ kind: TypeDeclaration.Kind) -> Bool {
            kinds.isEmpty ? kind != .extension : kinds.contains(kind)
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
    /// Whether `pattern` matches the name whose components (`Foo`, `Bar` of `Foo.Bar`) are
    /// `components` of `bytes`. A one-component ASCII name is matched on its bytes in place, with
    /// no string made: this runs for every declaration of every file.
    static func matches(_ pattern: String, components: [Range<Int>], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if components.count == 1, let range = components.first, bytes[range].allSatisfy({ $0 < 0x80 }) {
            let plain = pattern.utf8.withContiguousStorageIfAvailable { pattern -> Bool? in
                guard pattern.allSatisfy({ $0 < 0x80 }), !isUnderstoodOnlyAsMatchingAll(pattern) else { return nil }
                return starMatch(pattern, UnsafeBufferPointer(rebasing: bytes[range]), anyOne: UInt8(ascii: "?"), anyRun: UInt8(ascii: "*"))
            }
            if let plain, let answer = plain { return answer }
        }
        let name = components.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }.joined(separator: ".")
        return matches(pattern, name)
    }

    static func matches(_ pattern: String, _ name: String) -> Bool {
        if pattern == name { return true }
        if isUnderstoodOnlyAsMatchingAll(pattern.utf8) { return true }
        return starMatch(Array(pattern), Array(name), anyOne: "?", anyRun: "*")
    }

    private static func isUnderstoodOnlyAsMatchingAll<Bytes: Sequence<UInt8>>(_ pattern: Bytes) -> Bool {
        pattern.contains { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "\\") }
    }

    private static func starMatch<Pattern: RandomAccessCollection, Name: RandomAccessCollection>(
        _ pattern: Pattern, _ name: Name, anyOne: Pattern.Element, anyRun: Pattern.Element
    ) -> Bool where Pattern.Element: Equatable, Pattern.Element == Name.Element, Pattern.Index == Int, Name.Index == Int {
        var patternIndex = pattern.startIndex
        var nameIndex = name.startIndex
        var star = -1
        var starName = 0
        while nameIndex < name.endIndex {
            if patternIndex < pattern.endIndex && (pattern[patternIndex] == anyOne || pattern[patternIndex] == name[nameIndex]) {
                patternIndex += 1
                nameIndex += 1
            } else if patternIndex < pattern.endIndex && pattern[patternIndex] == anyRun {
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
        while patternIndex < pattern.endIndex && pattern[patternIndex] == anyRun { patternIndex += 1 }
        return patternIndex == pattern.endIndex
    }
}

extension DeclarationFilter {
    /// Whether a declaration the tokens read is one to keep: a selector selects it, or an entry
    /// of its inheritance clause has an `unchecked` word (`@unchecked Sendable`) and those are kept.
    func keeps(_ pending: InspectionTokens.PendingDeclaration, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for selector in selectors where selector.admits(pending.kind) {
            if selector.names.isEmpty || selector.names.contains(where: { NamePattern.matches($0, components: pending.name, in: bytes) }) { return true }
        }
        guard uncheckedSendable else { return false }
        return pending.inheritance.contains { entry in
            entry.contains { range in
                var start = range.lowerBound
                if start < range.upperBound && bytes[start] == UInt8(ascii: "@") { start += 1 }
                return bytes[start..<range.upperBound].elementsEqual("unchecked".utf8)
            }
        }
    }
}
