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

    package init(kind: Kind, text: String? = nil, position: SourcePosition) {
        self.kind = kind
        self.text = text
        self.position = position
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
                return SourceToken(kind: token.kind, text: text, position: lines.position(of: token.range.lowerBound))
            }
        }
    }

    package static func tokenize(_ text: String) -> [SourceToken] {
        tokenize(Array(text.utf8))
    }
}
