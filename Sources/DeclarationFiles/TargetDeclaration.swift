/// A `.target(name: "X", …)` call (or `.executableTarget`, `.testTarget`, `.macro`, `.plugin`)
/// that provably declares a target of the package: an element of the `targets:` list of the
/// manifest's one `Package(…)`, of a `let` list that argument names, or of a list appended to
/// `package.targets` at the top level. A call anywhere else (a helper list, a function) may
/// never reach the package, so the editor does not take it for the declaration.
struct TargetDeclaration {
    var name: String
    var factory: String
    /// The token index of the `.` that starts the call.
    var dot: Int
    /// The call's arguments.
    var arguments: ManifestTokens.Items

    /// Factories whose targets have a `dependencies:` argument.
    static let factories: Set<String> = ["target", "executableTarget", "testTarget", "macro", "plugin"]

    /// The one declaration of `target` the package can reach.
    static func find(_ target: String, in manifest: ManifestTokens) throws(ManifestEditor.Refusal) -> TargetDeclaration {
        let containers = try targetContainers(in: manifest)
        var found: [TargetDeclaration] = []
        for container in containers {
            for item in container where manifest.isPunctuation(item.lowerBound, ".") {
                guard let declaration = declaration(at: item, in: manifest), declaration.name == target else { continue }
                found.append(declaration)
            }
        }
        guard found.count <= 1 else { throw .declaredTwice(target) }
        if let declaration = found.first { return declaration }
        // Declared, but somewhere the package's targets do not provably include.
        for index in manifest.tokens.indices where index + 5 < manifest.tokens.count && manifest.isPunctuation(index, ".") {
            if manifest.tokens[index + 1].kind == .identifier, factories.contains(manifest.tokens[index + 1].text ?? ""),
               manifest.tokens[index + 2].kind == .openParenthesis, manifest.isIdentifier(index + 3, "name"),
               manifest.tokens[index + 4].kind == .colon, manifest.literal(index + 5) == target {
                throw .declaredOutsideTargets(target)
            }
        }
        throw .targetNotFound(target)
    }

    /// The call at `item` when the item is exactly `.factory(name: "literal", …)`.
    private static func declaration(at item: ClosedRange<Int>, in manifest: ManifestTokens) -> TargetDeclaration? {
        let open = item.lowerBound + 2
        guard open <= item.upperBound, manifest.tokens[item.lowerBound + 1].kind == .identifier,
              let factory = manifest.tokens[item.lowerBound + 1].text, factories.contains(factory),
              manifest.tokens[open].kind == .openParenthesis,
              let arguments = manifest.items(at: open), arguments.close == item.upperBound,
              let first = arguments.items.first, manifest.label(of: first) == "name",
              first.count == 3, let name = manifest.literal(first.upperBound)
        else { return nil }
        return TargetDeclaration(name: name, factory: factory, dot: item.lowerBound, arguments: arguments)
    }

    /// The items of every list the package's targets provably come from.
    private static func targetContainers(in manifest: ManifestTokens) throws(ManifestEditor.Refusal) -> [[ClosedRange<Int>]] {
        let depths = manifest.braceDepths()
        let calls = manifest.tokens.indices.filter {
            manifest.isIdentifier($0, "Package") && manifest.tokens.indices.contains($0 + 1)
                && manifest.tokens[$0 + 1].kind == .openParenthesis && !manifest.isPunctuation($0 - 1, ".")
        }
        guard calls.count == 1, let call = calls.first, depths[call] == 0,
              let arguments = manifest.items(at: call + 1) else { throw .packageNotFound }
        var containers: [[ClosedRange<Int>]] = []
        if let targets = arguments.items.first(where: { manifest.label(of: $0) == "targets" }) {
            guard targets.count > 2 else { throw .targetsNotALiteralList }
            let value = (targets.lowerBound + 2)...targets.upperBound
            if manifest.tokens[value.lowerBound].kind == .openBracket, manifest.closer(of: value.lowerBound) == value.upperBound,
               let list = manifest.items(at: value.lowerBound) {
                containers.append(list.items)
            } else if value.count == 1, manifest.tokens[value.lowerBound].kind == .identifier, let variable = manifest.tokens[value.lowerBound].text {
                containers.append(try constantList(named: variable, in: manifest, depths: depths))
            } else {
                throw .targetsNotALiteralList
            }
        }
        // `let package = Package(…)` then `package.targets.append(…)`, `.append(contentsOf: […])`, `+= […]`.
        if manifest.isPunctuation(call - 1, "="), manifest.tokens.indices.contains(call - 2),
           manifest.tokens[call - 2].kind == .identifier, let package = manifest.tokens[call - 2].text {
            for index in manifest.tokens.indices where depths[index] == 0 && manifest.isIdentifier(index, package)
                && manifest.isPunctuation(index + 1, ".") && manifest.isIdentifier(index + 2, "targets") {
                if let appended = appendedItems(after: index + 3, in: manifest) { containers.append(appended) }
            }
        }
        return containers
    }

