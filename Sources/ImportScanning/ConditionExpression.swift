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

    /// What the compiler says when it rejects `text` outright (`!!x`, `! x`, `swift(>= 5)`,
    /// `hasFeature(A.B)`), in its own words; `nil` for a condition it accepts or that does not
    /// parse for another reason. Such a condition is never decided, and the scanner reports it.
    package static func compilerRejection(of text: String) -> String? {
        var parser = ConditionParser(text: Array(text.utf8))
        _ = parser.parse()
        return parser.rejection
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
private struct ConditionParser {
    enum Failure: Error { case unparsable, tooDeep }

    private enum Pending: Equatable { case open, not, and, or }

    let text: [UInt8]
    var index = 0
    /// The compiler's message for a form it rejects, when one was read.
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
                if consume("!") || consume("(") {
                    // `!` sticks to its operand: the compiler rejects `! x` and `!!x`. Read on, so
                    // that a condition nested too deep is still reported as that.
                    if text[index - 1] == UInt8(ascii: "!"), rejection == nil {
                        if index == text.count || text[index] == 32 || text[index] == 9 {
                            rejection = "unary operator cannot be separated from its operand"
                        } else if text[index] == UInt8(ascii: "!") {
                            rejection = "expected unary '!' expression"
                        }
                    }
                    pending.append(text[index - 1] == UInt8(ascii: "!") ? .not : .open)
                    nesting += 1
                    if nesting > ConditionExpression.nestingLimit { return .failure(.tooDeep) }
                    continue
                }
                guard let operand = operand() else { return .failure(.unparsable) }
                output.append(operand)
                expectsOperand = false
                continue
            }
            if index == text.count { break }
            if consume("&&") || consume("||") {
                let isAnd = text[index - 1] == UInt8(ascii: "&")
                // Pop what binds at least as tightly: `!` always, `&&` always, `||` only before `||`.
                while let top = pending.last, top == .not || top == .and || (top == .or && !isAnd) {
                    output.append(Self.operation(pending.removeLast()))
                    if top == .not { nesting -= 1 }
                }
                pending.append(isAnd ? .and : .or)
                expectsOperand = true
                continue
            }
            if consume(")") {
                while let top = pending.last, top != .open {
                    output.append(Self.operation(pending.removeLast()))
                    if top == .not { nesting -= 1 }
                }
                guard pending.popLast() == .open else { return .failure(.unparsable) }
                nesting -= 1
                continue
            }
            return .failure(.unparsable)
        }
        while let top = pending.popLast() {
            guard top != .open else { return .failure(.unparsable) }
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

    /// A literal, a flag, or a call such as `os(iOS)` whose argument is kept as written.
    private mutating func operand() -> ConditionExpression.Operation? {
        guard let name = identifier() else { return nil }
        if name == "true" { return .literal(true) }
        if name == "false" { return .literal(false) }
        skipSpaces()
        guard index < text.count, text[index] == UInt8(ascii: "(") else { return .flag(name) }
        index += 1
        let start = index
        var depth = 1
        while index < text.count {
            if text[index] == UInt8(ascii: "(") { depth += 1 }
            if text[index] == UInt8(ascii: ")") { depth -= 1; if depth == 0 { break } }
            index += 1
        }
        guard depth == 0 else { return nil }
        let raw = text[start..<index]
        // `swift(>= 5)`: the compiler rejects an operator apart from its version.
        if name == "swift" || name == "compiler", let first = raw.firstIndex(where: { $0 != 32 && $0 != 9 }),
           let operatorEnd = raw[first...].firstIndex(where: { $0 != UInt8(ascii: ">") && $0 != UInt8(ascii: "=") && $0 != UInt8(ascii: "<") }),
           operatorEnd > first, raw[operatorEnd] == 32 || raw[operatorEnd] == 9 {
            rejection = rejection ?? "unary operator cannot be separated from its operand"
            return nil
        }
        let argument = String(decoding: raw.filter { $0 != 32 && $0 != 9 }, as: UTF8.self)
        index += 1
        // `hasFeature(A.B)`, `hasAttribute(a: B)`: the compiler takes one unlabeled name only.
        if name == "hasFeature" || name == "hasAttribute", argument.utf8.contains(where: { !isIdentifierByte($0) }) {
            rejection = rejection ?? "'\(name)' requires a single unlabeled argument for the \(name == "hasFeature" ? "feature" : "attribute")"
        }
        return .call(name: name, argument: argument)
    }

    private mutating func identifier() -> String? {
        let start = index
        while index < text.count, isIdentifierByte(text[index]) { index += 1 }
        return index > start ? String(decoding: text[start..<index], as: UTF8.self) : nil
    }

    private mutating func consume(_ token: StaticString) -> Bool {
        let count = token.utf8CodeUnitCount
        guard index + count <= text.count else { return false }
        let matches = token.withUTF8Buffer { expected in
            (0..<count).allSatisfy { text[index + $0] == expected[$0] }
        }
        if matches { index += count }
        return matches
    }

    private mutating func skipSpaces() {
        while index < text.count, text[index] == 32 || text[index] == 9 { index += 1 }
    }

    private func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...: true
        default: false
        }
    }
}
