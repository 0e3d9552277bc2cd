import ImportScanning

/// Finds where a target is declared in `Package.swift`, and where one of its dependencies is
/// named, so that manifest findings point at a line Xcode can jump to.
///
/// It reads the string literals, names and brackets of the scanner's token stream: a target is declared where
/// its name is a literal, preferably after `name:`; a dependency is the literal naming it inside
/// the same call. Manifests that build names at run time fall back to the first line.
package struct ManifestLocator: Sendable {
    private struct Literal {
        var value: String
        var line: Int
        var column: Int
        var afterNameLabel: Bool
        /// Directly after `(`: the first argument of a call, as in `featureTarget("Search", …)`.
        var isFirstArgument: Bool
        /// Offsets of the brackets and parentheses open around the literal, outermost first.
        var enclosing: [Int]
        /// The names of the calls open around the literal (`target`, `library`, …), outermost first.
        var calls: [String]
        /// The offset of the innermost open parenthesis: the call the literal is an argument of.
        var call: Int?
    }

    /// Calls that declare a target, and calls that only name one (products, dependencies).
    static let targetFactories: Set<String> = ["target", "executableTarget", "testTarget", "macro", "plugin", "systemLibrary", "binaryTarget"]
    static let namingCalls: Set<String> = ["library", "executable", "product", "byName"]

    private let literals: [Literal]

    package init(text: String) {
        self.init(tokens: SourceToken.tokenize(text))
    }

    package init(bytes: [UInt8]) {
        self.init(tokens: SourceToken.tokenize(bytes))
    }

    /// Reads the tokens of the scanner's cursor, so comments (nested ones too), raw, multi-line
    /// and interpolated strings are read exactly as the import scan and the compiler read them.
    private init(tokens: [SourceToken]) {
        var literals: [Literal] = []
        var open: [(offset: Int, isParenthesis: Bool, name: String)] = []
        for (position, token) in tokens.enumerated() {
            let previous = position > 0 ? tokens[position - 1] : nil
            switch token.kind {
            case .stringLiteral:
                guard let value = token.text else { continue }
                let labelled = position >= 2 && previous?.kind == .colon
                    && tokens[position - 2].kind == .identifier && tokens[position - 2].text == "name"
                literals.append(Literal(
                    value: value, line: token.position.line, column: token.position.column,
                    afterNameLabel: labelled, isFirstArgument: previous?.kind == .openParenthesis,
                    enclosing: open.map(\.offset), calls: open.filter(\.isParenthesis).map(\.name),
                    call: open.last(where: \.isParenthesis)?.offset))
            case .openParenthesis:
                let name = previous?.kind == .identifier ? previous?.text ?? "" : ""
                open.append((token.position.offset, true, name))
            case .openBracket:
                open.append((token.position.offset, false, ""))
            case .closeParenthesis, .closeBracket:
                _ = open.popLast()
            case .identifier, .colon, .other:
                continue
            }
        }
        self.literals = literals
    }

    /// The line and column of the literal that declares `target`; (1, 1) when none does.
    package func location(ofTarget target: String) -> (line: Int, column: Int) {
        guard let declaration = declaration(of: target) else { return (1, 1) }
        return (declaration.line, declaration.column)
    }

    /// Where `dependency` is named in `target`'s declaration (inside the same call), else where
    /// the target is declared.
    package func location(ofDependency dependency: String, inTarget target: String) -> (line: Int, column: Int) {
        guard let declaration = declaration(of: target) else { return (1, 1) }
        if let call = declaration.call,
           let named = literals.first(where: { $0.value == dependency && $0.enclosing.contains(call) && $0.line >= declaration.line }) {
            return (named.line, named.column)
        }
        // A package-level dependency (`.package(url: "…")`) named by its URL.
        if let package = literals.first(where: { $0.value == dependency && $0.calls.last == "package" }) {
            return (package.line, package.column)
        }
        return (declaration.line, declaration.column)
    }

    /// The line and column of the literal naming product `product` in `products:`
    /// (`.library(name: "X", …)`, `.executable(name: "X", …)`); else any literal spelling it;
    /// (1, 1) when none does.
    package func location(ofProduct product: String) -> (line: Int, column: Int) {
        let candidates = literals.filter { $0.value == product }
        let declaration = candidates.first { $0.afterNameLabel && ["library", "executable"].contains($0.calls.last ?? "") }
            ?? candidates.first { ["library", "executable"].contains($0.calls.last ?? "") }
            ?? candidates.first
        return declaration.map { ($0.line, $0.column) } ?? (1, 1)
    }

    /// The line and column of the package's name in `Package(name: "X", …)`: where the package
    /// itself is declared; (1, 1) when no literal names it there.
    package func locationOfPackage() -> (line: Int, column: Int) {
        let name = literals.first { $0.afterNameLabel && $0.calls == ["Package"] }
        return name.map { ($0.line, $0.column) } ?? (1, 1)
    }

    /// `.target(name: "X")` (not nested in another target's declaration), else the first
    /// argument of a helper call (`featureTarget("X", …)`), else any literal that does not only
    /// name the target (a product, a dependency).
    private func declaration(of target: String) -> Literal? {
        let candidates = literals.filter { $0.value == target }
        func isNamingOnly(_ literal: Literal) -> Bool {
            literal.calls.contains(where: Self.namingCalls.contains) || literal.calls.dropLast().contains(where: Self.targetFactories.contains)
        }
        return candidates.first { $0.afterNameLabel && Self.targetFactories.contains($0.calls.last ?? "") && !isNamingOnly($0) }
            ?? candidates.first { $0.isFirstArgument && !isNamingOnly($0) }
            ?? candidates.first { !isNamingOnly($0) }
            ?? candidates.first
    }
}
