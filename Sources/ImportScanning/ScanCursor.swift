#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// The byte-level state machine behind `ImportScanner`.
///
/// It moves forward only. The few second looks are bounded: the declaration prefix
/// (`@_spi(X) public`) is re-read once when an `import` follows it, a condition is turned into
/// text once when an import needs it, and a failed search for a bare regex's closing `/` is
/// remembered for the rest of its line. So the scan is linear in the size of the file. Nesting (block comments, string
/// interpolation, `#if`) lives in explicit stacks, never in recursion, so hostile input cannot
/// overflow the call stack.
///
/// `Tokens` receives a token stream for readers that need one (`SourceToken.tokenize`); the
/// import scan passes `IgnoredTokens`, whose empty methods compile away.
///
/// Given room for skipped stretches, the cursor runs through declaration bodies (brace depth
/// above zero, outside interpolations and attribute arguments) sixteen bytes a turn, stopping only
/// where something there can matter: a brace, a string, a comment or regex (`/`), a `#`, an `@`, a
/// backtick, or the word `import`. What it passed over holds only names, numbers, spaces and
/// punctuation, so the state the full reading would have at the stop (the last token, the last
/// name, the operator run touching it) is read back from the few bytes before it. The result is
/// the full reading's: no token is reported, so only a scan that ignores tokens may skip. A string
/// interpolation holding only such bytes (`\(count)`, `\(a + 1)`) is passed over the same way.
struct ScanCursor<Tokens: TokenSink> {
    private let bytes: UnsafePointer<UInt8>
    private let end: Int
    private let skipsBodies: Bool
    /// Room for the stretches a body skip leaves pending (`stretchCapacity`); nil when bodies
    /// are read token by token.
    private let stretches: UnsafeMutablePointer<Range<Int>>?
    private let roles = ByteClass.table
    private let stringStops = ByteClass.stringStops
    private let interpolationStops = ByteClass.interpolationStops
    private var index = 0
    private(set) var events: [ScanEvent] = []
    private(set) var tokens: Tokens

    /// Where the attributes and modifiers before the current token began, or -1.
    private var prefixStart = -1
    /// Inside the parentheses of an attribute such as `@_spi(Internal)`; tokens there keep the prefix.
    private var attributeParenDepth = 0
    private var previous = PreviousToken.start
    private var lastIdentifier = 0..<0
    private var braceDepth = 0
    private var interpolations: [InterpolationFrame] = []
    private var conditionals: [ConditionalFrame] = []
    /// How many of `conditionals` are in a clause that may go unparsed: inside one, what the
    /// compiler reports only of code it parses (a line's unterminated string, a rejected nested
    /// condition, an import in a body) is not reported, since the compiler may never read it.
    private var mayBeUnparsedClauses = 0
    /// A bare-regex search that found no closing `/` ran to this line end; slashes before it are
    /// operators. Without this memo a line of `(/(/(/…` would be searched once per slash.
    private var noRegexCloseBefore = -1
    /// The run of operator characters (`!`, `+`, `/`, …) the cursor is in or just left: the
    /// compiler lexes a run as one operator and decides regex-or-operator for its first `/` only,
    /// from whether the run is bound to what precedes and follows it.
    private var operatorRunStart = 0
    private var operatorRunEnd = -1
    private var previousBeforeOperatorRun = PreviousToken.start
    private var operatorRunHasSlash = false

    /// What came before the current token, as far as `/` (division or regex), `.import` (a
    /// member named `import`) and `(import x: Int)` (a parameter label) need to know.
    private enum PreviousToken {
        /// `(` or `,`: an `import` here is a label, never a declaration.
        case start, operand, identifier, dot, listStart, other
    }

    private struct StringDelimiter {
        var hashes: Int
        var isMultiline: Bool
    }

    /// A string literal whose `\(` interpolation the cursor is inside.
    private struct InterpolationFrame {
        var delimiter: StringDelimiter
        var parenDepth: Int
        var stringOffset: Int
        /// The code's brace depth where the string began, restored when it is abandoned, so an
        /// unbalanced interpolation cannot hide later imports.
        var braceDepthOutside: Int
    }

    /// An open `#if` chain. Conditions are kept as byte ranges and turned into text only when an
    /// import inside needs them: most `#if` blocks (`#if DEBUG` in a function body) never do.
    private struct ConditionalFrame {
        var branch: ConditionalClause.Branch
        /// The `#if` clause's condition, and those of the `#elseif` clauses so far, until the
        /// chain is registered in `chainConditions` (when an import first needs one of its
        /// clauses); then `elseifConditions` is empty. The first is kept apart so that an `#if`
        /// without `#elseif` (`#if DEBUG` in a body) allocates nothing.
        var ifCondition: Range<Int>
        var elseifConditions: [Range<Int>] = []
        /// The chain's index in `chainConditions`, once registered.
        var chain: Int?
        var openOffset: Int
        var braceDepthAtOpen: Int
        /// Whether a condition of the chain so far asks for a version (`swift(…)`, `compiler(…)`,
        /// `_compiler_version(…)`): the compiler does not parse a clause such a check turns off,
        /// nor the clauses after one it turns on, so this clause may go unparsed in some build.
        var chainChecksVersion: Bool
        /// The current clause's node in `clauseNodes`, made on first use and kept for the other
        /// imports of the same clause.
        var node: Int?
    }

    /// The conditions of the chains some import needs, each stored once.
    private var chainConditions: [[Range<Int>]] = []
    /// One node per clause some import needs; parents come before children.
    private var clauseNodes: [ConditionalClauseTable.Node] = []

    /// `stretches`, room for `stretchCapacity` ranges, makes the cursor skip bodies; only a scan
    /// that ignores tokens may pass it.
    init(base: UnsafePointer<UInt8>, count: Int, tokens: Tokens, stretches: UnsafeMutablePointer<Range<Int>>? = nil) {
        self.bytes = base
        self.end = count
        self.tokens = tokens
        self.stretches = stretches
        self.skipsBodies = stretches != nil
    }

    @inline(__always)
    private mutating func token(_ kind: SourceToken.Kind, from start: Int) {
        tokens.append(RawToken(kind: kind, range: start..<index))
    }

    // MARK: - Driver