    /// `.append(x)`, `.append(contentsOf: […])` or `+= […]` at `index`.
    private static func appendedItems(after index: Int, in manifest: ManifestTokens) -> [ClosedRange<Int>]? {
        // The cursor gives each operator character a token of its own.
        if manifest.isPunctuation(index, "+"), manifest.isPunctuation(index + 1, "="), manifest.end(index) == manifest.start(index + 1),
           manifest.tokens.indices.contains(index + 2), manifest.tokens[index + 2].kind == .openBracket {
            return manifest.items(at: index + 2)?.items
        }
        guard manifest.isPunctuation(index, "."), manifest.isIdentifier(index + 1, "append"),
              manifest.tokens.indices.contains(index + 2), manifest.tokens[index + 2].kind == .openParenthesis,
              let arguments = manifest.items(at: index + 2), arguments.items.count == 1, let argument = arguments.items.first
        else { return nil }
        if manifest.label(of: argument) == "contentsOf" {
            let list = argument.lowerBound + 2
            guard manifest.tokens[list].kind == .openBracket, manifest.closer(of: list) == argument.upperBound else { return nil }
            return manifest.items(at: list)?.items
        }
        return manifest.label(of: argument) == nil ? [argument] : nil
    }

    /// The items of `let name = […]` (or `let name: [Target] = […]`) declared once at the top
    /// level, as a whole statement. A `var` could be changed anywhere: refused.
    private static func constantList(named name: String, in manifest: ManifestTokens, depths: [Int]) throws(ManifestEditor.Refusal) -> [ClosedRange<Int>] {
        let tokens = manifest.tokens
        let declarations = tokens.indices.filter {
            depths[$0] == 0 && (manifest.isIdentifier($0, "let") || manifest.isIdentifier($0, "var")) && manifest.isIdentifier($0 + 1, name)
        }
        guard declarations.count == 1, let keyword = declarations.first, manifest.isIdentifier(keyword, "let") else {
            throw .targetsNotALiteralList
        }
        // Past an optional type annotation to the `=`.
        var index = keyword + 2
        if index < tokens.count, tokens[index].kind == .colon {
            index += 1
            guard index < tokens.count, tokens[index].kind == .openBracket, let close = manifest.closer(of: index) else { throw .targetsNotALiteralList }
            index = close + 1
        }
        guard manifest.isPunctuation(index, "="), index + 1 < tokens.count, tokens[index + 1].kind == .openBracket,
              let list = manifest.items(at: index + 1) else { throw .targetsNotALiteralList }
        // The list must be the whole value: what follows starts a new statement.
        let next = list.close + 1
        if next < tokens.count {
            let startsStatement = manifest.isPunctuation(next, ";")
                || (tokens[next].kind == .identifier && !["as", "is"].contains(tokens[next].text ?? "")
                    && manifest.hasLineBreak(manifest.end(list.close)..<manifest.start(next)))
            guard startsStatement else { throw .targetsNotALiteralList }
        }
        return list.items
    }
}
