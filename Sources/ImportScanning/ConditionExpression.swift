/// A parsed `#if` condition: `os(iOS) && !DEBUG || canImport(UIKit)`.
///
/// Kept flat, in postfix order, and parsed and evaluated with explicit stacks: a condition
/// nested 50,000 deep or 90,000 terms long costs memory in proportion, never call-stack depth.
/// Evaluation is three-valued: `nil` means the answer depends on something the environment does
/// not know, which is how "may be active" is told apart from "never active".
package struct ConditionExpression: Sendable, Hashable {
    /// The compiler's limit: swiftc rejects deeper conditions ("nesting level exceeded maximum of
    /// 256"). Parentheses and `!` operators open around a term count as one level each.
    package static let nestingLimit = 256

    /// One step of the postfix program.
    package enum Operation: Sendable, Hashable {
        case literal(Bool)
        /// A bare name: a `-D` flag such as `DEBUG`.
        case flag(String)
        /// A platform condition such as `os(iOS)`, `canImport(UIKit, _version: 2)` or
        /// `swift(>=5.9)`; the argument is kept as written, whitespace removed.
        case call(name: String, argument: String)
        case not, and, or
    }

    package enum Form: Sendable, Hashable {
        case parsed
        /// Text that does not parse as a condition; never decided.
        case unparsable
        /// Nested deeper than `nestingLimit`; never decided, and reported by the scanner.
        case tooDeep
    }

    package private(set) var form: Form
    /// The condition in postfix order; empty unless `form` is `.parsed`.
    package private(set) var operations: [Operation]

    /// Parses a condition as written after `#if`. Never fails: what it cannot read becomes
    /// `.unparsable` or `.tooDeep`, which evaluate to "unknown".
    package init(parsing text: String) {
        var parser = ConditionParser(text: Array(text.utf8))
        switch parser.parse() {
        case .success(let operations):
            form = .parsed
            self.operations = operations
        case .failure(let failure):
            form = failure == .tooDeep ? .tooDeep : .unparsable
            operations = []
        }
    }

    /// What the compiler says when it rejects `text` (`!!x`, `DEBUG == true`, `compiler(>5)`,
    /// `_runtime(ObjC)`), in its own words; `nil` for a condition it accepts. Such a condition is
    /// never decided, and the scanner reports it.
    package static func compilerRejection(of text: String) -> String? {
        var parser = ConditionParser(text: Array(text.utf8))
        _ = parser.parse()
        return parser.rejection
    }

    /// How the compiler takes a condition: the scanner reports the last two.
    package enum Verdict: Sendable, Hashable {
        case accepted
        /// Nested deeper than `nestingLimit`.
        case tooDeep
        /// Rejected, with the compiler's message.
        case rejected(String)
    }

    /// `compilerRejection(of:)` and the nesting check in one reading.
    package static func verdict(on text: String) -> Verdict {
        var parser = ConditionParser(text: Array(text.utf8))
        switch parser.parse() {
        case .success: return .accepted
        case .failure(.tooDeep): return .tooDeep
        case .failure(.unparsable): return .rejected(parser.rejection ?? "invalid conditional compilation expression")
        }
    }

    package func evaluate(in environment: BuildEnvironment) -> Bool? {
        guard form == .parsed else { return nil }
        // Most conditions are one name or call (`DEBUG`, `canImport(UIKit)`): no stack needed.
        if operations.count == 1 {
            switch operations[0] {
            case .literal(let value): return value
            case .flag(let name): return environment.isFlagDefined(name)
            case .call(let name, let argument): return environment.evaluateCall(name, argument: argument)
            case .not, .and, .or: return nil
            }
        }
        var values: [Bool?] = []
        values.reserveCapacity(8)
        for operation in operations {
            switch operation {
            case .literal(let value): values.append(value)
            case .flag(let name): values.append(environment.isFlagDefined(name))
            case .call(let name, let argument): values.append(environment.evaluateCall(name, argument: argument))
            case .not:
                guard let operand = values.popLast() else { return nil }
                values.append(Self.not(operand))
            case .and, .or:
                guard values.count >= 2, let rhs = values.popLast(), let lhs = values.popLast() else { return nil }
                values.append(operation == .and ? Self.and(lhs, rhs) : Self.or(lhs, rhs))
            }
        }
        guard values.count == 1, let result = values.first else { return nil }
        return result
    }

    /// The modules `canImport(…)` asks about in this condition (`canImport(A.B, _version: 2)`
    /// asks about `A`), in the order written: all that evaluating it reads of a build's list of
    /// importable modules. Empty for a condition that does not parse, which reads nothing.
    package var canImportModules: [String] {
        guard form == .parsed else { return [] }
        return operations.compactMap { operation in
            guard case .call("canImport", let argument) = operation else { return nil }
            return BuildEnvironment.canImportModule(of: argument).module
        }
    }

    package static func not(_ value: Bool?) -> Bool? { value.map { !$0 } }

    package static func and(_ lhs: Bool?, _ rhs: Bool?) -> Bool? {
        if lhs == false || rhs == false { return false }
        if lhs == true && rhs == true { return true }
        return nil
    }

    package static func or(_ lhs: Bool?, _ rhs: Bool?) -> Bool? {
        if lhs == true || rhs == true { return true }
        if lhs == false && rhs == false { return false }
        return nil
    }
}

