/// The `dependencies:` of one target declaration as the editor reads it.
struct DependencyList {
    var declaration: TargetDeclaration
    /// The token index of the list's `[`; meaningful only when `elements` is not nil.
    var open: Int
    /// The list's elements, or nil when the declaration has no `dependencies:` argument.
    var elements: ManifestTokens.Items?
    /// The argument a new `dependencies:` goes after: the name, or a plugin's capability.
    var anchor: Int

    static func read(_ target: String, in manifest: ManifestTokens) throws(ManifestEditor.Refusal) -> DependencyList {
        let declaration = try TargetDeclaration.find(target, in: manifest)
        let arguments = declaration.arguments.items
        let lists = arguments.filter { manifest.label(of: $0) == "dependencies" }
        guard lists.count <= 1 else { throw .notALiteralList(target) }
        let anchorLabel = declaration.factory == "plugin" ? "capability" : "name"
        let anchor = arguments.firstIndex { manifest.label(of: $0) == anchorLabel }
        guard let argument = lists.first else {
            guard let anchor else { throw .notALiteralList(target) }
            return DependencyList(declaration: declaration, open: -1, elements: nil, anchor: anchor)
        }
        // The whole argument must be one list: `core + […]`, `[…] + extra`, `[…].map` are not exact.
        let open = argument.lowerBound + 2
        guard open <= argument.upperBound, manifest.tokens[open].kind == .openBracket,
              manifest.closer(of: open) == argument.upperBound, let elements = manifest.items(at: open)
        else { throw .notALiteralList(target) }
        return DependencyList(declaration: declaration, open: open, elements: elements, anchor: anchor ?? 0)
    }

    /// The names an element provably gives: a string literal, `.target(name:)`, `.byName(name:)`
    /// or `.product(name:package:)` with literal arguments. Anything else (a condition, a
    /// variable) names nothing the editor may remove.
    static func names(of item: ClosedRange<Int>, in manifest: ManifestTokens) -> [String] {
        if item.count == 1, let name = manifest.literal(item.lowerBound) { return [name] }
        let first = item.lowerBound
        guard item.count >= 4, manifest.isPunctuation(first, "."), manifest.tokens[first + 1].kind == .identifier,
              let call = manifest.tokens[first + 1].text, manifest.tokens[first + 2].kind == .openParenthesis,
              let arguments = manifest.items(at: first + 2), arguments.close == item.upperBound,
              arguments.commas.count == arguments.items.count - 1
        else { return [] }
        let expected: [String] = switch call {
        case "product": ["name", "package"]
        case "target", "byName": ["name"]
        default: []
        }
        guard !expected.isEmpty, arguments.items.map({ manifest.label(of: $0) }) == expected,
              arguments.items.allSatisfy({ $0.count == 3 && manifest.literal($0.upperBound) != nil }),
              let name = manifest.literal(arguments.items[0].upperBound)
        else { return [] }
        return [name]
    }
}
