/// The token sink of an inspecting scan: it follows member chains for the requested identifiers
/// and reads type declarations as the cursor's tokens pass, storing offsets only. It never sees a
/// comment, a string's content or an `#if` condition, because the cursor sends none of them.
///
/// Chains: an identifier directly after a `.` that followed an identifier continues the chain
/// (`Bundle` `.` `main`, across line breaks as in `Bundle\n    .main`); anything else starts a new
/// one. A request matches when the chain ends with its components, so `Foundation.URLSession`
/// is `URLSession` too.
///
/// Declarations: attributes and modifiers gather into a prefix; `class`, `struct`, `enum`,
/// `actor`, `protocol` or `extension` at the start of a statement (after a line break, `{`, `}`,
/// `;` or that prefix) followed by a name opens one; its generic parameters are skipped by angle
/// depth and its inheritance clause is read up to `where` or `{`.
struct InspectionTokens: TokenSink {
    private let bytes: UnsafePointer<UInt8>
    private let queries: [[[UInt8]]]
    private let longestQuery: Int
    /// Bit `n` is set when some query's last component is `n` bytes long (63: longer): one test
    /// turns most identifiers away before any byte is compared.
    private let lastLengths: UInt64
    private let wantsDeclarations: Bool

    /// The current chain's last `longestQuery` identifiers, as a ring written in place: no
    /// allocation or shifting per identifier.
    private var ring: [Range<Int>]
    private var ringHead = 0
    private var chainCount = 0
    private var previousWasIdentifier = false
    private var previousWasChainDot = false
    /// Query index and offset of each match, in source order.
    private(set) var hits: [(query: Int, offset: Int)] = []

    private enum Phase {
        case idle
        case name
        case afterName
        case inheritance
        case whereClause
    }

    struct PendingDeclaration {
        var kind: TypeDeclaration.Kind
        var keyword: Int
        var name: [Range<Int>] = []
        var modifiers: [Range<Int>]
        var attributes: [Range<Int>]
        var inheritance: [[Range<Int>]] = []
    }

    private var phase = Phase.idle
    private var modifiers: [Range<Int>] = []
    private var attributes: [Range<Int>] = []
    private var hasPrefix = false
    private var prefixAtStatementStart = false
    /// Where an attribute's or modifier's `(` would have to start to be its arguments.
    private var argumentsMayOpenAt = -1
    private var argumentDepth = 0
    private var current: PendingDeclaration?
    private var nestingDepth = 0
    private var expectsNameComponent = false
    private var lastEnd = 0
    private var lastWasBoundary = true
    private(set) var declarations: [PendingDeclaration] = []

    init(base: UnsafePointer<UInt8>, request: SourceInspection) {
        bytes = base
        queries = request.identifiers.map { text in text.split(separator: ".").map { Array($0.utf8) } }
        longestQuery = queries.map(\.count).max() ?? 0
        ring = Array(repeating: 0..<0, count: max(longestQuery, 1))
        var lengths: UInt64 = 0
        for query in queries { if let last = query.last { lengths |= 1 << UInt64(min(last.count, 63)) } }
        lastLengths = lengths
        wantsDeclarations = request.declarations
    }

    mutating func append(_ token: RawToken) {
        if longestQuery > 0 { followChain(token) }
        if wantsDeclarations {
            readDeclaration(token)
            lastEnd = max(lastEnd, token.range.upperBound)
            lastWasBoundary = token.range.count == 1 && Self.isBoundary(bytes[token.range.lowerBound]) && token.kind == .other
        }
    }

    // MARK: - Identifier chains

    private mutating func followChain(_ token: RawToken) {
        switch token.kind {
        case .identifier:
            ringHead = ringHead + 1 == longestQuery ? 0 : ringHead + 1
            ring[ringHead] = token.range
            chainCount = previousWasChainDot ? min(chainCount + 1, longestQuery) : 1
            previousWasIdentifier = true
            previousWasChainDot = false
            if lastLengths & (1 << UInt64(min(token.range.count, 63))) != 0 { matchChain() }
        case .other where token.range.count == 1 && bytes[token.range.lowerBound] == UInt8(ascii: "."):
            previousWasChainDot = previousWasIdentifier
            previousWasIdentifier = false
        default:
            previousWasIdentifier = false
            previousWasChainDot = false
        }
    }

    private mutating func matchChain() {
        for (index, query) in queries.enumerated() where query.count <= chainCount {
            var matches = true
            // Component `k` from the end is `k` places behind the ring's head.
            for back in 0..<query.count where !equals(ring[(ringHead - back + longestQuery) % longestQuery], query[query.count - 1 - back]) {
                matches = false
                break
            }
            if matches { hits.append((index, ring[(ringHead - query.count + 1 + longestQuery) % longestQuery].lowerBound)) }
        }
    }

