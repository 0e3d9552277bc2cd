/// A token as the cursor reports it: offsets only.
struct RawToken {
    var kind: SourceToken.Kind
    var range: Range<Int>
    /// For a simple string literal: the bytes between its delimiters.
    var content: Range<Int>?
    var hashes = 0
}

/// Where the cursor sends tokens. The import scan uses `IgnoredTokens`, whose empty, inlined
/// method the compiler removes along with the token it would have received: the recording
/// costs the import scan nothing.
protocol TokenSink {
    mutating func append(_ token: RawToken)
}

struct IgnoredTokens: TokenSink {
    @inline(__always)
    mutating func append(_ token: RawToken) {}
}

struct RecordedTokens: TokenSink {
    var tokens: [RawToken] = []

    mutating func append(_ token: RawToken) { tokens.append(token) }
}