/// An operator-precedence (shunting-yard) reader over the bytes of one condition: `!` binds
/// tightest, then `&&`, then `||`, both left-associative. One loop, one operator stack.
///
/// It reads as the compiler's parser and its condition check do, and names what the compiler
/// rejects in the compiler's own words: an operator other than `&&`, `||` and a `!` touching its
/// operand, a literal other than `true` and `false`, a member access, a function the compiler does
/// not know, or a known one given arguments it does not take (`_runtime(ObjC)`, `compiler(>5)`).
private struct ConditionParser {
    enum Failure: Error { case unparsable, tooDeep }

    private enum Pending: Equatable { case open, not, and, or }

    let text: [UInt8]
    var index = 0
    /// The compiler's message for the first form it rejects, when one was read.
    private(set) var rejection: String?

    init(text: [UInt8]) { self.text = text }

    mutating func parse() -> Result<[ConditionExpression.Operation], Failure> {
        var output: [ConditionExpression.Operation] = []
        var pending: [Pending] = []
        // Parentheses and `!` on the stack: the nesting the compiler limits.
        var nesting = 0
        var expectsOperand = true
        while true {
            skipSpaces()
            if expectsOperand {
                guard index < text.count else { return reject("incomplete condition in conditional compilation directive") }
                if text[index] == UInt8(ascii: "(") {
                    index += 1
                    pending.append(.open)
                    nesting += 1
                    if nesting > ConditionExpression.nestingLimit { return .failure(.tooDeep) }
                    continue
                }
                if Self.isOperatorByte(text[index]) {
                    let run = operatorRun()
                    // `!` sticks to its operand: the compiler rejects `! x`, `!!x` and `-x`. A run of
                    // `!` is read on, so that a condition nested too deep is still reported as that.
                    let touchesOperand = isRightBound(index)
                    if !(run.elementsEqual("!".utf8) && touchesOperand) {
                        note(touchesOperand ? "expected unary '!' expression" : "unary operator cannot be separated from its operand")
                    }
                    guard run.allSatisfy({ $0 == UInt8(ascii: "!") }) else { return .failure(.unparsable) }
                    for _ in run {
                        pending.append(.not)
                        nesting += 1
                        if nesting > ConditionExpression.nestingLimit { return .failure(.tooDeep) }
                    }
                    continue
                }
                guard let operand = operand() else { return .failure(.unparsable) }
                output.append(operand)
                expectsOperand = false
                continue
            }
            if index == text.count { break }
            let byte = text[index]
            if Self.isOperatorByte(byte) {
                let isLeftBound = index > 0 && text[index - 1] != 32 && text[index - 1] != 9
                let run = operatorRun()
                // Spaced on one side only, an operator is a prefix one (`a &&b`: tokens after the
                // condition) or a postfix one (`a&& b`: an expression the condition does not take).
                if isLeftBound != isRightBound(index) {
                    return reject(isLeftBound ? "invalid conditional compilation expression" : "extra tokens following conditional compilation directive")
                }
                let isAnd = run.elementsEqual("&&".utf8)
                guard isAnd || run.elementsEqual("||".utf8) else {
                    // `a = b` and `a ? b : c` are expressions of their own, not a misspelt `&&`.
                    let isExpression = run.elementsEqual("=".utf8) || run.elementsEqual("?".utf8)
                    return reject(isExpression ? "invalid conditional compilation expression" : "expected '&&' or '||' expression")
                }
                // Pop what binds at least as tightly: `!` always, `&&` always, `||` only before `||`.
                while let top = pending.last, top == .not || top == .and || (top == .or && !isAnd) {
                    output.append(Self.operation(pending.removeLast()))
                    if top == .not { nesting -= 1 }
                }
                pending.append(isAnd ? .and : .or)
                expectsOperand = true
                continue
            }
            if byte == UInt8(ascii: ")") {
                index += 1
                while let top = pending.last, top != .open {
                    output.append(Self.operation(pending.removeLast()))
                    if top == .not { nesting -= 1 }
                }
                guard pending.popLast() == .open else { return reject("extra tokens following conditional compilation directive") }
                nesting -= 1
                continue
            }
            // `DEBUG.x`, `true as Bool`: an expression the condition does not take; anything else
            // after a complete condition is left over.
            if byte == UInt8(ascii: ".") || isWord("as") || isWord("is") { return reject("invalid conditional compilation expression") }
            // `(A, B)` and `(a: B)` in parentheses are a tuple, an expression of its own.
            if byte == UInt8(ascii: ",") || byte == UInt8(ascii: ":"), pending.contains(.open) {
                return reject("invalid conditional compilation expression")
            }
            return reject("extra tokens following conditional compilation directive")
        }
        while let top = pending.popLast() {
            guard top != .open else { return reject("expected ')' in expression list") }
            output.append(Self.operation(top))
        }
        return rejection != nil ? .failure(.unparsable) : .success(output)
    }