    private func equals(_ range: Range<Int>, _ word: [UInt8]) -> Bool {
        guard range.count == word.count else { return false }
        for position in 0..<word.count where bytes[range.lowerBound + position] != word[position] { return false }
        return true
    }

    // MARK: - Declarations

    private mutating func readDeclaration(_ token: RawToken) {
        if argumentDepth > 0 {
            if token.kind == .openParenthesis { argumentDepth += 1 }
            if token.kind == .closeParenthesis { argumentDepth -= 1 }
            return
        }
        if token.kind == .openParenthesis && token.range.lowerBound == argumentsMayOpenAt {
            argumentDepth = 1
            return
        }
        switch phase {
        case .idle:
            prefixOrKeyword(token)
        case .name:
            guard token.kind == .identifier, let declaration = current else {
                reset()
                prefixOrKeyword(token)
                return
            }
            if declaration.kind == .class && isKeywordAfterClassModifier(token.range) {
                // `class func`, `class var`: a modifier of a member, not a declaration.
                reset()
                prefixOrKeyword(token)
                return
            }
            current?.name = [token.range]
            phase = .afterName
        case .afterName:
            afterName(token)
        case .inheritance:
            inheritance(token)
        case .whereClause:
            if isByte(token, "{") || isByte(token, "}") || isByte(token, ";") { finish() }
        }
    }

    private mutating func prefixOrKeyword(_ token: RawToken) {
        let start = token.range.lowerBound
        if token.kind == .other && bytes[start] == UInt8(ascii: "@") && token.range.count > 1 {
            if !hasPrefix { prefixAtStatementStart = isStatementStart(start) }
            attributes.append((start + 1)..<token.range.upperBound)
            hasPrefix = true
            argumentsMayOpenAt = token.range.upperBound
            return
        }
        if token.kind == .identifier && !(start > 0 && bytes[start - 1] == UInt8(ascii: "`")) {
            switch classify(token.range) {
            case .declaration(let kind):
                if hasPrefix ? prefixAtStatementStart : isStatementStart(start) {
                    current = PendingDeclaration(kind: kind, keyword: start, modifiers: modifiers, attributes: attributes)
                    clearPrefix()
                    phase = .name
                    return
                }
            case .modifier(let takesArguments):
                if !hasPrefix { prefixAtStatementStart = isStatementStart(start) }
                modifiers.append(token.range)
                hasPrefix = true
                if takesArguments { argumentsMayOpenAt = token.range.upperBound }
                return
            case .other:
                break
            }
        }
        clearPrefix()
    }

    /// Most tokens end no prefix, because none has begun: nothing to clear then.
    @inline(__always)
    private mutating func clearPrefix() {
        guard hasPrefix else { return }
        modifiers.removeAll(keepingCapacity: true)
        attributes.removeAll(keepingCapacity: true)
        hasPrefix = false
    }

    private mutating func afterName(_ token: RawToken) {
        guard let kind = current?.kind, let lastName = current?.name.last else { return reset() }
        if token.kind == .identifier && expectsNameComponent {
            current?.name.append(token.range)
            expectsNameComponent = false
            return
        }
        expectsNameComponent = false
        if isByte(token, "<") { nestingDepth += 1 } else if isByte(token, ">") { nestingDepth = max(0, nestingDepth - 1) }
        guard nestingDepth == 0 else { return }
        if isByte(token, ".") && kind == .extension && lastName.upperBound == token.range.lowerBound {
            expectsNameComponent = true
        } else if token.kind == .colon {
            current?.inheritance = [[]]
            phase = .inheritance
        } else if token.kind == .identifier && isWord(token.range, "where") {
            phase = .whereClause
        } else if isByte(token, "{") || isByte(token, "}") || isByte(token, ";") {
            finish()
        }
    }

    private mutating func inheritance(_ token: RawToken) {
        guard let entries = current?.inheritance.count, entries > 0 else { return reset() }
        switch token.kind {
        case .openParenthesis, .openBracket: nestingDepth += 1
        case .closeParenthesis, .closeBracket: nestingDepth = max(0, nestingDepth - 1)
        default:
            if isByte(token, "<") { nestingDepth += 1 } else if isByte(token, ">") { nestingDepth = max(0, nestingDepth - 1) }
        }
        if nestingDepth == 0 {
            if isByte(token, ",") {
                current?.inheritance.append([])
                return
            }
            if token.kind == .identifier && isWord(token.range, "where") {
                phase = .whereClause
                return
            }
            if isByte(token, "{") || isByte(token, "}") || isByte(token, ";") {
                return finish()
            }
        }
        current?.inheritance[entries - 1].append(token.range)
    }

    private mutating func finish() {
        if let current { declarations.append(current) }
        reset()
    }

