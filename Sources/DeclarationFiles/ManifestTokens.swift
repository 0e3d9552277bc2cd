import ImportScanning

/// A manifest's bytes with the scanner's tokens over them, and the few questions the manifest
/// editor asks of both: which token closes which, how a call's arguments or a list's elements
/// split at their own commas, and what trivia (spaces, comments) lies between two tokens.
struct ManifestTokens {
    let bytes: [UInt8]
    let tokens: [SourceToken]

    init(bytes: [UInt8]) {
        self.bytes = bytes
        self.tokens = SourceToken.tokenize(bytes)
    }

    /// The comma-separated items between an opening parenthesis or bracket and its closer.
    struct Items {
        /// Token indices of each item, never empty.
        var items: [ClosedRange<Int>]
        /// The comma after each item; one fewer than `items` when there is no trailing comma.
        var commas: [Int]
        var close: Int
    }

    // MARK: Tokens

    func start(_ index: Int) -> Int { tokens[index].position.offset }
    func end(_ index: Int) -> Int { tokens[index].end }

    /// The token's own bytes, for comparing two readings token by token.
    func spelling(_ index: Int) -> ArraySlice<UInt8> { bytes[start(index)..<min(end(index), bytes.count)] }

    func isPunctuation(_ index: Int, _ text: String) -> Bool {
        guard index >= 0, index < tokens.count, tokens[index].kind == .other else { return false }
        return spelling(index).elementsEqual(text.utf8)
    }

    func isIdentifier(_ index: Int, _ text: String) -> Bool {
        index >= 0 && index < tokens.count && tokens[index].kind == .identifier && tokens[index].text == text
    }

    /// A simple string literal's value (raw or not, single-line, no interpolation).
    func literal(_ index: Int) -> String? {
        guard index >= 0, index < tokens.count, tokens[index].kind == .stringLiteral else { return nil }
        return tokens[index].text
    }

    /// The brace depth before each token: declarations at depth 0 are the manifest's own
    /// top-level statements, anything deeper is inside a function or closure.
    func braceDepths() -> [Int] {
        var depth = 0
        return tokens.indices.map { index in
            let before = depth
            if isPunctuation(index, "{") { depth += 1 } else if isPunctuation(index, "}") { depth = max(0, depth - 1) }
            return before
        }
    }

    /// The index of the token closing the parenthesis or bracket at `open`, or nil when the
    /// nesting does not match (a `)` closing a `[`, or none at all).
    func closer(of open: Int) -> Int? {
        var stack: [SourceToken.Kind] = []
        var index = open
        while index < tokens.count {
            switch tokens[index].kind {
            case .openParenthesis: stack.append(.closeParenthesis)
            case .openBracket: stack.append(.closeBracket)
            case .closeParenthesis, .closeBracket:
                guard stack.popLast() == tokens[index].kind else { return nil }
                if stack.isEmpty { return index }
            default:
                if isPunctuation(index, "{") { stack.append(.other) }
                if isPunctuation(index, "}") { guard stack.popLast() == .other else { return nil } }
            }
            index += 1
        }
        return nil
    }

    /// Splits the contents of the parenthesis or bracket at `open` at its own commas. Nil when
    /// an item is empty (`[a,,b]`), the nesting does not match, or a directive (`#if`) sits
    /// among the items themselves, where an edit could land in the wrong branch.
    func items(at open: Int) -> Items? {
        guard let close = closer(of: open) else { return nil }
        var items: [ClosedRange<Int>] = []
        var commas: [Int] = []
        var depth = 0
        var itemStart = open + 1
        for index in (open + 1)..<close {
            if depth == 0, tokens[index].kind == .other, spelling(index).first == UInt8(ascii: "#") { return nil }
            switch tokens[index].kind {
            case .openParenthesis, .openBracket: depth += 1
            case .closeParenthesis, .closeBracket: depth -= 1
            default:
                if isPunctuation(index, "{") { depth += 1 } else if isPunctuation(index, "}") { depth -= 1 }
            }
            if depth == 0, isPunctuation(index, ",") {
                guard index > itemStart else { return nil }
                items.append(itemStart...(index - 1))
                commas.append(index)
                itemStart = index + 1
            }
        }
        if itemStart < close { items.append(itemStart...(close - 1)) }
        return Items(items: items, commas: commas, close: close)
    }

    /// The label of a call argument (`name` in `name: "A"`), nil for an unlabelled one.
    func label(of item: ClosedRange<Int>) -> String? {
        guard item.count >= 2, tokens[item.lowerBound].kind == .identifier, tokens[item.lowerBound + 1].kind == .colon else { return nil }
        return tokens[item.lowerBound].text
    }

    // MARK: Trivia

    func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") }

    /// Only spaces, tabs and carriage returns: no line break, no comment.
    func isBlank(_ range: Range<Int>) -> Bool { bytes[range].allSatisfy(isBlank) }

    /// Where the trivia on the same line after `offset` ends: its comments (block comments
    /// that stay on the line, a line comment) but not the spaces after the last one. Only
    /// trivia lies between tokens, so this never reads into code before `limit`.
    func endOfSameLineComments(from offset: Int, before limit: Int) -> Int {
        var index = offset
        var end = offset
        while index < limit {
            let byte = bytes[index]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { index += 1; continue }
            guard byte == UInt8(ascii: "/"), index + 1 < limit else { break }
            if bytes[index + 1] == UInt8(ascii: "/") {
                while index < limit, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") { index += 1 }
                return index
            }
            guard bytes[index + 1] == UInt8(ascii: "*"), let close = endOfBlockComment(at: index, before: limit),
                  !bytes[index..<close].contains(UInt8(ascii: "\n")) else { break }
            index = close
            end = close
        }
        return end
    }

    /// Just past the `*/` that closes the (nestable) block comment at `offset`.
    private func endOfBlockComment(at offset: Int, before limit: Int) -> Int? {
        var depth = 0
        var index = offset
        while index + 1 < limit {
            if bytes[index] == UInt8(ascii: "/") && bytes[index + 1] == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return index }
            } else {
                index += 1
            }
        }
        return nil
    }

    func startOfLine(at offset: Int) -> Int {
        var index = offset
        while index > 0, bytes[index - 1] != UInt8(ascii: "\n") { index -= 1 }
        return index
    }

    /// The offset of the line feed ending the line of `offset`, or the end of the file.
    func lineFeed(after offset: Int) -> Int {
        var index = offset
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        return index
    }

    /// The line break the file mostly uses (`LineBreak.dominant`): CRLF files get CRLF in
    /// inserted lines.
    var lineBreak: String { String(decoding: LineBreak.dominant(in: bytes), as: UTF8.self) }

    func indentation(ofLineAt offset: Int) -> String {
        let start = startOfLine(at: offset)
        var end = start
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// Whether the token is the first thing on its line.
    func beginsLine(_ index: Int) -> Bool {
        let offset = start(index)
        return isBlank(startOfLine(at: offset)..<offset)
    }

    func hasLineBreak(_ range: Range<Int>) -> Bool { bytes[range].contains(UInt8(ascii: "\n")) }
}
