import ImportScanning

/// Edits the `dependencies:` list of one target declaration in a manifest's bytes, only where it
/// can read the list exactly: `.target(name: "X", dependencies: [...])` (or `executableTarget`,
/// `testTarget`) whose elements are all string literals, `.target(name:)`, `.byName(name:)` or
/// `.product(name:package:)` with literal arguments. Lists built by helpers, concatenated or
/// conditional are left alone, with the reason.
package struct ManifestEditor: Sendable {
    package private(set) var bytes: [UInt8]

    package init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Why a fix was not applied.
    package enum Refusal: Error, Sendable, Equatable {
        case targetNotFound(String)
        case notALiteralList(String)
        case dependencyNotListed(String)

        package var reason: String {
            switch self {
            case .targetNotFound(let target): "no `.target(name: \"\(target)\", …)` declaration with a literal name was found"
            case .notALiteralList(let target): "the dependencies of \(target) are not a literal list Bulkhead can edit exactly"
            case .dependencyNotListed(let name): "\(name) is not an element of the literal list (it may come from a product or a helper)"
            }
        }
    }

    private struct Element {
        var names: [String]
        var start: Int
        /// Just past its last token.
        var end: Int
    }

    private struct DependencyList {
        var open: Int
        var close: Int
        var elements: [Element]
        /// The offset just past the name literal, for a declaration with no list.
        var afterName: Int?
    }

    static let factories: Set<String> = ["target", "executableTarget", "testTarget"]

    /// Adds `spelling` to the end of `target`'s list, in the list's style: inline lists get
    /// `, X`; one element a line gets a new line with the last element's indentation.
    package mutating func add(_ spelling: String, to target: String) throws(Refusal) {
        let list = try dependencyList(of: target)
        guard list.open >= 0 else {
            // No dependencies argument: one after the name.
            guard let afterName = list.afterName else { throw .notALiteralList(target) }
            bytes.insert(contentsOf: Array(", dependencies: [\(spelling)]".utf8), at: afterName)
            return
        }
        guard let last = list.elements.last else {
            bytes.replaceSubrange(list.open + 1..<list.close, with: Array(spelling.utf8))
            return
        }
        let between = Array(bytes[last.end..<list.close])
        let hasTrailingComma = between.contains(UInt8(ascii: ","))
        if lineNumber(of: last.start) != lineNumber(of: list.close) || lineNumber(of: list.open) != lineNumber(of: last.start) {
            // One element a line: a new line like the last one.
            let indentation = indentationOfLine(at: last.start)
            let insertion = (hasTrailingComma ? "" : ",") + "\n" + indentation + spelling + (hasTrailingComma ? "," : "")
            let at = hasTrailingComma ? (last.end + (between.firstIndex(of: UInt8(ascii: ",")) ?? 0) + 1) : last.end
            bytes.insert(contentsOf: Array(insertion.utf8), at: at)
        } else {
            bytes.insert(contentsOf: Array(", \(spelling)".utf8), at: last.end)
        }
    }

    /// Removes the element naming `name` from `target`'s list, with its comma; a line left empty
    /// goes too.
    package mutating func remove(_ name: String, from target: String) throws(Refusal) {
        let list = try dependencyList(of: target)
        guard list.open >= 0, let index = list.elements.firstIndex(where: { $0.names.contains(name) }) else { throw .dependencyNotListed(name) }
        let element = list.elements[index]
        var start = element.start
        var end = element.end
        // Its comma after it, or, for the last element without one, the comma before it.
        if let comma = firstNonSpace(from: end, before: list.close), bytes[comma] == UInt8(ascii: ",") {
            end = comma + 1
        } else if index > 0 {
            start = list.elements[index - 1].end
        }
        // A line holding only this element (and whitespace) goes whole.
        let lineStart = startOfLine(at: element.start)
        let lineEnd = endOfLine(at: end)
        let before = bytes[lineStart..<start].allSatisfy(isSpace)
        let after = bytes[end..<lineEnd].allSatisfy(isSpace)
        if before && after && lineStart > list.open && lineEnd < list.close {
            bytes.removeSubrange(lineStart..<min(lineEnd + 1, bytes.count))
        } else {
            // Inline: drop the space that followed the comma too.
            while end < list.close && bytes[end] == UInt8(ascii: " ") { end += 1 }
            bytes.removeSubrange(start..<end)
        }
    }

    // MARK: Reading

    private func dependencyList(of target: String) throws(Refusal) -> DependencyList {
        let tokens = SourceToken.tokenize(bytes)
        // `.target(name: "X"` : factory identifier, `(`, `name`, `:`, the literal.
        // `.target(name:)` inside a dependencies list only names a target: track those lists.
        var declaration: Int?
        var open: [Bool] = []  // per open bracket or parenthesis: is it a dependencies list
        for index in tokens.indices {
            let token = tokens[index]
            switch token.kind {
            case .openBracket:
                open.append(index >= 2 && tokens[index - 1].kind == .colon && tokens[index - 2].text == "dependencies")
            case .openParenthesis:
                open.append(false)
            case .closeBracket, .closeParenthesis:
                _ = open.popLast()
            default:
                break
            }
            guard index + 4 < tokens.count, !open.contains(true), token.kind == .identifier, Self.factories.contains(token.text ?? ""),
                  tokens[index + 1].kind == .openParenthesis, tokens[index + 2].text == "name", tokens[index + 3].kind == .colon,
                  tokens[index + 4].kind == .stringLiteral, tokens[index + 4].text == target else { continue }
            guard declaration == nil else { throw .notALiteralList(target) }  // Declared twice: not exact.
            declaration = index
        }
        guard let declaration else { throw .targetNotFound(target) }
        // The call's arguments, at depth one.
        var depth = 0
        var index = declaration + 1
        var listOpen: Int?
        while index < tokens.count {
            let token = tokens[index]
            switch token.kind {
            case .openParenthesis, .openBracket: depth += 1
            case .closeParenthesis, .closeBracket: depth -= 1
            default: break
            }
            if depth == 0 { break }
            if depth == 1, token.kind == .identifier, token.text == "dependencies", index + 2 < tokens.count,
               tokens[index + 1].kind == .colon {
                guard tokens[index + 2].kind == .openBracket else { throw .notALiteralList(target) }
                listOpen = index + 2
                break
            }
            index += 1
        }
        guard let listOpen else {
            let nameLiteral = tokens[declaration + 4]
            return DependencyList(open: -1, close: -1, elements: [], afterName: endOfLiteral(at: nameLiteral.position.offset))
        }
        // The elements, exactly: literals and simple calls with literal arguments, separated by commas.
        var elements: [Element] = []
        var position = listOpen + 1
        while position < tokens.count, tokens[position].kind != .closeBracket {
            let element = try readElement(tokens, at: &position, target: target)
            elements.append(element)
            guard position < tokens.count else { throw .notALiteralList(target) }
            if tokens[position].kind == .other && bytes[tokens[position].position.offset] == UInt8(ascii: ",") {
                position += 1
            } else if tokens[position].kind != .closeBracket {
                throw .notALiteralList(target)
            }
        }
        guard position < tokens.count, tokens[position].kind == .closeBracket else { throw .notALiteralList(target) }
        // The list must be the whole argument: a `+` or a call after it is not exact.
        if position + 1 < tokens.count, tokens[position + 1].kind == .other, bytes[tokens[position + 1].position.offset] != UInt8(ascii: ",") {
            throw .notALiteralList(target)
        }
        return DependencyList(open: tokens[listOpen].position.offset, close: tokens[position].position.offset, elements: elements)
    }

    private func readElement(_ tokens: [SourceToken], at position: inout Int, target: String) throws(Refusal) -> Element {
        let first = tokens[position]
        if first.kind == .stringLiteral, let name = first.text {
            position += 1
            return Element(names: [name], start: first.position.offset, end: endOfLiteral(at: first.position.offset))
        }
        // `.product(name: "X", package: "y")`, `.target(name: "X")`, `.byName(name: "X")`.
        guard first.kind == .other, bytes[first.position.offset] == UInt8(ascii: "."), position + 1 < tokens.count,
              let call = tokens[position + 1].text, ["product", "target", "byName"].contains(call),
              position + 2 < tokens.count, tokens[position + 2].kind == .openParenthesis
        else { throw .notALiteralList(target) }
        var cursor = position + 3
        var names: [String] = []
        var labels: [String] = []
        while cursor + 2 < tokens.count, tokens[cursor].kind == .identifier, tokens[cursor + 1].kind == .colon,
              tokens[cursor + 2].kind == .stringLiteral, let value = tokens[cursor + 2].text {
            labels.append(tokens[cursor].text ?? "")
            if tokens[cursor].text == "name" { names.append(value) }
            cursor += 3
            if cursor < tokens.count, tokens[cursor].kind == .other, bytes[tokens[cursor].position.offset] == UInt8(ascii: ",") { cursor += 1 }
        }
        let expected = call == "product" ? ["name", "package"] : ["name"]
        guard labels == expected, cursor < tokens.count, tokens[cursor].kind == .closeParenthesis else { throw .notALiteralList(target) }
        position = cursor + 1
        return Element(names: names, start: first.position.offset, end: tokens[cursor].position.offset + 1)
    }

    // MARK: Bytes

    /// Just past a simple string literal starting at `offset` (`"…"`, with escapes).
    private func endOfLiteral(at offset: Int) -> Int {
        var index = offset + 1
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") { index += 2; continue }
            if bytes[index] == UInt8(ascii: "\"") { return index + 1 }
            index += 1
        }
        return bytes.count
    }

    private func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") }

    private func firstNonSpace(from offset: Int, before limit: Int) -> Int? {
        var index = offset
        while index < limit, isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "\n") { index += 1 }
        return index < limit ? index : nil
    }

    private func startOfLine(at offset: Int) -> Int {
        var index = offset
        while index > 0, bytes[index - 1] != UInt8(ascii: "\n") { index -= 1 }
        return index
    }

    private func endOfLine(at offset: Int) -> Int {
        var index = offset
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        return index
    }

    private func lineNumber(of offset: Int) -> Int {
        bytes[..<offset].reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }

    private func indentationOfLine(at offset: Int) -> String {
        let start = startOfLine(at: offset)
        var end = start
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