    mutating func run() {
        skipByteOrderMarkAndShebang()
        while index < end {
            if skipsBodies && braceDepth > 0 && attributeParenDepth == 0 && interpolations.isEmpty {
                skipBody()
                guard index < end else { break }
            }
            switch roles[Int(bytes[index])] {
            case .space:
                skipSpaces()
            case .newline:
                index += 1
                if let top = interpolations.last, !top.delimiter.isMultiline { abandonSingleLineInterpolations() }
                skipSpaces()
            case .identifier:
                identifierOrKeyword()
            case .digit:
                let start = index
                index += 1
                while index < end && roles.continuesIdentifier(bytes[index]) { index += 1 }
                token(.other, from: start)
                endToken(.operand)
            case .quote:
                stringLiteral(hashes: 0, openOffset: index)
            case .hash:
                hash()
            case .slash:
                slash()
            case .at:
                attribute()
            case .backtick:
                backtickedIdentifier()
            case .openParen:
                index += 1
                token(.openParenthesis, from: index - 1)
                if !interpolations.isEmpty { interpolations[interpolations.count - 1].parenDepth += 1 }
                if attributeParenDepth > 0 {
                    attributeParenDepth += 1
                    previous = .other
                } else {
                    endToken(.listStart)
                }
            case .closeParen:
                index += 1
                if let top = interpolations.last {
                    if top.parenDepth == 0 {
                        interpolations.removeLast()
                        stringBody(top.delimiter, openOffset: top.stringOffset, isInterpolated: true)
                        continue
                    }
                    interpolations[interpolations.count - 1].parenDepth -= 1
                }
                token(.closeParenthesis, from: index - 1)
                if attributeParenDepth > 0 {
                    // The attribute's own `)` ends its arguments but not the declaration prefix.
                    attributeParenDepth -= 1
                    previous = .operand
                } else {
                    endToken(.operand)
                }
            case .openBrace:
                index += 1
                token(.other, from: index - 1)
                braceDepth += 1
                endToken(.other)
            case .closeBrace:
                index += 1
                token(.other, from: index - 1)
                braceDepth = max(0, braceDepth - 1)
                endToken(.operand)
            case .openBracket:
                index += 1
                token(.openBracket, from: index - 1)
                endToken(.other)
            case .closeBracket:
                index += 1
                token(.closeBracket, from: index - 1)
                endToken(.operand)
            case .dot:
                index += 1
                token(.other, from: index - 1)
                endToken(.dot)
                // A member name (`foo.bar`, `.import`) is read here rather than by another trip
                // through the dispatch: it can be neither a declaration nor a modifier.
                if index < end && roles[Int(bytes[index])] == .identifier {
                    let start = index
                    index += 1
                    while index < end && roles.continuesIdentifier(bytes[index]) { index += 1 }
                    lastIdentifier = start..<index
                    forgetPendingNames()
                    token(.identifier, from: start)
                    previous = .identifier
                }
            case .punctuation:
                let isComma = bytes[index] == UInt8(ascii: ",")
                if Self.isOperatorCharacter(bytes[index]) { extendOperatorRun(at: index) }
                index += 1
                token(bytes[index - 1] == UInt8(ascii: ":") ? .colon : .other, from: index - 1)
                endToken(isComma ? .listStart : .other)
                skipSpaces()
            }
        }
        finish()
    }

    /// Ends a token that is not part of a declaration prefix.
    @inline(__always)
    private mutating func endToken(_ kind: PreviousToken) {
        previous = kind
        if attributeParenDepth == 0 { prefixStart = -1 }
    }

    private mutating func skipByteOrderMarkAndShebang() {
        if end >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { index = 3 }
        if index + 1 < end && bytes[index] == UInt8(ascii: "#") && bytes[index + 1] == UInt8(ascii: "!") {
            skipToEndOfLine()
        }
    }

    private mutating func finish() {
        for frame in interpolations.reversed() {
            record(.unterminatedString, .error, "unterminated string literal", at: frame.stringOffset)
        }
        interpolations.removeAll()
        for frame in conditionals.reversed() {
            record(.unterminatedConditional, .error, "#if without #endif", at: frame.openOffset)
        }
        conditionals.removeAll()
    }

    private mutating func record(_ code: ScanIssue.Code, _ severity: ScanIssue.Severity, _ message: String, at offset: Int) {
        events.append(.issue(code, severity, message, offset))
    }

    /// Records a problem the compiler reports only in code it parses, and whose text ends with
    /// its line: never inside a clause the compiler may skip unread.
    private mutating func recordIfParsed(_ code: ScanIssue.Code, _ severity: ScanIssue.Severity, _ message: String, at offset: Int) {
        if mayBeUnparsedClauses == 0 { record(code, severity, message, at: offset) }
    }

    // MARK: - Bodies, sixteen bytes a turn

    /// Moves to the next byte in a body where the full reading is needed. The state the skipped
    /// bytes would have left is read back only where something reads it: `previous` at a `/`
    /// that is not a comment and at `import`, `lastIdentifier` at an attribute. Every other stop
    /// overwrites `previous`; a comment keeps it, so the stretch before one stays pending.
    private mutating func skipBody() {
        let start = index
        let stop = nextBodyStop(from: start)
        index = stop
        guard stop < end else { return }
        if stop > start {
            notePassedStretch(start..<stop)
            // Only comments lie between this stretch and a pending one: settle that one first.
            if pendingTokensStart >= 0 { readBackPrevious() }
            pendingTokensStart = start
            pendingTokensEnd = stop
        }
        switch bytes[stop] {
        case UInt8(ascii: "/"):
            let next = stop + 1 < end ? bytes[stop + 1] : 0
            if next == UInt8(ascii: "/") || next == UInt8(ascii: "*") { return }
            readBackBeforeSlash(at: stop, stretchStart: start)
        case UInt8(ascii: "i"):
            readBackPrevious()
        default:
            pendingTokensStart = -1
        }
    }

    /// A stretch passed over that may hold the last name (a body stretch, or an interpolation's
    /// content): pending until something reads the last name.
    @inline(__always)
    private mutating func notePassedStretch(_ stretch: Range<Int>) {
        if pendingNames == Self.stretchCapacity { readBackLastIdentifier() }
        stretches.unsafelyUnwrapped[pendingNames] = stretch
        pendingNames += 1
    }

    /// How many skipped stretches wait to be read for the last name; settled at once when full
    /// (exactly: a stretch without a name changes nothing).
    static var stretchCapacity: Int { 32 }
    /// The skipped stretches whose last name `lastIdentifier` does not hold yet, oldest first:
    /// `pendingNames` of them in `stretches`.
    private var pendingNames = 0
    /// The skipped stretch whose last token `previous` does not hold yet, or -1.
    private var pendingTokensStart = -1
    private var pendingTokensEnd = 0

    /// A name was read by the full reading: stretches skipped before it no longer matter.
    @inline(__always)
    private mutating func forgetPendingNames() {
        pendingNames = 0
    }

    /// Sets `previous` to the kind of the last token in the pending stretch, if it has one.
    private mutating func readBackPrevious() {
        guard pendingTokensStart >= 0 else { return }
        if let kind = lastToken(in: pendingTokensStart..<pendingTokensEnd) { previous = kind }
        pendingTokensStart = -1
    }

    /// Sets `lastIdentifier` to the last name in the pending stretches, if any has one.
    private mutating func readBackLastIdentifier() {
        while pendingNames > 0 {
            pendingNames -= 1
            let stretch = stretches.unsafelyUnwrapped[pendingNames]
            if findLastIdentifier(from: stretch.lowerBound, to: stretch.upperBound) { break }
        }
        pendingNames = 0
    }