    private mutating func reset() {
        current = nil
        phase = .idle
        nestingDepth = 0
        expectsNameComponent = false
        clearPrefix()
    }

    /// After a line break, `{`, `}`, `;` or at the start of the file: where a declaration may begin.
    private func isStatementStart(_ start: Int) -> Bool {
        if lastWasBoundary { return true }
        var position = lastEnd
        while position < start {
            if bytes[position] == ByteClass.lineFeed || bytes[position] == ByteClass.carriageReturn { return true }
            position += 1
        }
        return false
    }

    private static func isBoundary(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: ";")
    }

    private func isByte(_ token: RawToken, _ byte: Unicode.Scalar) -> Bool {
        token.range.count == 1 && bytes[token.range.lowerBound] == UInt8(ascii: byte)
    }

    private func isWord(_ range: Range<Int>, _ word: StaticString) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        let expected = word.utf8Start
        for position in 0..<range.count where bytes[range.lowerBound + position] != expected[position] { return false }
        return true
    }

    private enum WordClass {
        case declaration(TypeDeclaration.Kind)
        /// `takesArguments`: `private(set)`, `nonisolated(unsafe)`, `unowned(safe)` — its `(` is its own.
        case modifier(takesArguments: Bool)
        case other
    }

    /// A keyword or modifier, by first byte and length before any comparison: most identifiers
    /// are turned away by one switch.
    private func classify(_ range: Range<Int>) -> WordClass {
        let length = range.count
        guard length >= 4 && length <= 11 else { return .other }
        switch bytes[range.lowerBound] {
        case UInt8(ascii: "a"):
            if isWord(range, "actor") { return .declaration(.actor) }
        case UInt8(ascii: "b"):
            if isWord(range, "borrowing") { return .modifier(takesArguments: false) }
        case UInt8(ascii: "c"):
            if isWord(range, "class") { return .declaration(.class) }
            if isWord(range, "convenience") || isWord(range, "consuming") { return .modifier(takesArguments: false) }
        case UInt8(ascii: "d"):
            if isWord(range, "dynamic") || isWord(range, "distributed") { return .modifier(takesArguments: false) }
        case UInt8(ascii: "e"):
            if isWord(range, "enum") { return .declaration(.enum) }
            if isWord(range, "extension") { return .declaration(.extension) }
        case UInt8(ascii: "f"):
            if isWord(range, "final") { return .modifier(takesArguments: false) }
            if isWord(range, "fileprivate") { return .modifier(takesArguments: true) }
        case UInt8(ascii: "i"):
            if isWord(range, "internal") { return .modifier(takesArguments: true) }
            if isWord(range, "indirect") || isWord(range, "isolated") || isWord(range, "infix") { return .modifier(takesArguments: false) }
        case UInt8(ascii: "l"):
            if isWord(range, "lazy") { return .modifier(takesArguments: false) }
        case UInt8(ascii: "m"):
            if isWord(range, "mutating") { return .modifier(takesArguments: false) }
        case UInt8(ascii: "n"):
            if isWord(range, "nonisolated") { return .modifier(takesArguments: true) }
            if isWord(range, "nonmutating") { return .modifier(takesArguments: false) }
        case UInt8(ascii: "o"):
            if isWord(range, "open") { return .modifier(takesArguments: true) }
            if isWord(range, "override") || isWord(range, "optional") { return .modifier(takesArguments: false) }
        case UInt8(ascii: "p"):
            if isWord(range, "protocol") { return .declaration(.protocol) }
            if isWord(range, "public") || isWord(range, "private") || isWord(range, "package") { return .modifier(takesArguments: true) }
            if isWord(range, "prefix") || isWord(range, "postfix") { return .modifier(takesArguments: false) }
        case UInt8(ascii: "r"):
            if isWord(range, "required") { return .modifier(takesArguments: false) }
        case UInt8(ascii: "s"):
            if isWord(range, "struct") { return .declaration(.struct) }
            if isWord(range, "static") || isWord(range, "sending") { return .modifier(takesArguments: false) }
        case UInt8(ascii: "u"):
            if isWord(range, "unowned") { return .modifier(takesArguments: true) }
        case UInt8(ascii: "w"):
            if isWord(range, "weak") { return .modifier(takesArguments: false) }
        case UInt8(ascii: "_"):
            if isWord(range, "__consuming") { return .modifier(takesArguments: false) }
        default:
            break
        }
        return .other
    }

    private static let classModifierFollowers: [StaticString] = [
        "func", "var", "let", "subscript", "init", "deinit", "typealias", "static", "final", "override",
        "public", "private", "fileprivate", "internal", "package", "open", "required", "convenience", "nonisolated",
    ]

    private func isKeywordAfterClassModifier(_ range: Range<Int>) -> Bool {
        Self.classModifierFollowers.contains { isWord(range, $0) }
    }
}
