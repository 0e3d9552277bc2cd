/// One token of Swift source as the scanner's cursor reads it, for readers that need more than
/// imports (the manifest locator): comments, every string form and nested comments are handled
/// by the same cursor that finds imports, so no second lexer can disagree with it.
package struct SourceToken: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        case identifier
        /// A string literal; `text` is its value when it is a single-line literal without
        /// interpolation (raw or not), else nil.
        case stringLiteral
        case openParenthesis, closeParenthesis, openBracket, closeBracket, colon
        /// Any other token: an operator, a number, `.`, `,`, a brace, a directive, a regex.
        case other
    }

    package var kind: Kind
    /// The identifier's name (backticks removed) or the simple string literal's value.
    package var text: String?
    /// Where the token starts.
    package var position: SourcePosition
    /// The offset just past the token: a string literal's closing delimiter (`"`, `"""` and its
    /// `#`s) included, so an editor can splice around a literal of any form.
    package var end: Int

    package init(kind: Kind, text: String? = nil, position: SourcePosition, end: Int? = nil) {
        self.kind = kind
        self.text = text
        self.position = position
        self.end = end ?? position.offset + 1
    }

    /// The tokens of `bytes` in source order. Comments and whitespace are not tokens; an
    /// interpolated string is one `stringLiteral` token, followed by the tokens of its
    /// interpolations.
    package static func tokenize(_ bytes: [UInt8]) -> [SourceToken] {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return [] }
            var cursor = ScanCursor(base: base, count: buffer.count, tokens: RecordedTokens())
            cursor.run()
            var lines = LineCounter(bytes: buffer)
            // Interpolated strings are recorded when they close, after their inner tokens.
            let ordered = cursor.tokens.tokens.sorted { $0.range.lowerBound < $1.range.lowerBound }
            return ordered.map { token in
                var text: String?
                switch token.kind {
                case .identifier:
                    text = String(decoding: UnsafeBufferPointer(rebasing: buffer[token.range]), as: UTF8.self)
                case .stringLiteral:
                    text = token.content.flatMap { StringLiteralValue.decode(UnsafeBufferPointer(rebasing: buffer[$0]), hashes: token.hashes) }
                default:
                    break
                }
                let end = token.kind == .stringLiteral ? endOfLiteral(token, in: buffer) : token.range.upperBound
                return SourceToken(kind: token.kind, text: text, position: lines.position(of: token.range.lowerBound), end: end)
            }
        }
    }

    /// The cursor records a closed literal up to its closing quote; its delimiter is that quote
    /// (three for a multi-line literal) and as many `#` as opened it.
    private static func endOfLiteral(_ token: RawToken, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let quote = UInt8(ascii: "\"")
        var hashes = 0
        while token.range.lowerBound + hashes < bytes.count, bytes[token.range.lowerBound + hashes] == UInt8(ascii: "#") { hashes += 1 }
        let opening = token.range.lowerBound + hashes
        let isMultiline = opening + 2 < bytes.count && bytes[opening + 1] == quote && bytes[opening + 2] == quote
        return min(bytes.count, token.range.upperBound + (isMultiline ? 3 : 1) + hashes)
    }

    package static func tokenize(_ text: String) -> [SourceToken] {
        tokenize(Array(text.utf8))
    }
}