    /// At a `/` that is no comment: the operator run touching it and the token before that run,
    /// as the full reading would have them. `stretchStart` is where the last skip began.
    private mutating func readBackBeforeSlash(at stop: Int, stretchStart start: Int) {
        var runStart = stop
        while runStart > start && Self.isOperatorCharacter(bytes[runStart - 1]) { runStart -= 1 }
        guard runStart < stop else {
            readBackPrevious()
            return
        }
        // The run's characters are tokens of their own, no names: the token before it is what counts.
        if runStart > start { pendingTokensEnd = runStart } else { pendingTokensStart = -1 }
        // Unless it continues the run the full reading ended in, the run starts a new one here.
        if !(runStart == start && operatorRunEnd == start) {
            readBackPrevious()
            operatorRunStart = runStart
            previousBeforeOperatorRun = previous
            operatorRunHasSlash = false
        }
        operatorRunEnd = stop
        previous = .other
    }

    /// The kind of the last token in a skipped stretch (names, numbers, spaces and punctuation
    /// only), setting `lastIdentifier` when it is a name; nil when the stretch holds only spaces.
    private mutating func lastToken(in stretch: Range<Int>) -> PreviousToken? {
        let start = stretch.lowerBound
        var last = stretch.upperBound
        while last > start {
            let role = roles[Int(bytes[last - 1])]
            guard role == .space || role == .newline else { break }
            last -= 1
        }
        guard last > start else { return nil }
        let byte = bytes[last - 1]
        if roles.continuesIdentifier(byte) {
            var first = last - 1
            while first > start && roles.continuesIdentifier(bytes[first - 1]) { first -= 1 }
            guard roles[Int(bytes[first])] == .identifier else { return .operand }
            lastIdentifier = first..<last
            // The last token is a name: no pending stretch holds a later one.
            pendingNames = 0
            return .identifier
        }
        switch byte {
        case UInt8(ascii: ")"), UInt8(ascii: "]"): return .operand
        case UInt8(ascii: "("), UInt8(ascii: ","): return .listStart
        case UInt8(ascii: "."): return .dot
        default: return .other
        }
    }

    /// Sets `lastIdentifier` to the last name between `start` and `limit` and returns true, or
    /// returns false when there is none.
    private mutating func findLastIdentifier(from start: Int, to limit: Int) -> Bool {
        var position = limit
        while position > start {
            guard roles.continuesIdentifier(bytes[position - 1]) else {
                position -= 1
                continue
            }
            let last = position
            while position > start && roles.continuesIdentifier(bytes[position - 1]) { position -= 1 }
            if roles[Int(bytes[position])] == .identifier {
                lastIdentifier = position..<last
                return true
            }
        }
        return false
    }

    /// The first byte at or after `start` that starts a brace, a string, a comment, a regex, a
    /// directive, an attribute, a backticked name or an `import` keyword, or `end`.
    @inline(__always)
    private func nextBodyStop(from start: Int) -> Int {
        typealias Bytes = SIMD16<UInt8>
        let raw = UnsafeRawPointer(bytes)
        let openBrace = Bytes(repeating: UInt8(ascii: "{")), closeBrace = Bytes(repeating: UInt8(ascii: "}"))
        // `"` (0x22) and `#` (0x23) differ in bit 0 only, `@` (0x40) and a backtick (0x60) in bit 5 only.
        let bit0 = Bytes(repeating: 0xFE), quoteOrHash = Bytes(repeating: UInt8(ascii: "\""))
        let bit5 = Bytes(repeating: 0xDF), atOrBacktick = Bytes(repeating: UInt8(ascii: "@"))
        let slash = Bytes(repeating: UInt8(ascii: "/"))
        let letterI = Bytes(repeating: UInt8(ascii: "i")), letterM = Bytes(repeating: UInt8(ascii: "m"))
        var position = start
        while position &+ 17 <= end {
            let here = raw.loadUnaligned(fromByteOffset: position, as: Bytes.self)
            let next = raw.loadUnaligned(fromByteOffset: position &+ 1, as: Bytes.self)
            let found = (here .== openBrace) .| (here .== closeBrace) .| ((here & bit0) .== quoteOrHash)
                .| (here .== slash) .| ((here & bit5) .== atOrBacktick) .| ((here .== letterI) .& (next .== letterM))
            let words = unsafeBitCast(found, to: SIMD2<UInt64>.self)
            let candidate: Int
            if words[0] != 0 {
                candidate = position &+ words[0].trailingZeroBitCount >> 3
            } else if words[1] != 0 {
                candidate = position &+ 8 &+ words[1].trailingZeroBitCount >> 3
            } else {
                position &+= 16
                continue
            }
            if bytes[candidate] != UInt8(ascii: "i") || isImportKeyword(at: candidate, after: start) { return candidate }
            position = candidate &+ 1
        }
        let stops = ByteClass.bodyStops
        while position < end {
            let byte = bytes[position]
            if stops[Int(byte)] && (byte != UInt8(ascii: "i") || isImportKeyword(at: position, after: start)) { return position }
            position += 1
        }
        return end
    }

    /// Where the interpolation whose content starts at `start` closes, when the content holds
    /// only what a body skip passes over (names, numbers, spaces, punctuation) and no
    /// parenthesis or line break; nil otherwise, and the interpolation is read token by token.
    /// The search ends at the first byte that is not plain, so a failed one costs no more than
    /// the bytes the full reading then reads. A byte at a time: most interpolations are a name or
    /// two. Static, with what it reads passed in, so that the mutating caller does not copy the
    /// cursor to call it.
    private static func plainInterpolationClose(
        _ bytes: UnsafePointer<UInt8>, end: Int, from start: Int,
        stops: UnsafePointer<Bool>, roles: UnsafePointer<ByteClass>
    ) -> Int? {
        var position = start
        while position < end {
            let byte = bytes[position]
            if stops[Int(byte)] {
                if byte == UInt8(ascii: ")") { return position }
                guard byte == UInt8(ascii: "i") else { return nil }
                // `import` as a token of its own stops the search (a token begins at `start`).
                if position + 6 <= end && bytes[position + 1] == UInt8(ascii: "m") && bytes[position + 2] == UInt8(ascii: "p")
                    && bytes[position + 3] == UInt8(ascii: "o") && bytes[position + 4] == UInt8(ascii: "r") && bytes[position + 5] == UInt8(ascii: "t")
                    && !(position + 6 < end && roles.continuesIdentifier(bytes[position + 6]))
                    && (position == start || !roles.continuesIdentifier(bytes[position - 1])) {
                    return nil
                }
            }
            position += 1
        }
        return nil
    }

    /// Whether the word `import` starts at `position` as a token of its own. At `start` a token
    /// always begins (the full reading ended one there), so it is a stop whatever precedes it.
    private func isImportKeyword(at position: Int, after start: Int) -> Bool {
        guard position + 6 <= end, matches("import", at: position) else { return false }
        if position + 6 < end && roles.continuesIdentifier(bytes[position + 6]) { return false }
        return position == start || !roles.continuesIdentifier(bytes[position - 1])
    }

    // MARK: - Identifiers and declarations

