/// Finds where a target is declared in `Package.swift`, and where one of its dependencies is
/// named, so that manifest findings point at a line Xcode can jump to.
///
/// It reads string literals and parentheses only (comments skipped): a target is declared where
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
        var literals: [Literal] = []
        let bytes = Array(text.utf8)
        var index = 0
        var line = 1
        var lineStart = 0
        var open: [(offset: Int, isParenthesis: Bool, name: String)] = []
        var word: [UInt8] = []
        var lastWord = ""
        var afterNameLabel = false
        var afterOpenParenthesis = false
        while index < bytes.count {
            let byte = bytes[index]
            let next: UInt8 = index + 1 < bytes.count ? bytes[index + 1] : 0
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            } else if byte == UInt8(ascii: "/") && next == UInt8(ascii: "/") {
                while index + 1 < bytes.count && bytes[index + 1] != UInt8(ascii: "\n") { index += 1 }
            } else if byte == UInt8(ascii: "/") && next == UInt8(ascii: "*") {
                // Search after the opener, so that `/*/` does not close itself.
                index += 2
                while index + 1 < bytes.count && !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                    if bytes[index] == UInt8(ascii: "\n") { line += 1; lineStart = index + 1 }
                    index += 1
                }
                index += 1
            } else if byte == UInt8(ascii: "\"") {
                let start = index
                var value: [UInt8] = []
                index += 1
                while index < bytes.count && bytes[index] != UInt8(ascii: "\"") && bytes[index] != UInt8(ascii: "\n") {
                    if bytes[index] == UInt8(ascii: "\\") { index += 1 }
                    if index < bytes.count { value.append(bytes[index]) }
                    index += 1
                }
                literals.append(Literal(
                    value: String(decoding: value, as: UTF8.self), line: line, column: start - lineStart + 1,
                    afterNameLabel: afterNameLabel, isFirstArgument: afterOpenParenthesis, enclosing: open.map(\.offset),
                    calls: open.filter(\.isParenthesis).map(\.name), call: open.last(where: \.isParenthesis)?.offset))
                afterNameLabel = false
            } else if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") {
                open.append((index, byte == UInt8(ascii: "("), byte == UInt8(ascii: "(") ? lastWord : ""))
            } else if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") {
                _ = open.popLast()
            } else if byte == UInt8(ascii: ":") {
                afterNameLabel = word == Array("name".utf8)
            }
            let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            if isLetter {
                word.append(byte)
                lastWord = String(decoding: word, as: UTF8.self)
            } else if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") {
                word = []
                if byte != UInt8(ascii: "(") { lastWord = "" }
                if byte != UInt8(ascii: ":") && byte != UInt8(ascii: "\"") { afterNameLabel = false }
            }
            if byte == UInt8(ascii: "(") {
                afterOpenParenthesis = true
            } else if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\n") && byte != UInt8(ascii: "\r") {
                afterOpenParenthesis = false
            }
            index += 1
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
        return (declaration.line, declaration.column)
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
