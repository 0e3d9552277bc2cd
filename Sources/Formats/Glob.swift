/// Shell-style path globs: `*` matches within one path component, `**` across components, `?`
/// one character (a `Character`: `é` or an emoji is one). Used for layer paths and exclusions.
///
/// Matching is iterative — the two-pointer algorithm that backtracks only to the last star,
/// within a component for `*` and over components for `**` — so it takes at most
/// pattern × path steps and no input can deepen the call stack.
package struct Glob: Sendable, Hashable {
    package let pattern: String
    private let components: [Component]

    /// One component of the pattern, kept as bytes for ASCII paths and as characters for others.
    private struct Component: Sendable, Hashable {
        var isAnyComponents: Bool
        var bytes: [UInt8]
        var characters: [Character]
    }

    package init(_ pattern: String) {
        self.pattern = pattern
        var trimmed = Substring(pattern)
        while trimmed.hasPrefix("./") { trimmed = trimmed.dropFirst(2) }
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        components = trimmed.split(separator: "/", omittingEmptySubsequences: true).map {
            Component(isAnyComponents: $0 == "**", bytes: Array($0.utf8), characters: Array($0))
        }
    }

    package func matches(_ path: String) -> Bool {
        match(path.split(separator: "/", omittingEmptySubsequences: true), allowingDescendants: false)
    }

    /// Whether the path or one of its parent folders matches: `Sources/Legacy` excludes every
    /// file below it.
    package func matchesItselfOrParent(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        // An empty pattern names the root only, never a folder below it.
        guard !components.isEmpty else { return parts.isEmpty }
        return match(parts, allowingDescendants: true)
    }

    /// Matches components as a star pattern over components: `**` is the star, every other
    /// pattern component matches exactly one path component. With `allowingDescendants`, the
    /// pattern may match any leading part of the path (as if it ended in `/**`).
    private func match(_ path: [Substring], allowingDescendants: Bool) -> Bool {
        var patternIndex = 0
        var pathIndex = 0
        var star = -1
        var starPath = 0
        while pathIndex < path.count {
            if patternIndex < components.count && components[patternIndex].isAnyComponents {
                star = patternIndex
                starPath = pathIndex
                patternIndex += 1
            } else if patternIndex < components.count && Self.matchComponent(components[patternIndex], path[pathIndex]) {
                patternIndex += 1
                pathIndex += 1
            } else if patternIndex == components.count && allowingDescendants && patternIndex > 0 {
                return true
            } else if star >= 0 {
                patternIndex = star + 1
                starPath += 1
                pathIndex = starPath
            } else {
                return false
            }
        }
        while patternIndex < components.count && components[patternIndex].isAnyComponents { patternIndex += 1 }
        return patternIndex == components.count
    }

    private static func matchComponent(_ pattern: Component, _ text: Substring) -> Bool {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return matchWildcards(pattern.bytes, Array(text.utf8), star: UInt8(ascii: "*"), single: UInt8(ascii: "?"))
        }
        return matchWildcards(pattern.characters, Array(text), star: "*", single: "?")
    }

    /// `*` matches any run of elements, `single` exactly one; backtracking returns only to the
    /// last `*`, which suffices because every other pattern element matches exactly one.
    private static func matchWildcards<Element: Equatable>(_ pattern: [Element], _ text: [Element], star: Element, single: Element) -> Bool {
        var patternIndex = 0
        var textIndex = 0
        var lastStar = -1
        var starText = 0
        while textIndex < text.count {
            if patternIndex < pattern.count && pattern[patternIndex] == star {
                lastStar = patternIndex
                starText = textIndex
                patternIndex += 1
            } else if patternIndex < pattern.count && (pattern[patternIndex] == single || pattern[patternIndex] == text[textIndex]) {
                patternIndex += 1
                textIndex += 1
            } else if lastStar >= 0 {
                patternIndex = lastStar + 1
                starText += 1
                textIndex = starText
            } else {
                return false
            }
        }
        while patternIndex < pattern.count && pattern[patternIndex] == star { patternIndex += 1 }
        return patternIndex == pattern.count
    }
}