    @inline(__always)
    private mutating func identifierOrKeyword() {
        let start = index
        index += 1
        while index < end && roles.continuesIdentifier(bytes[index]) { index += 1 }
        let length = index - start
        token(.identifier, from: start)
        if length == 6 && previous != .dot && previous != .listStart && matches("import", at: start) {
            importDeclaration(keywordOffset: start)
            return
        }
        if attributeParenDepth == 0 {
            // `.private` is an enum case, not a modifier of what follows.
            if previous != .dot && isModifier(start: start, length: length) {
                if prefixStart < 0 { prefixStart = start }
            } else {
                prefixStart = -1
            }
        }
        lastIdentifier = start..<index
        forgetPendingNames()
        previous = .identifier
        skipSpaces()
    }

    /// Spaces between tokens, consumed where a token ends rather than by another trip through
    /// the dispatch in `run`: the dispatch's indirect jump is the scanner's main cost.
    @inline(__always)
    private mutating func skipSpaces() {
        while index < end && roles[Int(bytes[index])] == .space { index += 1 }
    }

    @inline(__always)
    private func isModifier(start: Int, length: Int) -> Bool {
        // Every modifier starts with p, i or f: one comparison turns most identifiers away.
        let first = bytes[start]
        guard first == UInt8(ascii: "p") || first == UInt8(ascii: "i") || first == UInt8(ascii: "f") else { return false }
        switch length {
        case 6: return matches("public", at: start)
        case 7: return matches("package", at: start) || matches("private", at: start)
        case 8: return matches("internal", at: start)
        case 11: return matches("fileprivate", at: start)
        default: return false
        }
    }

    @inline(__always)
    private func matches(_ word: StaticString, at offset: Int) -> Bool {
        let count = word.utf8CodeUnitCount
        guard offset + count <= end else { return false }
        let expected = word.utf8Start
        for position in 0..<count where bytes[offset + position] != expected[position] {
            return false
        }
        return true
    }

    private mutating func importDeclaration(keywordOffset: Int) {
        let declarationStart = prefixStart >= 0 ? prefixStart : keywordOffset
        prefixStart = -1
        previous = .identifier
        lastIdentifier = keywordOffset..<(keywordOffset + 6)
        forgetPendingNames()
        skipTrivia()
        // `f(import: x)`: `import` is an argument label here, not a declaration.
        if index < end && bytes[index] == UInt8(ascii: ":") { return }

        var kind: ImportKind?
        var components: [Range<Int>] = []
        if let (first, backticked) = pathComponent() {
            if !backticked, mayBeImportKind(first), let named = ImportKind(rawValue: string(first)) {
                kind = named
                skipTrivia()
                if let (module, _) = pathComponent() { components.append(module) }
            } else {
                components.append(first)
            }
        }
        guard !components.isEmpty else {
            recordIfParsed(.malformedImport, .error, "'import' without a module name", at: keywordOffset)
            return
        }
        // `A.B`: the compiler continues a path only where the dot touches both components;
        // `import A .b()` is an import of A followed by another statement.
        while index + 1 < end && bytes[index] == UInt8(ascii: ".") {
            let dot = index
            index += 1
            guard let (component, _) = pathComponent() else {
                index = dot
                break
            }
            components.append(component)
        }
        previous = .identifier

        guard braceDepth == 0 && interpolations.isEmpty else {
            recordIfParsed(.importNotAtFileScope, .warning, "import inside a declaration body; the compiler accepts imports only at file scope", at: components[0].lowerBound)
            return
        }
        var prefix = DeclarationPrefix()
        if declarationStart < keywordOffset {
            prefix = DeclarationPrefix.read(bytes, from: declarationStart, to: keywordOffset)
        }
        events.append(.importDeclaration(PendingImport(
            components: components, kind: kind, accessLevel: prefix.accessLevel,
            attributes: prefix.attributes, moduleOffset: components[0].lowerBound,
            clauseNode: currentClauseNode())))
    }

    /// Whether `range` may spell an import kind (`typealias`, `struct`, `class`, `enum`,
    /// `protocol`, `let`, `var`, `func`): most module names are turned away without a `String`.
    @inline(__always)
    private func mayBeImportKind(_ range: Range<Int>) -> Bool {
        guard range.count >= 3 && range.count <= 9 else { return false }
        switch bytes[range.lowerBound] {
        case UInt8(ascii: "t"), UInt8(ascii: "s"), UInt8(ascii: "c"), UInt8(ascii: "e"),
             UInt8(ascii: "p"), UInt8(ascii: "l"), UInt8(ascii: "v"), UInt8(ascii: "f"):
            return true
        default:
            return false
        }
    }