    private static func operation(_ pending: Pending) -> ConditionExpression.Operation {
        switch pending {
        case .not: .not
        case .and: .and
        case .or, .open: .or
        }
    }

    /// Keeps the first message: the compiler reports the first problem it reads.
    private mutating func note(_ message: String) {
        if rejection == nil { rejection = message }
    }

    private mutating func reject(_ message: String) -> Result<[ConditionExpression.Operation], Failure> {
        note(message)
        return .failure(.unparsable)
    }

    /// A literal, a flag, or a call such as `os(iOS)`, its argument checked as the compiler checks it.
    private mutating func operand() -> ConditionExpression.Operation? {
        if isDigit(text[index]) {
            let start = index
            while index < text.count, isIdentifierByte(text[index]) || text[index] == UInt8(ascii: ".") { index += 1 }
            let literal = String(decoding: text[start..<index], as: UTF8.self)
            switch literal {
            case "1": note("'1' is not a valid conditional compilation expression, use 'true'")
            case "0": note("'0' is not a valid conditional compilation expression, use 'false'")
            default: note("invalid conditional compilation expression")
            }
            return nil
        }
        guard let (name, isBackticked) = identifier() else {
            note("invalid conditional compilation expression")
            return nil
        }
        if !isBackticked && name == "true" { return .literal(true) }
        if !isBackticked && name == "false" { return .literal(false) }
        let nameEnd = index
        skipSpaces()
        guard index < text.count, text[index] == UInt8(ascii: "(") else {
            index = nameEnd
            if index < text.count, text[index] == UInt8(ascii: ".") {
                note("invalid conditional compilation expression")
                return nil
            }
            return .flag(name)
        }
        index += 1
        let start = index
        var depth = 1
        while index < text.count {
            if text[index] == UInt8(ascii: "(") { depth += 1 }
            if text[index] == UInt8(ascii: ")") { depth -= 1; if depth == 0 { break } }
            index += 1
        }
        guard depth == 0 else {
            note("expected ')' in expression list")
            return nil
        }
        let raw = text[start..<index]
        index += 1
        var check = CallCheck(name: name, raw: raw)
        guard let argument = check.argument() else {
            note(check.rejection ?? "invalid conditional compilation expression")
            return nil
        }
        return .call(name: name, argument: argument)
    }

    /// A name, or a backticked name without its backticks.
    private mutating func identifier() -> (String, isBackticked: Bool)? {
        if text[index] == UInt8(ascii: "`") {
            let start = index + 1
            var close = start
            while close < text.count, isIdentifierByte(text[close]) { close += 1 }
            guard close > start, close < text.count, text[close] == UInt8(ascii: "`") else { return nil }
            index = close + 1
            return (String(decoding: text[start..<close], as: UTF8.self), true)
        }
        let start = index
        while index < text.count, isIdentifierByte(text[index]) { index += 1 }
        return index > start ? (String(decoding: text[start..<index], as: UTF8.self), false) : nil
    }

    /// The operator characters from `index` on, as the lexer takes them: one token.
    private mutating func operatorRun() -> ArraySlice<UInt8> {
        let start = index
        while index < text.count, Self.isOperatorByte(text[index]) { index += 1 }
        return text[start..<index]
    }

    /// Whether an operator ending before `position` touches what follows it, as the lexer decides.
    private func isRightBound(_ position: Int) -> Bool {
        guard position < text.count else { return false }
        switch text[position] {
        case 32, 9, UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"): return false
        default: return true
        }
    }

