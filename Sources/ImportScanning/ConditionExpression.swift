/// A parsed `#if` condition: `os(iOS) && !DEBUG || canImport(UIKit)`.
///
/// Evaluation is three-valued: `nil` means the answer depends on something the environment does
/// not know, which is how "may be active" is told apart from "never active".
package indirect enum ConditionExpression: Sendable, Hashable {
    case literal(Bool)
    /// A bare name: a `-D` flag such as `DEBUG`.
    case flag(String)
    /// A platform condition such as `os(iOS)`, `canImport(UIKit, _version: 2)` or `swift(>=5.9)`;
    /// the argument is kept as written, whitespace removed.
    case call(name: String, argument: String)
    case not(ConditionExpression)
    case and(ConditionExpression, ConditionExpression)
    case or(ConditionExpression, ConditionExpression)
    /// Text that does not parse as a condition; never decided.
    case unparsable(String)

    /// Parses a condition as written after `#if`. Never fails: what it cannot read becomes
    /// `.unparsable`, which evaluates to "unknown".
    package init(parsing text: String) {
        var parser = ConditionParser(text: Array(text.utf8))
        if let expression = parser.parseOr(), parser.isAtEnd {
            self = expression
        } else {
            self = .unparsable(text)
        }
    }

    package func evaluate(in environment: BuildEnvironment) -> Bool? {
        switch self {
        case .literal(let value): value
        case .flag(let name): environment.isFlagDefined(name)
        case .call(let name, let argument): environment.evaluateCall(name, argument: argument)
        case .not(let operand): Self.not(operand.evaluate(in: environment))
        case .and(let lhs, let rhs): Self.and(lhs.evaluate(in: environment), rhs.evaluate(in: environment))
        case .or(let lhs, let rhs): Self.or(lhs.evaluate(in: environment), rhs.evaluate(in: environment))
        case .unparsable: nil
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

/// A recursive-descent reader over the bytes of one condition. Conditions are short and few, so
/// clarity wins over speed here.
private struct ConditionParser {
    let text: [UInt8]
    var index = 0

    init(text: [UInt8]) { self.text = text }

    var isAtEnd: Bool {
        mutating get { skipSpaces(); return index == text.count }
    }

    mutating func parseOr() -> ConditionExpression? {
        guard var lhs = parseAnd() else { return nil }
        while consume("||") {
            guard let rhs = parseAnd() else { return nil }
            lhs = .or(lhs, rhs)
        }
        return lhs
    }

    mutating func parseAnd() -> ConditionExpression? {
        guard var lhs = parseUnary() else { return nil }
        while consume("&&") {
            guard let rhs = parseUnary() else { return nil }
            lhs = .and(lhs, rhs)
        }
        return lhs
    }

    mutating func parseUnary() -> ConditionExpression? {
        if consume("!") {
            return parseUnary().map { .not($0) }
        }
        if consume("(") {
            guard let inner = parseOr(), consume(")") else { return nil }
            return inner
        }
        guard let name = identifier() else { return nil }
        if name == "true" { return .literal(true) }
        if name == "false" { return .literal(false) }
        guard peek() == UInt8(ascii: "(") else { return .flag(name) }
        index += 1
        let start = index
        var depth = 1
        while index < text.count {
            if text[index] == UInt8(ascii: "(") { depth += 1 }
            if text[index] == UInt8(ascii: ")") { depth -= 1; if depth == 0 { break } }
            index += 1
        }
        guard depth == 0 else { return nil }
        let argument = String(decoding: text[start..<index].filter { $0 != 32 && $0 != 9 }, as: UTF8.self)
        index += 1
        return .call(name: name, argument: argument)
    }

    mutating func identifier() -> String? {
        skipSpaces()
        let start = index
        while index < text.count, isIdentifierByte(text[index]) { index += 1 }
        return index > start ? String(decoding: text[start..<index], as: UTF8.self) : nil
    }

    mutating func peek() -> UInt8? {
        skipSpaces()
        return index < text.count ? text[index] : nil
    }

    mutating func consume(_ token: StaticString) -> Bool {
        skipSpaces()
        let count = token.utf8CodeUnitCount
        guard index + count <= text.count else { return false }
        let matches = token.withUTF8Buffer { expected in
            (0..<count).allSatisfy { text[index + $0] == expected[$0] }
        }
        if matches { index += count }
        return matches
    }

    mutating func skipSpaces() {
        while index < text.count, text[index] == 32 || text[index] == 9 { index += 1 }
    }

    func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...: true
        default: false
        }
    }
}