    /// One component of an import path: an identifier or a backticked name. Returns the byte range
    /// of the name itself, and whether it was backticked (then `class` is a name, not a kind).
    private mutating func pathComponent() -> (Range<Int>, backticked: Bool)? {
        guard index < end else { return nil }
        let start = index
        let byte = bytes[index]
        if roles[Int(byte)] == .identifier {
            index += 1
            while index < end && roles.continuesIdentifier(bytes[index]) { index += 1 }
            return (start..<index, false)
        }
        if byte == UInt8(ascii: "`") {
            var close = index + 1
            while close < end && bytes[close] != UInt8(ascii: "`") && roles[Int(bytes[close])] != .newline { close += 1 }
            guard close < end, bytes[close] == UInt8(ascii: "`"), close > start + 1 else { return nil }
            index = close + 1
            return ((start + 1)..<close, true)
        }
        return nil
    }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(start: bytes + range.lowerBound, count: range.count), as: UTF8.self)
    }

    private mutating func attribute() {
        // An attribute makes the previous token a name but keeps the last name as it was, which
        // a `/` after it then reads.
        readBackLastIdentifier()
        let start = index
        index += 1
        guard index < end && roles[Int(bytes[index])] == .identifier else {
            token(.other, from: start)
            endToken(.other)
            return
        }
        while index < end && roles.continuesIdentifier(bytes[index]) { index += 1 }
        // One token for `@` and the name, so a token reader sees `@unchecked` as one attribute.
        token(.other, from: start)
        if attributeParenDepth == 0 && prefixStart < 0 { prefixStart = start }
        previous = .identifier
        // Arguments belong to an attribute only when `(` follows the name directly.
        if attributeParenDepth == 0 && index < end && bytes[index] == UInt8(ascii: "(") {
            index += 1
            // Its `)` is a token, so its `(` is one too: token readers see the arguments balanced.
            token(.openParenthesis, from: index - 1)
            attributeParenDepth = 1
            if !interpolations.isEmpty { interpolations[interpolations.count - 1].parenDepth += 1 }
            previous = .other
        }
    }

    private mutating func backtickedIdentifier() {
        var close = index + 1
        while close < end && bytes[close] != UInt8(ascii: "`") && roles[Int(bytes[close])] != .newline { close += 1 }
        if close < end && bytes[close] == UInt8(ascii: "`") {
            lastIdentifier = (index + 1)..<close
            forgetPendingNames()
            tokens.append(RawToken(kind: .identifier, range: lastIdentifier))
            index = close + 1
            endToken(.identifier)
        } else {
            index += 1
            endToken(.other)
        }
    }

    // MARK: - Trivia

    /// Skips whitespace, newlines and comments between the parts of a declaration.
    private mutating func skipTrivia() {
        while index < end {
            let byte = bytes[index]
            let role = roles[Int(byte)]
            if role == .space || role == .newline {
                index += 1
            } else if byte == UInt8(ascii: "/") && index + 1 < end && bytes[index + 1] == UInt8(ascii: "/") {
                lineComment()
            } else if byte == UInt8(ascii: "/") && index + 1 < end && bytes[index + 1] == UInt8(ascii: "*") {
                blockComment()
            } else {
                return
            }
        }
    }

    /// A `//` comment, to the line break. A comment that starts `// bulkhead:` is a directive
    /// (`// bulkhead:ignore rule - reason`) and is recorded; the check costs nothing for others.
    private mutating func lineComment() {
        var position = index + 2
        while position < end && (bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t")) { position += 1 }
        let isDirective = matches("bulkhead:", at: position)
        let start = index
        skipToEndOfLine()
        if isDirective {
            var textEnd = index
            while textEnd > position && roles[Int(bytes[textEnd - 1])] == .space { textEnd -= 1 }
            // Alone on its line, a directive speaks for the next line; after code, for its own.
            var lineStart = start
            while lineStart > 0 && roles[Int(bytes[lineStart - 1])] == .space { lineStart -= 1 }
            let isAlone = lineStart == 0 || roles[Int(bytes[lineStart - 1])] == .newline
                || (lineStart == 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF)
            events.append(.directive(commentOffset: start, text: (position + 9)..<textEnd, isAlone: isAlone))
        }
    }

    /// Moves to the line break (not past it).
    @inline(__always)
    private mutating func skipToEndOfLine() {
        index = firstByte(ByteClass.lineFeed, or: ByteClass.carriageReturn, from: index)
    }

    /// The offset of the first `first` or `second` at or after `start`, or `end`. Eight bytes a
    /// turn: comments are most of what a file holds after code, and a byte-at-a-time loop over
    /// them cost as much as the rest of the scan.
    @inline(__always)
    private func firstByte(_ first: UInt8, or second: UInt8, from start: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let firstPattern = UInt64(first) &* ones
        let secondPattern = UInt64(second) &* ones
        var position = start
        let raw = UnsafeRawPointer(bytes)
        while position + 8 <= end {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt64.self))
            let x = word ^ firstPattern
            let y = word ^ secondPattern
            // The lowest flagged byte of each is a true match (a false one only sits above a true
            // one), so the lowest of both is the first match.
            let found = (((x &- ones) & ~x) | ((y &- ones) & ~y)) & highBits
            if found != 0 { return position + found.trailingZeroBitCount >> 3 }
            position += 8
        }
        while position < end && bytes[position] != first && bytes[position] != second { position += 1 }
        return position
    }

    /// Skips a block comment, nested ones included; `index` is at `/*`.
    private mutating func blockComment() {
        let start = index
        index += 2
        var depth = 1
        while index + 1 < end {
            index = firstByte(UInt8(ascii: "*"), or: UInt8(ascii: "/"), from: index)
            guard index + 1 < end else { break }
            let byte = bytes[index]
            if byte == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/") {
                index += 2
                depth -= 1
                if depth == 0 { return }
            } else if byte == UInt8(ascii: "/") && bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                depth += 1
            } else {
                index += 1
            }
        }
        index = end
        record(.unterminatedComment, .error, "unterminated block comment", at: start)
    }

    // MARK: - Slash: comments, regex literals, operators

    private mutating func slash() {
        let next: UInt8 = index + 1 < end ? bytes[index + 1] : 0
        if next == UInt8(ascii: "/") {
            lineComment()
            return
        }
        if next == UInt8(ascii: "*") {
            blockComment()
            return
        }
        extendOperatorRun(at: index)
        let isFirstSlashOfRun = !operatorRunHasSlash
        operatorRunHasSlash = true
        if isFirstSlashOfRun && index >= noRegexCloseBefore && regexMayStartHere() {
            switch bareRegexClose(from: index + 1) {
            case .closedAt(let close):
                tokens.append(RawToken(kind: .other, range: index..<(close + 1)))
                index = close + 1
                endToken(.operand)
                return
            case .notClosedBefore(let lineEnd):
                noRegexCloseBefore = lineEnd
            }
        }
        index += 1
        token(.other, from: index - 1)
        endToken(.other)
    }

    /// Notes an operator character at `position`, starting a new run unless it touches the last.
    @inline(__always)
    private mutating func extendOperatorRun(at position: Int) {
        if operatorRunEnd != position {
            operatorRunStart = position
            previousBeforeOperatorRun = previous
            operatorRunHasSlash = false
        }
        operatorRunEnd = position + 1
    }

    @inline(__always)
    private static func isOperatorCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"),
             UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"),
             UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"):
            true
        default:
            false
        }
    }

    /// Whether the `/` at `index` may open a bare regex literal, by the compiler's rule (swift-syntax
    /// `tryScanOperatorAsRegexLiteral`): never when its operator run is bound to what precedes it
    /// (`p!/2`, `f()/2`, `a/b`: a postfix `!`, `)`, `]`, `}`, `>`, a name or a literal touches
    /// it); always worth a look in prefix position (bound only on the right: `= /a+/`); and, when
    /// bound on neither side, only where an expression may begin (after `return`, `(`, `=`…).
    private func regexMayStartHere() -> Bool {
        if isLeftBound(operatorRunStart) { return false }
        // `func /(…)` and `operator /`: an operator's declaration, not a regex.
        if previousBeforeOperatorRun == .identifier
            && ((lastIdentifier.count == 4 && matches("func", at: lastIdentifier.lowerBound))
                || (lastIdentifier.count == 8 && matches("operator", at: lastIdentifier.lowerBound))) {
            return false
        }
        var runEnd = index + 1
        while runEnd < end && Self.isOperatorCharacter(bytes[runEnd])
            && !(bytes[runEnd] == UInt8(ascii: "/") && runEnd + 1 < end && (bytes[runEnd + 1] == UInt8(ascii: "/") || bytes[runEnd + 1] == UInt8(ascii: "*"))) {
            runEnd += 1
        }
        if isRightBound(runEnd) { return true }
        return mayPrecedeExpression(previousBeforeOperatorRun)
    }

    /// Whether an operator starting at `position` touches the token before it. Whitespace, an
    /// opening bracket, a separator or the end of a block comment leave it unbound.
    private func isLeftBound(_ position: Int) -> Bool {
        guard position > 0 else { return false }
        switch bytes[position - 1] {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), ByteClass.lineFeed, ByteClass.carriageReturn, 0,
             UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"),
             UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"):
            return false
        case UInt8(ascii: "/"):
            return !(position >= 2 && bytes[position - 2] == UInt8(ascii: "*"))
        case 0xA0:
            return !(position >= 2 && bytes[position - 2] == 0xC2)
        default:
            return true
        }
    }

    /// Whether an operator ending just before `position` touches the token after it (it is only
    /// asked for operators that are not left-bound, so a following `.` binds).
    private func isRightBound(_ position: Int) -> Bool {
        guard position < end else { return false }
        switch bytes[position] {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), ByteClass.lineFeed, ByteClass.carriageReturn, 0,
             UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"),
             UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"):
            return false
        case UInt8(ascii: "/"):
            return !(position + 1 < end && (bytes[position + 1] == UInt8(ascii: "/") || bytes[position + 1] == UInt8(ascii: "*")))
        case 0xC2:
            return !(position + 1 < end && bytes[position + 1] == 0xA0)
        default:
            return true
        }
    }

    /// Whether an expression may begin after `token`: not after an operand, unless that operand
    /// is a keyword such as `return`.
    private func mayPrecedeExpression(_ token: PreviousToken) -> Bool {
        switch token {
        case .start, .other, .listStart: return true
        case .dot, .operand: return false
        case .identifier:
            let length = lastIdentifier.count
            let start = lastIdentifier.lowerBound
            return (length == 6 && (matches("return", at: start))) || (length == 4 && matches("case", at: start))
                || (length == 2 && (matches("in", at: start) || matches("if", at: start)))
                || (length == 5 && (matches("where", at: start) || matches("guard", at: start) || matches("throw", at: start)))
                || (length == 3 && matches("try", at: start))
        }
    }

    private enum RegexSearch {
        case closedAt(Int)
        /// No closing `/` before this offset (the line's end); the `/` is an operator.
        case notClosedBefore(Int)
    }

    /// Where the bare regex literal opened just before `start` closes. Bare regex literals never
    /// start with a space and never span lines.
    private func bareRegexClose(from start: Int) -> RegexSearch {
        guard start < end else { return .notClosedBefore(end) }
        let first = bytes[start]
        // Never after `(` in `(/)` or `reduce(0, /)`: an operator passed as a function.
        if roles[Int(first)] == .space || roles[Int(first)] == .newline || first == UInt8(ascii: ")") {
            return .notClosedBefore(start)
        }
        var position = start
        var openParentheses = 0
        while position < end {
            let byte = bytes[position]
            if roles[Int(byte)] == .newline { return .notClosedBefore(position) }
            if byte == UInt8(ascii: "\\") {
                // An escaped line break does not continue a bare regex onto the next line.
                if position + 1 < end && roles[Int(bytes[position + 1])] == .newline { return .notClosedBefore(position + 1) }
                position += 2
                continue
            }
            if byte == UInt8(ascii: "(") { openParentheses += 1 }
            if byte == UInt8(ascii: ")") {
                // A `)` the candidate did not open closes an enclosing call: not a regex.
                if openParentheses == 0 { return .notClosedBefore(start) }
                openParentheses -= 1
            }
            // The compiler's lexer ends the literal at the first unescaped `/`, even inside `[…]`.
            if byte == UInt8(ascii: "/") {
                return .closedAt(position)
            }
            position += 1
        }
        return .notClosedBefore(end)
    }

    /// An extended regex literal `#/…/#`; `index` is just past the `/`.
    private mutating func extendedRegex(hashes: Int, openOffset: Int) {
        let isMultiline = index < end && roles[Int(bytes[index])] == .newline
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                index = min(end, index + 2)
                continue
            }
            if byte == UInt8(ascii: "/") && hashesFollow(index + 1, count: hashes) {
                index += 1 + hashes
                endToken(.operand)
                return
            }
            if !isMultiline && roles[Int(byte)] == .newline { break }
            index += 1
        }
        if isMultiline {
            record(.unterminatedRegex, .error, "unterminated regex literal", at: openOffset)
        } else {
            recordIfParsed(.unterminatedRegex, .error, "unterminated regex literal", at: openOffset)
        }
        endToken(.operand)
    }

    @inline(__always)
    private func hashesFollow(_ position: Int, count: Int) -> Bool {
        guard position + count <= end else { return false }
        for offset in 0..<count where bytes[position + offset] != UInt8(ascii: "#") {
            return false
        }
        return true
    }

    // MARK: - Strings

    /// A string literal whose opening `"` is at `index`; `hashes` `#` came before it.
    private mutating func stringLiteral(hashes: Int, openOffset: Int) {
        let isMultiline = index + 2 < end && bytes[index + 1] == UInt8(ascii: "\"") && bytes[index + 2] == UInt8(ascii: "\"")
        index += isMultiline ? 3 : 1
        stringBody(StringDelimiter(hashes: hashes, isMultiline: isMultiline), openOffset: openOffset)
    }

    /// Reads string content up to the closing delimiter, or up to an interpolation, which pushes
    /// a frame and hands the cursor back to code until its `)`.
    private mutating func stringBody(_ delimiter: StringDelimiter, openOffset: Int, isInterpolated: Bool = false) {
        let quote = UInt8(ascii: "\"")
        let backslash = UInt8(ascii: "\\")
        let stops = stringStops
        while index < end {
            index = nextStringStop(from: index, stops: stops)
            guard index < end else { break }
            let byte = bytes[index]
            if byte == backslash {
                var next = index + 1
                var hashes = 0
                while hashes < delimiter.hashes && next < end && bytes[next] == UInt8(ascii: "#") {
                    next += 1
                    hashes += 1
                }
                if hashes < delimiter.hashes {
                    index = next
                    continue
                }
                if next < end && bytes[next] == UInt8(ascii: "(") {
                    // An interpolation of names, numbers, spaces and punctuation only (`\(count)`,
                    // `\(a + 1)`) is passed over as a body stretch is: the full reading would push
                    // a frame, read its tokens and return here at its `)`, and all it would leave
                    // is the last name, which the stretch keeps pending. `previous` is set when
                    // the string ends, however it ends.
                    if skipsBodies, let close = Self.plainInterpolationClose(
                        bytes, end: end, from: next + 1, stops: interpolationStops, roles: roles) {
                        if close > next + 1 { notePassedStretch((next + 1)..<close) }
                        index = close + 1
                        continue
                    }
                    index = next + 1
                    interpolations.append(InterpolationFrame(
                        delimiter: delimiter, parenDepth: 0, stringOffset: openOffset,
                        braceDepthOutside: braceDepth))
                    endToken(.other)
                    return
                }
                if next < end && !delimiter.isMultiline && roles[Int(bytes[next])] == .newline {
                    index = next
                    continue
                }
                index = min(end, next + 1)
                continue
            }
            if byte == quote {
                if delimiter.isMultiline {
                    if index + 2 < end && bytes[index + 1] == quote && bytes[index + 2] == quote
                        && hashesFollow(index + 3, count: delimiter.hashes) {
                        tokens.append(RawToken(kind: .stringLiteral, range: openOffset..<index))
                        index += 3 + delimiter.hashes
                        endToken(.operand)
                        return
                    }
                } else if hashesFollow(index + 1, count: delimiter.hashes) {
                    let contentStart = openOffset + delimiter.hashes + 1
                    tokens.append(RawToken(
                        kind: .stringLiteral, range: openOffset..<index,
                        content: isInterpolated ? nil : contentStart..<index, hashes: delimiter.hashes))
                    index += 1 + delimiter.hashes
                    endToken(.operand)
                    return
                }
                index += 1
                continue
            }
            if !delimiter.isMultiline && (byte == ByteClass.lineFeed || byte == ByteClass.carriageReturn) {
                break
            }
            index += 1
        }
        if delimiter.isMultiline {
            record(.unterminatedString, .error, "unterminated multi-line string literal", at: openOffset)
        } else {
            recordIfParsed(.unterminatedString, .error, "unterminated string literal", at: openOffset)
        }
        endToken(.operand)
    }

    /// The first quote, backslash or line break at or after `start`, or `end`: ordinary string
    /// content sixteen bytes a turn.
    @inline(__always)
    private func nextStringStop(from start: Int, stops: UnsafePointer<Bool>) -> Int {
        typealias Bytes = SIMD16<UInt8>
        let raw = UnsafeRawPointer(bytes)
        let quote = Bytes(repeating: UInt8(ascii: "\"")), backslash = Bytes(repeating: UInt8(ascii: "\\"))
        let lineFeed = Bytes(repeating: ByteClass.lineFeed), carriageReturn = Bytes(repeating: ByteClass.carriageReturn)
        var position = start
        while position &+ 16 <= end {
            let here = raw.loadUnaligned(fromByteOffset: position, as: Bytes.self)
            let found = (here .== quote) .| (here .== backslash) .| (here .== lineFeed) .| (here .== carriageReturn)
            let words = unsafeBitCast(found, to: SIMD2<UInt64>.self)
            if words[0] != 0 { return position &+ words[0].trailingZeroBitCount >> 3 }
            if words[1] != 0 { return position &+ 8 &+ words[1].trailingZeroBitCount >> 3 }
            position &+= 16
        }
        while position < end && !stops[Int(bytes[position])] { position += 1 }
        return position
    }

    /// A line break inside the interpolation of a single-line string ends that string, as in the
    /// compiler; the cursor recovers in code after it.
    private mutating func abandonSingleLineInterpolations() {
        while let top = interpolations.last, !top.delimiter.isMultiline {
            interpolations.removeLast()
            previous = .start
            braceDepth = top.braceDepthOutside
            recordIfParsed(.unterminatedString, .error, "unterminated string literal", at: top.stringOffset)
        }
    }

    // MARK: - Hash: raw strings, extended regex, directives

    private mutating func hash() {
        let start = index
        var position = index
        while position < end && bytes[position] == UInt8(ascii: "#") { position += 1 }
        let hashes = position - start
        if position < end && bytes[position] == UInt8(ascii: "\"") {
            index = position
            stringLiteral(hashes: hashes, openOffset: start)
            return
        }
        if position < end && bytes[position] == UInt8(ascii: "/") {
            index = position + 1
            extendedRegex(hashes: hashes, openOffset: start)
            return
        }
        index = position
        guard hashes == 1, position < end, roles[Int(bytes[position])] == .identifier else {
            token(.other, from: start)
            endToken(.other)
            return
        }
        let nameStart = position
        while index < end && roles.continuesIdentifier(bytes[index]) { index += 1 }
        token(.other, from: start)
        switch index - nameStart {
        case 2 where matches("if", at: nameStart):
            openConditional(at: start)
        case 6 where matches("elseif", at: nameStart):
            continueConditional(.elseif, at: start)
        case 4 where matches("else", at: nameStart):
            continueConditional(.else, at: start)
        case 5 where matches("endif", at: nameStart):
            // Not `popLast() == nil`: comparing the popped frame with nil went through the
            // generic Optional witnesses, a metadata lookup per `#endif`.
            if conditionals.isEmpty {
                record(.unbalancedDirective, .error, "#endif without #if", at: start)
            } else {
                let frame = conditionals.removeLast()
                if frame.chainChecksVersion { mayBeUnparsedClauses -= 1 }
                startAfresh(at: frame)
            }
            endToken(.start)
        default:
            // `#available`, `#selector`, `#Preview`, a macro: an expression, not a directive.
            lastIdentifier = nameStart..<index
            forgetPendingNames()
            endToken(.identifier)
        }
    }

    private mutating func openConditional(at offset: Int) {
        let (condition, checksVersion) = skipCondition(directive: offset)
        conditionals.append(ConditionalFrame(
            branch: .if, ifCondition: condition, openOffset: offset, braceDepthAtOpen: braceDepth,
            chainChecksVersion: checksVersion))
        if checksVersion { mayBeUnparsedClauses += 1 }
        reportContinuedCondition(condition)
        endToken(.start)
    }

    /// Braces, attribute arguments and the declaration prefix as they were where the chain
    /// opened: each clause holds whole declarations, and the text of a clause the compiler does
    /// not parse (an unbalanced `{` after a false `#if compiler(…)`) must not reach past it.
    private mutating func startAfresh(at frame: ConditionalFrame) {
        braceDepth = frame.braceDepthAtOpen
        attributeParenDepth = 0
        prefixStart = -1
    }

    private mutating func continueConditional(_ branch: ConditionalClause.Branch, at offset: Int) {
        guard var frame = conditionals.popLast() else {
            if branch == .elseif { _ = skipCondition(directive: offset) }
            record(.unbalancedDirective, .error, "#\(branch.rawValue) without #if", at: offset)
            endToken(.start)
            return
        }
        frame.branch = branch
        // The chain's own conditions are read whatever its earlier clauses: counted without it.
        if frame.chainChecksVersion { mayBeUnparsedClauses -= 1 }
        var condition: Range<Int>?
        if branch == .elseif {
            let (range, checksVersion) = skipCondition(directive: offset)
            if let chain = frame.chain { chainConditions[chain].append(range) } else { frame.elseifConditions.append(range) }
            frame.chainChecksVersion = frame.chainChecksVersion || checksVersion
            condition = range
        }
        if frame.chainChecksVersion { mayBeUnparsedClauses += 1 }
        frame.node = nil
        conditionals.append(frame)
        startAfresh(at: frame)
        if let condition { reportContinuedCondition(condition) }
        endToken(.start)
    }

    /// The node of the innermost clause around the current position (-1 at file level), made
    /// on first use: only the frames inside the innermost one that has a node need one, so an
    /// import costs constant time however deep it sits.
    private mutating func currentClauseNode() -> Int {
        guard !conditionals.isEmpty else { return -1 }
        var first = conditionals.count - 1
        while first > 0 && conditionals[first].node == nil { first -= 1 }
        for position in first..<conditionals.count where conditionals[position].node == nil {
            let parent = position > 0 ? conditionals[position - 1].node ?? -1 : -1
            let chain: Int
            if let registered = conditionals[position].chain {
                chain = registered
            } else {
                chain = chainConditions.count
                chainConditions.append([conditionals[position].ifCondition] + conditionals[position].elseifConditions)
                conditionals[position].elseifConditions = []
                conditionals[position].chain = chain
            }
            let count = chainConditions[chain].count
            let branch = conditionals[position].branch
            clauseNodes.append(ConditionalClauseTable.Node(
                branch: branch, chain: chain, position: branch == .else ? count : count - 1, parent: parent))
            conditionals[position].node = clauseNodes.count - 1
        }
        return conditionals[conditionals.count - 1].node ?? -1
    }

    /// The clauses imports need, with their conditions made into text (once per condition).
    func clauseTable() -> ConditionalClauseTable? {
        guard !clauseNodes.isEmpty else { return nil }
        return ConditionalClauseTable(chains: chainConditions.map { $0.map(conditionText) }, nodes: clauseNodes)
    }

    /// Moves past the condition after `#if` or `#elseif` and returns its byte range, and whether
    /// it asks for a version: to the end of the line, or further while a parenthesis is open (a
    /// trailing `||` does not continue it: the compiler calls that an incomplete condition). A
    /// `//` comment ends it.
    ///
    /// The condition is checked as the compiler checks it, and a form the compiler rejects or a
    /// nesting deeper than its limit is reported (such a clause is never decided) — unless the
    /// directive sits in a clause the compiler may not parse, where it reads no condition.
    private mutating func skipCondition(directive: Int) -> (Range<Int>, checksVersion: Bool) {
        let start = index
        var parenDepth = 0
        var checksVersion = false
        while index < end {
            let byte = bytes[index]
            if roles[Int(byte)] == .newline {
                if parenDepth == 0 { break }
            } else if byte == UInt8(ascii: "/") && index + 1 < end && bytes[index + 1] == UInt8(ascii: "/") {
                skipToEndOfLine()
                if parenDepth == 0 { break }
                continue
            } else if byte == UInt8(ascii: "/") && index + 1 < end && bytes[index + 1] == UInt8(ascii: "*") {
                blockComment()
                continue
            } else if byte == UInt8(ascii: "(") {
                parenDepth += 1
                if !checksVersion { checksVersion = namesVersionCheck(before: index, from: start) }
            } else if byte == UInt8(ascii: ")") {
                parenDepth = max(0, parenDepth - 1)
            }
            index += 1
        }
        if mayBeUnparsedClauses == 0 {
            switch ConditionExpression.verdict(on: conditionText(start..<index)) {
            case .accepted:
                break
            case .tooDeep:
                record(.conditionTooDeep, .error, "#if condition nested deeper than \(ConditionExpression.nestingLimit) levels; the compiler rejects it, and its clause is left undecided", at: directive)
            case .rejected(let rejection):
                record(.rejectedCondition, .error, "#if condition the compiler rejects (\"\(rejection)\"); its clause is left undecided", at: directive)
            }
        }
        return (start..<index, checksVersion)
    }

    /// Whether the name before the `(` at `paren` (spaces between allowed, as the compiler
    /// allows them) is `swift`, `compiler` or `_compiler_version`.
    private func namesVersionCheck(before paren: Int, from start: Int) -> Bool {
        var nameEnd = paren
        while nameEnd > start && roles[Int(bytes[nameEnd - 1])] == .space { nameEnd -= 1 }
        var nameStart = nameEnd
        while nameStart > start && roles.continuesIdentifier(bytes[nameStart - 1]) { nameStart -= 1 }
        switch nameEnd - nameStart {
        case 5: return matches("swift", at: nameStart)
        case 8: return matches("compiler", at: nameStart)
        case 17: return matches("_compiler_version", at: nameStart)
        default: return false
        }
    }

    /// The compiler ends a condition at its line's end (outside parentheses): a next line that
    /// starts with a spaced `&&` or `||` is code of the clause, which it rejects, not more of the
    /// condition. Reported there, with the clause decided by the condition as the compiler reads it.
    private mutating func reportContinuedCondition(_ condition: Range<Int>) {
        guard mayBeUnparsedClauses == 0, index < end else { return }
        var position = index
        while position < end {
            let byte = bytes[position]
            if roles[Int(byte)] == .space || roles[Int(byte)] == .newline {
                position += 1
            } else if byte == UInt8(ascii: "/") && position + 1 < end && bytes[position + 1] == UInt8(ascii: "/") {
                while position < end && roles[Int(bytes[position])] != .newline { position += 1 }
            } else if byte == UInt8(ascii: "/") && position + 1 < end && bytes[position + 1] == UInt8(ascii: "*") {
                var depth = 0
                repeat {
                    if position + 1 < end && bytes[position] == UInt8(ascii: "/") && bytes[position + 1] == UInt8(ascii: "*") {
                        depth += 1
                        position += 2
                    } else if position + 1 < end && bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/") {
                        depth -= 1
                        position += 2
                    } else {
                        position += 1
                    }
                } while depth > 0 && position < end
            } else {
                break
            }
        }
        guard position + 2 <= end, matches("&&", at: position) || matches("||", at: position) else { return }
        var runEnd = position + 2
        while runEnd < end && Self.isOperatorCharacter(bytes[runEnd]) { runEnd += 1 }
        // `&&x` or `&&&` is an operator of its own, which the compiler parses without complaint.
        guard runEnd == position + 2, !isRightBound(runEnd) else { return }
        let operatorText = matches("&&", at: position) ? "&&" : "||"
        // At file scope the line is a statement, which the compiler reports so; in a body it may
        // be a member, reported otherwise.
        let quoted = braceDepth == 0 ? " (\"unary operator cannot be separated from its operand\")" : ""
        record(.rejectedCondition, .error, "#if condition continued on the next line: the compiler ends a condition at its line's end, decides the clause by `\(conditionText(condition))` alone, and rejects the line starting with '\(operatorText)'\(quoted)", at: position)
    }

    /// The text of a condition range: comments dropped, whitespace folded to single spaces.
    private func conditionText(_ range: Range<Int>) -> String {
        var text: [UInt8] = []
        var position = range.lowerBound
        func appendSpace() {
            if let last = text.last, last != UInt8(ascii: " ") { text.append(UInt8(ascii: " ")) }
        }
        while position < range.upperBound {
            let byte = bytes[position]
            let role = roles[Int(byte)]
            if byte == UInt8(ascii: "/") && position + 1 < range.upperBound && bytes[position + 1] == UInt8(ascii: "/") {
                while position < range.upperBound && roles[Int(bytes[position])] != .newline { position += 1 }
                continue
            }
            if byte == UInt8(ascii: "/") && position + 1 < range.upperBound && bytes[position + 1] == UInt8(ascii: "*") {
                var depth = 0
                repeat {
                    if bytes[position] == UInt8(ascii: "/") && position + 1 < range.upperBound && bytes[position + 1] == UInt8(ascii: "*") {
                        depth += 1
                        position += 2
                    } else if bytes[position] == UInt8(ascii: "*") && position + 1 < range.upperBound && bytes[position + 1] == UInt8(ascii: "/") {
                        depth -= 1
                        position += 2
                    } else {
                        position += 1
                    }
                } while depth > 0 && position < range.upperBound
                appendSpace()
                continue
            }
            if role == .space || role == .newline {
                appendSpace()
            } else {
                text.append(byte)
            }
            position += 1
        }
        while text.last == UInt8(ascii: " ") { text.removeLast() }
        return String(decoding: text, as: UTF8.self)
    }
}
