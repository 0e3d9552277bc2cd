/// A value of an old-style (OpenStep) property list, as `project.pbxproj` is written.
package enum PropertyListValue: Sendable, Hashable {
    case string(String)
    case array([PropertyListValue])
    case dictionary([String: PropertyListValue])

    package var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    package var array: [PropertyListValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    package var dictionary: [String: PropertyListValue]? {
        if case .dictionary(let value) = self { return value }
        return nil
    }
}

/// Reads an old-style property list from bytes in one pass: dictionaries `{ key = value; }`,
/// arrays `( a, b, )`, quoted and unquoted strings, `<hex data>` (kept as its text), and `//`
/// and `/* */` comments. Nesting is an explicit stack, never recursion, and is limited to
/// `maximumDepth`, so a file nested a million deep is refused with its line; every error gives
/// the line.
///
/// Foundation's reader parses this format on Linux too, but takes over a second on a 4 MB
/// project and logs its complaints to standard error; this one reads the same file in a
/// fraction of that and keeps its output to itself.
package struct OpenStepPropertyList {
    package struct SyntaxError: Error, Equatable {
        package var line: Int
        package var message: String
    }

    /// Reading needs no stack, but releasing a value nested a hundred thousand deep does (each
    /// level frees the next): deeper than any project file, and far from that.
    package static let maximumDepth = 512

    // Internal, not private: the positioned reading (`OpenStepPropertyList+Positions.swift`)
    // shares the tokens, while this file keeps the value-only reading the project reader uses.
    let bytes: [UInt8]
    var offset = 0
    var line = 1

    init(bytes: [UInt8]) { self.bytes = bytes }

    package static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> PropertyListValue {
        var parser = OpenStepPropertyList(bytes: bytes)
        return try parser.document()
    }

    /// A container being filled: a dictionary with the key whose value comes next, or an array.
    /// A struct mutated in place through the stack's subscript, so adding to a large container
    /// never copies it.
    private struct Frame {
        var isDictionary: Bool
        var entries: [String: PropertyListValue] = [:]
        var items: [PropertyListValue] = []
        var key: String?

        var value: PropertyListValue { isDictionary ? .dictionary(entries) : .array(items) }
    }

    private mutating func document() throws(SyntaxError) -> PropertyListValue {
        var stack: [Frame] = []
        var finished: PropertyListValue?
        while true {
            skipTrivia()
            guard offset < bytes.count else {
                if let finished, stack.isEmpty { return finished }
                throw error(stack.isEmpty ? "the file is empty" : "the file ends inside a \(stack[stack.count - 1].isDictionary ? "dictionary" : "array")")
            }
            if finished != nil && stack.isEmpty { throw error("unexpected text after the end of the property list") }
            let byte = bytes[offset]
            let top = stack.count - 1
            // Where the grammar stands: expecting a key or `}` in a dictionary, a value or `)` in an array.
            if top >= 0 && stack[top].isDictionary && stack[top].key == nil {
                if byte == UInt8(ascii: "}") {
                    offset += 1
                    let value = stack.removeLast().value
                    try complete(value, stack: &stack, finished: &finished)
                    continue
                }
                let newKey = try scalarString()
                skipTrivia()
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: "=") else { throw error("expected '=' after the key '\(newKey)'") }
                offset += 1
                stack[top].key = newKey
                continue
            }
            if top >= 0 && !stack[top].isDictionary && byte == UInt8(ascii: ")") {
                offset += 1
                let value = stack.removeLast().value
                try complete(value, stack: &stack, finished: &finished)
                continue
            }
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "(") {
                guard stack.count < Self.maximumDepth else { throw error("containers nest deeper than \(Self.maximumDepth); a project file nests about five") }
                offset += 1
                stack.append(Frame(isDictionary: byte == UInt8(ascii: "{")))
                continue
            }
            try complete(.string(try scalarString()), stack: &stack, finished: &finished)
        }
    }

    /// A finished value goes into the frame below it (or becomes the document).
    private mutating func complete(_ value: PropertyListValue, stack: inout [Frame], finished: inout PropertyListValue?) throws(SyntaxError) {
        let top = stack.count - 1
        guard top >= 0 else {
            finished = value
            return
        }
        if stack[top].isDictionary {
            stack[top].entries[stack[top].key ?? ""] = value
            stack[top].key = nil
            try expectSemicolon()
        } else {
            stack[top].items.append(value)
            try expectCommaOrEnd()
        }
    }

    mutating func expectSemicolon() throws(SyntaxError) {
        skipTrivia()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ";") else { throw error("expected ';' after a dictionary value") }
        offset += 1
    }

    mutating func expectCommaOrEnd() throws(SyntaxError) {
        skipTrivia()
        guard offset < bytes.count else { return }
        if bytes[offset] == UInt8(ascii: ",") {
            offset += 1
        } else if bytes[offset] != UInt8(ascii: ")") {
            throw error("expected ',' or ')' in an array")
        }
    }

    func error(_ message: String) -> SyntaxError { SyntaxError(line: line, message: message) }

    // MARK: Tokens

    /// Spaces, line breaks and comments.
    mutating func skipTrivia() {
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == 10 {
                line += 1
                offset += 1
            } else if byte == 32 || byte == 9 || byte == 13 {
                offset += 1
            } else if byte == UInt8(ascii: "/") && offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: "/") {
                while offset < bytes.count && bytes[offset] != 10 { offset += 1 }
            } else if byte == UInt8(ascii: "/") && offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: "*") {
                offset += 2
                while offset < bytes.count && !(bytes[offset] == UInt8(ascii: "*") && offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: "/")) {
                    if bytes[offset] == 10 { line += 1 }
                    offset += 1
                }
                offset = min(offset + 2, bytes.count)
            } else {
                return
            }
        }
    }

    /// A quoted string, an unquoted word, or `<data>` kept as its text.
    mutating func scalarString() throws(SyntaxError) -> String {
        guard offset < bytes.count else { throw error("expected a value, found the end of the file") }
        let byte = bytes[offset]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { return try quoted(byte) }
        if byte == UInt8(ascii: "<") {
            let start = offset
            while offset < bytes.count && bytes[offset] != UInt8(ascii: ">") {
                if bytes[offset] == 10 { line += 1 }
                offset += 1
            }
            guard offset < bytes.count else { throw error("unterminated <data>") }
            offset += 1
            return String(decoding: bytes[start..<offset], as: UTF8.self)
        }
        let start = offset
        while offset < bytes.count && Self.isWordByte(bytes[offset]) { offset += 1 }
        guard offset > start else { throw error("unexpected character '\(Self.shown(byte))'") }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/")
            || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte >= 0x80
    }

    private static func shown(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\u{\(String(byte, radix: 16))}"
    }

    /// A quoted string with its escapes: `\\`, `\"`, `\n`, `\t`, `\r`, `\Uxxxx`, octal `\ooo`.
    private mutating func quoted(_ quote: UInt8) throws(SyntaxError) -> String {
        let startLine = line
        offset += 1
        let start = offset
        // The common case: no escape, one slice.
        while offset < bytes.count && bytes[offset] != quote && bytes[offset] != UInt8(ascii: "\\") {
            if bytes[offset] == 10 { line += 1 }
            offset += 1
        }
        if offset < bytes.count && bytes[offset] == quote {
            offset += 1
            return String(decoding: bytes[start..<offset - 1], as: UTF8.self)
        }
        var result = Array(bytes[start..<min(offset, bytes.count)])
        while offset < bytes.count && bytes[offset] != quote {
            let byte = bytes[offset]
            if byte == 10 { line += 1 }
            guard byte == UInt8(ascii: "\\"), offset + 1 < bytes.count else {
                result.append(byte)
                offset += 1
                continue
            }
            offset += 1
            let escaped = bytes[offset]
            offset += 1
            switch escaped {
            case UInt8(ascii: "n"): result.append(10)
            case UInt8(ascii: "t"): result.append(9)
            case UInt8(ascii: "r"): result.append(13)
            case UInt8(ascii: "U"), UInt8(ascii: "u"):
                var value: UInt32 = 0
                var digits = 0
                while digits < 4 && offset < bytes.count, let digit = Self.hexValue(bytes[offset]) {
                    value = value * 16 + digit
                    digits += 1
                    offset += 1
                }
                result.append(contentsOf: Array(String(UnicodeScalar(value).map(Character.init) ?? "\u{FFFD}").utf8))
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = UInt32(escaped - UInt8(ascii: "0"))
                var digits = 1
                while digits < 3 && offset < bytes.count && bytes[offset] >= UInt8(ascii: "0") && bytes[offset] <= UInt8(ascii: "7") {
                    value = value * 8 + UInt32(bytes[offset] - UInt8(ascii: "0"))
                    digits += 1
                    offset += 1
                }
                result.append(UInt8(truncatingIfNeeded: value))
            default:
                result.append(escaped)
            }
        }
        guard offset < bytes.count else { throw SyntaxError(line: startLine, message: "a string opened here is never closed") }
        offset += 1
        return String(decoding: result, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
