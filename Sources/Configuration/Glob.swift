/// Shell-style path globs: `*` matches within one path component, `**` across components, `?`
/// one character. Used for layer paths and exclusions.
package struct Glob: Sendable, Hashable {
    package let pattern: String
    private let components: [Substring]

    package init(_ pattern: String) {
        self.pattern = pattern
        var trimmed = Substring(pattern)
        while trimmed.hasPrefix("./") { trimmed = trimmed.dropFirst(2) }
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        components = trimmed.split(separator: "/", omittingEmptySubsequences: true)
    }

    package func matches(_ path: String) -> Bool {
        Self.match(components[...], path.split(separator: "/", omittingEmptySubsequences: true)[...])
    }

    /// Whether the path or one of its parent folders matches: `Sources/Legacy` excludes every
    /// file below it.
    package func matchesItselfOrParent(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        return (1...max(1, parts.count)).contains { Self.match(components[...], parts.prefix($0)) }
    }

    private static func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            let rest = pattern.dropFirst()
            return (path.startIndex...path.endIndex).contains { match(rest, path[$0...]) }
        }
        guard let head = path.first, matchComponent(Array(first.utf8)[...], Array(head.utf8)[...]) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    private static func matchComponent(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        switch first {
        case UInt8(ascii: "*"):
            let rest = pattern.dropFirst()
            return (text.startIndex...text.endIndex).contains { matchComponent(rest, text[$0...]) }
        case UInt8(ascii: "?"):
            return !text.isEmpty && matchComponent(pattern.dropFirst(), text.dropFirst())
        default:
            return text.first == first && matchComponent(pattern.dropFirst(), text.dropFirst())
        }
    }
}
