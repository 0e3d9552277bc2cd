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

    private var chain: [Range<Int>] = []
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
            if previousWasChainDot {
                if chain.count == longestQuery { chain.removeFirst() }
            } else {
                chain.removeAll(keepingCapacity: true)
            }
            chain.append(token.range)
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
        for (index, query) in queries.enumerated() where query.count <= chain.count {
            let first = chain.count - query.count
            var matches = true
            for (offset, component) in query.enumerated() where !equals(chain[first + offset], component) {
                matches = false
                break
            }
            if matches { hits.append((index, chain[first].lowerBound)) }
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
            guard token.kind == .identifier, var declaration = current else {
                reset()
                prefixOrKeyword(token)
                return
            }
            if declaration.kind == .class && isKeywordAfterClassModifier(token.range) {
                // `class func`, `class var`: a modifier of a member, not a declaration.
                declaration.modifiers.append(declaration.keyword..<(declaration.keyword + 5))
                reset()
                prefixOrKeyword(token)
                return
            }
            declaration.name = [token.range]
            current = declaration
            phase = .afterName
        case .afterName:
            afterName(token)
        case .inheritance:
            inheritance(token)
        case .whereClause:
            if token.kind == .other && isByte(token, "{") || isByte(token, "}") || isByte(token, ";") { finish() }
        }
    }

    private mutating func prefixOrKeyword(_ token: RawToken) {
        let start = token.range.lowerBound
        if token.kind == .other && bytes[start] == UInt8(ascii: "@") && token.range.count > 1 {
            if modifiers.isEmpty && attributes.isEmpty { prefixAtStatementStart = isStatementStart(start) }
            attributes.append((start + 1)..<token.range.upperBound)
            argumentsMayOpenAt = token.range.upperBound
            return
        }
        if token.kind == .identifier && !(start > 0 && bytes[start - 1] == UInt8(ascii: "`")) {
            if let kind = declarationKind(token.range) {
                let atStart = modifiers.isEmpty && attributes.isEmpty ? isStatementStart(start) : prefixAtStatementStart
                if atStart {
                    current = PendingDeclaration(kind: kind, keyword: start, modifiers: modifiers, attributes: attributes)
                    modifiers = []
                    attributes = []
                    phase = .name
                    return
                }
            } else if isModifier(token.range) {
                if modifiers.isEmpty && attributes.isEmpty { prefixAtStatementStart = isStatementStart(start) }
                modifiers.append(token.range)
                if takesArguments(token.range) { argumentsMayOpenAt = token.range.upperBound }
                return
            }
        }
        modifiers.removeAll(keepingCapacity: true)
        attributes.removeAll(keepingCapacity: true)
    }

    private mutating func afterName(_ token: RawToken) {
        guard var declaration = current else { return reset() }
        if token.kind == .identifier && expectsNameComponent {
            declaration.name.append(token.range)
            current = declaration
            expectsNameComponent = false
            return
        }
        expectsNameComponent = false
        if isByte(token, "<") { nestingDepth += 1 } else if isByte(token, ">") { nestingDepth = max(0, nestingDepth - 1) }
        guard nestingDepth == 0 else { return }
        if isByte(token, ".") && declaration.kind == .extension && declaration.name.last?.upperBound == token.range.lowerBound {
            expectsNameComponent = true
        } else if token.kind == .colon {
            declaration.inheritance = [[]]
            current = declaration
            phase = .inheritance
        } else if token.kind == .identifier && isWord(token.range, "where") {
            phase = .whereClause
        } else if isByte(token, "{") || isByte(token, "}") || isByte(token, ";") {
            finish()
        }
    }

    private mutating func inheritance(_ token: RawToken) {
        guard var declaration = current, !declaration.inheritance.isEmpty else { return reset() }
        switch token.kind {
        case .openParenthesis, .openBracket: nestingDepth += 1
        case .closeParenthesis, .closeBracket: nestingDepth = max(0, nestingDepth - 1)
        default:
            if isByte(token, "<") { nestingDepth += 1 } else if isByte(token, ">") { nestingDepth = max(0, nestingDepth - 1) }
        }
        if nestingDepth == 0 {
            if isByte(token, ",") {
                declaration.inheritance.append([])
                current = declaration
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
        declaration.inheritance[declaration.inheritance.count - 1].append(token.range)
        current = declaration
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
        modifiers.removeAll(keepingCapacity: true)
        attributes.removeAll(keepingCapacity: true)
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

    private func declarationKind(_ range: Range<Int>) -> TypeDeclaration.Kind? {
        switch range.count {
        case 5: isWord(range, "class") ? .class : isWord(range, "actor") ? .actor : nil
        case 6: isWord(range, "struct") ? .struct : nil
        case 4: isWord(range, "enum") ? .enum : nil
        case 8: isWord(range, "protocol") ? .protocol : nil
        case 9: isWord(range, "extension") ? .extension : nil
        default: nil
        }
    }

    private static let modifierWords: [StaticString] = [
        "public", "private", "fileprivate", "internal", "package", "open", "final", "static", "override",
        "required", "convenience", "dynamic", "lazy", "weak", "unowned", "mutating", "nonmutating",
        "indirect", "nonisolated", "distributed", "optional", "prefix", "postfix", "infix", "isolated",
        "consuming", "borrowing", "sending", "__consuming",
    ]

    private func isModifier(_ range: Range<Int>) -> Bool {
        Self.modifierWords.contains { isWord(range, $0) }
    }

    /// `private(set)`, `nonisolated(unsafe)`, `unowned(safe)`: the modifiers whose `(` is theirs.
    private func takesArguments(_ range: Range<Int>) -> Bool {
        isWord(range, "private") || isWord(range, "fileprivate") || isWord(range, "internal") || isWord(range, "public")
            || isWord(range, "package") || isWord(range, "open") || isWord(range, "nonisolated") || isWord(range, "unowned")
    }

    private static let classModifierFollowers: [StaticString] = [
        "func", "var", "let", "subscript", "init", "deinit", "typealias", "static", "final", "override",
        "public", "private", "fileprivate", "internal", "package", "open", "required", "convenience", "nonisolated",
    ]

    private func isKeywordAfterClassModifier(_ range: Range<Int>) -> Bool {
        Self.classModifierFollowers.contains { isWord(range, $0) }
    }
}