    private func isWord(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= text.count, index + count == text.count || !isIdentifierByte(text[index + count]) else { return false }
        return word.withUTF8Buffer { expected in (0..<count).allSatisfy { text[index + $0] == expected[$0] } }
    }

    private mutating func skipSpaces() {
        while index < text.count, text[index] == 32 || text[index] == 9 { index += 1 }
    }

    static func isOperatorByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"), UInt8(ascii: "*"),
             UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"),
             UInt8(ascii: "~"), UInt8(ascii: "?"): true
        default: false
        }
    }
}

/// The arguments of one platform condition call, checked as the compiler checks them; the
/// argument as `BuildEnvironment` reads it, or the compiler's message when it rejects them.
private struct CallCheck {
    let name: String
    let raw: ArraySlice<UInt8>
    private(set) var rejection: String?

    init(name: String, raw: ArraySlice<UInt8>) {
        self.name = name
        self.raw = raw
    }

    private struct Argument {
        var label: ArraySlice<UInt8>?
        var value: ArraySlice<UInt8>
    }

    mutating func argument() -> String? {
        let arguments = Self.arguments(raw)
        switch name {
        case "os", "arch", "targetEnvironment", "_runtime", "_ptrauth", "_endian", "hasFeature", "hasAttribute",
             "_pointerBitWidth", "_hasAtomicBitWidth":
            let requirement = "'\(name)' requires a single unlabeled argument for the \(Self.role(of: name))"
            guard arguments.count == 1, arguments[0].label == nil, let identifier = Self.plainIdentifier(arguments[0].value) else {
                return fail(requirement)
            }
            if name == "_pointerBitWidth" || name == "_hasAtomicBitWidth" {
                // `_64`: an underscore and a number, nothing else.
                guard identifier.count > 1, identifier.first == "_", identifier.utf8.dropFirst().allSatisfy(\.isASCIIDigit) else { return fail(requirement) }
            }
            if name == "_runtime" && identifier != "_ObjC" && identifier != "_Native" {
                return fail("unexpected argument for the '_runtime' condition; expected '_Native' or '_ObjC'")
            }
            return identifier
        case "swift", "compiler":
            guard arguments.count == 1, arguments[0].label == nil else { return fail(Self.versionRequirement(name)) }
            let value = arguments[0].value
            let operatorEnd = value.firstIndex { !ConditionParser.isOperatorByte($0) } ?? value.endIndex
            guard operatorEnd > value.startIndex, operatorEnd < value.endIndex else { return fail(Self.versionRequirement(name)) }
            if value[operatorEnd] == 32 || value[operatorEnd] == 9 { return fail("unary operator cannot be separated from its operand") }
            let comparison = String(decoding: value[..<operatorEnd], as: UTF8.self)
            guard comparison == ">=" || comparison == "<" else {
                return fail("'\(name)' version check does not support operator '\(comparison)'")
            }
            let version = String(decoding: value[operatorEnd...], as: UTF8.self)
            guard Self.isVersion(version) else { return fail("'\(name)' version check has invalid version '\(version)'") }
            return comparison + version
        case "_compiler_version":
            guard arguments.count == 1, arguments[0].label == nil, let literal = Self.plainString(arguments[0].value) else {
                return fail(Self.versionRequirement(name))
            }
            if let problem = Self.compilerBuildVersionProblem(literal) { return fail(problem) }
            return "\"" + literal + "\""
        case "canImport":
            guard let first = arguments.first, first.label == nil else { return fail("'canImport' requires a module name") }
            guard arguments.count <= 2 else { return fail("'canImport' can take only two parameters") }
            let components = first.value.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).map(Self.plainIdentifier)
            guard components.allSatisfy({ $0 != nil }) else { return fail("expected module name") }
            var argument = components.compactMap { $0 }.joined(separator: ".")
            if arguments.count == 2 {
                let second = arguments[1]
                let label = second.label.map { String(decoding: $0, as: UTF8.self) }
                guard label == "_version" || label == "_underlyingVersion", let label else {
                    return fail("second parameter of 'canImport' should be labeled as _version or _underlyingVersion")
                }
                let written = String(decoding: second.value, as: UTF8.self)
                guard Self.isVersion(Self.plainString(second.value) ?? written) else {
                    return fail("'canImport' version check has invalid version '\(written)'")
                }
                argument += "," + label + ":" + written
            }
            return argument
        default:
            return fail("invalid conditional compilation expression")
        }
    }

    private mutating func fail(_ message: String) -> String? {
        rejection = message
        return nil
    }

    private static func versionRequirement(_ name: String) -> String {
        "'\(name)' requires a single unlabeled argument for the version comparison (>= or <= a version)"
    }

    private static func role(of name: String) -> String {
        switch name {
        case "os": "operating system"
        case "arch": "architecture"
        case "targetEnvironment": "environment"
        case "_runtime": "runtime"
        case "_ptrauth": "pointer authentication scheme"
        case "_endian": "endianness ('big' or 'little')"
        case "hasFeature": "feature"
        case "hasAttribute": "attribute"
        default: "bit width ('_' followed by an integer)"
        }
    }

    /// The comma-separated arguments, spaces trimmed, a trailing comma dropped as the compiler
    /// drops it (`os(Linux,)`); a label is a name and a colon before the value.
    private static func arguments(_ raw: ArraySlice<UInt8>) -> [Argument] {
        var parts: [ArraySlice<UInt8>] = []
        var depth = 0
        var isInString = false
        var start = raw.startIndex
        for position in raw.indices {
            switch raw[position] {
            case UInt8(ascii: "\""): isInString.toggle()
            case UInt8(ascii: "("), UInt8(ascii: "["): if !isInString { depth += 1 }
            case UInt8(ascii: ")"), UInt8(ascii: "]"): if !isInString { depth -= 1 }
            case UInt8(ascii: ",") where depth == 0 && !isInString:
                parts.append(raw[start..<position])
                start = position + 1
            default: break
            }
        }
        parts.append(raw[start...])
        parts = parts.map(trimmed)
        if parts.count > 1, parts.last?.isEmpty == true { parts.removeLast() }
        if parts.count == 1, parts[0].isEmpty { return [] }
        return parts.map { part in
            let nameEnd = part.firstIndex { !isNameByte($0) } ?? part.endIndex
            let rest = trimmed(part[nameEnd...])
            if nameEnd > part.startIndex, rest.first == UInt8(ascii: ":") {
                return Argument(label: part[..<nameEnd], value: trimmed(rest.dropFirst()))
            }
            return Argument(label: nil, value: part)
        }
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var result = bytes
        while let first = result.first, first == 32 || first == 9 { result.removeFirst() }
        while let last = result.last, last == 32 || last == 9 { result.removeLast() }
        return result
    }

    /// A name alone (`Linux`, `` `Linux` ``), without backticks; nil for anything else.
    private static func plainIdentifier(_ bytes: ArraySlice<UInt8>) -> String? {
        var name = trimmed(bytes)
        if name.count > 2, name.first == UInt8(ascii: "`"), name.last == UInt8(ascii: "`") { name = name.dropFirst().dropLast() }
        guard let first = name.first, !first.isASCIIDigit, name.allSatisfy(isNameByte) else { return nil }
        return String(decoding: name, as: UTF8.self)
    }

    /// The content of a string literal without interpolation or escapes; nil for anything else.
    private static func plainString(_ bytes: ArraySlice<UInt8>) -> String? {
        guard bytes.count >= 2, bytes.first == UInt8(ascii: "\""), bytes.last == UInt8(ascii: "\"") else { return nil }
        let content = bytes.dropFirst().dropLast()
        guard !content.contains(UInt8(ascii: "\"")), !content.contains(UInt8(ascii: "\\")) else { return nil }
        return String(decoding: content, as: UTF8.self)
    }

    /// `5.10.1`: numbers separated by single dots.
    private static func isVersion(_ text: String) -> Bool {
        let components = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return components.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }
    }

    /// What the compiler says of a `_compiler_version("5007.*.1")` string it rejects: an empty
    /// component, one that is not a number (the second, ignored, may be anything), one out of its
    /// range, or more than five.
    private static func compilerBuildVersionProblem(_ literal: String) -> String? {
        let components = literal.split(separator: ".", omittingEmptySubsequences: false)
        for (position, component) in components.enumerated() {
            if component.isEmpty { return "found empty version component" }
            if position == 1 { continue }
            guard component.utf8.allSatisfy(\.isASCIIDigit) else {
                return "'_compiler_version' version check has invalid version '\"\(literal)\"'"
            }
            let limit = position == 0 ? 9_223_371 : 999
            if Int(component).map({ $0 > limit }) ?? true {
                return "compiler version component '\(component)' is not in the allowed range 0...\(limit)"
            }
        }
        return components.count > 5 ? "compiler version must not have more than five components" : nil
    }
}

private func isDigit(_ byte: UInt8) -> Bool { byte.isASCIIDigit }

private func isIdentifierByte(_ byte: UInt8) -> Bool { isNameByte(byte) }

private func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
         UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...: true
    default: false
    }
}

private extension UInt8 {
    var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
}
