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
        /// Offsets of the brackets and parentheses open around the literal, outermost first.
        var enclosing: [Int]
        /// The offset of the innermost open parenthesis: the call the literal is an argument of.
        var call: Int?
    }

    private let literals: [Literal]

    package init(text: String) {
        var literals: [Literal] = []
        let bytes = Array(text.utf8)
        var index = 0
        var line = 1
        var lineStart = 0
        var open: [(offset: Int, isParenthesis: Bool)] = []
        var word: [UInt8] = []
        var afterNameLabel = false
        while index < bytes.count {
            let byte = bytes[index]
            let next: UInt8 = index + 1 < bytes.count ? bytes[index + 1] : 0
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            } else if byte == UInt8(ascii: "/") && next == UInt8(ascii: "/") {
                while index + 1 < bytes.count && bytes[index + 1] != UInt8(ascii: "\n") { index += 1 }
            } else if byte == UInt8(ascii: "/") && next == UInt8(ascii: "*") {
                index += 1
                while index + 1 < bytes.count && !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                    index += 1
                    if bytes[index] == UInt8(ascii: "\n") { line += 1; lineStart = index + 1 }
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
                    afterNameLabel: afterNameLabel, enclosing: open.map(\.offset),
                    call: open.last(where: \.isParenthesis)?.offset))
                afterNameLabel = false
            } else if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") {
                open.append((index, byte == UInt8(ascii: "(")))
            } else if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") {
                _ = open.popLast()
            } else if byte == UInt8(ascii: ":") {
                afterNameLabel = word == Array("name".utf8)
            }
            let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            if isLetter {
                word.append(byte)
            } else if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") {
                word = []
                if byte != UInt8(ascii: ":") && byte != UInt8(ascii: "\"") { afterNameLabel = false }
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

    private func declaration(of target: String) -> Literal? {
        literals.first { $0.value == target && $0.afterNameLabel } ?? literals.first { $0.value == target }
    }
}
