/// Reads `bulkhead.json`: JSON5 (comments, trailing commas, unquoted keys, single quotes, hex
/// and signed numbers) into a `ConfigurationValue`, so that every mistake can be told with its
/// line and column — Foundation's decoder says only "not valid JSON" — and keys written twice
/// are caught after their escapes are read (`"pre\u0073et"` is `preset`).
///
/// One pass over the bytes with an explicit stack: nesting deeper than `maximumDepth` is an
/// error, never a deep recursion.
struct JSON5Reader {
    /// Where the text stops being JSON5, and why.
    struct SyntaxError: Error, Equatable {
        var line: Int
        var column: Int
        var reason: String

        var description: String { "line \(line), column \(column): \(reason)" }
    }

    static let maximumDepth = 256

    /// The value, and the keys written twice (in the order their second spelling appears).
    static func read(_ bytes: [UInt8]) -> Result<(value: ConfigurationValue, duplicates: [ConfigurationProblem]), SyntaxError> {
        var reader = JSON5Reader(bytes: bytes)
        do {
            let value = try reader.document()
            return .success((value, reader.duplicates))
        } catch {
            return .failure(error)
        }
    }

    private enum Frame {
        case object(members: [String: ConfigurationValue], key: String)
        case array(items: [ConfigurationValue])
    }

    private let bytes: [UInt8]
    private var index = 0
    private var stack: [Frame] = []
    private var duplicates: [ConfigurationProblem] = []

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        // A byte-order mark is not content.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    // MARK: Structure

    private mutating func document() throws(SyntaxError) -> ConfigurationValue {
        try skipTrivia()
        guard index < bytes.count else { throw error("the file is empty; write an object: { }") }
        var value = try valueOrOpening()
        while true {
            guard var frame = stack.popLast() else {
                try skipTrivia()
                guard index == bytes.count else { throw error("unexpected \(shown(bytes[index])) after the end of the top-level value") }
                return value
            }
            // The frame's storage is taken out of it before it grows, so it grows in place: a
            // copy per element would make a long list quadratic.
            switch frame {
            case .array(var items):
                frame = .array(items: [])
                items.append(value)
                frame = .array(items: items)
            case .object(var members, let key):
                frame = .array(items: [])
                if members.updateValue(value, forKey: key) != nil {
                    let outer = keyPath()
                    duplicates.append(ConfigurationProblem(keyPath: outer.isEmpty ? key : "\(outer).\(key)", message: "written twice in the same object; keep one"))
                }
                frame = .object(members: members, key: key)
            }
            try skipTrivia()
            let separated = index < bytes.count && bytes[index] == UInt8(ascii: ",")
            if separated {
                index += 1
                try skipTrivia()
            }
            if let closed = try close(frame) {
                value = closed
                continue
            }
            guard separated else {
                let expected = if case .object = frame { "',' or '}'" } else { "',' or ']'" }
                throw error(index < bytes.count ? "expected \(expected), found \(shown(bytes[index]))" : "the file ends inside an unclosed \(container(frame)); expected \(expected)")
            }
            stack.append(frame)
            if case .object(let members, _) = frame {
                let key = try memberKey()
                stack[stack.count - 1] = .object(members: members, key: key)
            }
            value = try valueOrOpening()
        }
    }

    /// The frame's value when its closing bracket is next (a trailing comma already skipped).
    private mutating func close(_ frame: Frame) throws(SyntaxError) -> ConfigurationValue? {
        guard index < bytes.count else { return nil }
        switch (frame, bytes[index]) {
        case (.object(let members, _), UInt8(ascii: "}")):
            index += 1
            return .table(members)
        case (.array(let items), UInt8(ascii: "]")):
            index += 1
            return .list(items)
        default:
            return nil
        }
    }

    /// A scalar; or, for `{` and `[`, the first member's value with the container on the stack
    /// (empty containers close at once).
    private mutating func valueOrOpening() throws(SyntaxError) -> ConfigurationValue {
        while true {
            guard index < bytes.count else { throw error("the file ends where a value should be") }
            let byte = bytes[index]
            guard byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") else { return try scalar() }
            guard stack.count < Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth) objects and lists") }
            index += 1
            try skipTrivia()
            if byte == UInt8(ascii: "{") {
                if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .table([:])
                }
                stack.append(.object(members: [:], key: ""))
                let key = try memberKey()
                stack[stack.count - 1] = .object(members: [:], key: key)
            } else {
                if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .list([])
                }
                stack.append(.array(items: []))
            }
        }
    }

    /// `key:` — a string or an identifier, then the colon; leaves the cursor on the value.
    private mutating func memberKey() throws(SyntaxError) -> String {
        guard index < bytes.count else { throw error("the file ends inside an unclosed object; expected a key or '}'") }
        let key: String
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            key = try string()
        } else if Self.startsIdentifier(byte) {
            let start = index
            while index < bytes.count && Self.continuesIdentifier(bytes[index]) { index += 1 }
            key = String(decoding: bytes[start..<index], as: UTF8.self)
        } else {
            throw error("expected a key (a name or a quoted string), found \(shown(byte))")
        }
        try skipTrivia()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            throw error("expected ':' after the key '\(key)'")
        }
        index += 1
        try skipTrivia()
        return key
    }

    private func container(_ frame: Frame) -> String {
        if case .object = frame { "object" } else { "list" }
    }

    /// The key path of the member being read: `layers[1].name`.
    private func keyPath() -> String {
        var path = ""
        for frame in stack {
            switch frame {
            case .object(_, let key): path += path.isEmpty ? key : ".\(key)"
            case .array(let items): path += "[\(items.count)]"
            }
        }
        return path
    }

    // MARK: Scalars

    private mutating func scalar() throws(SyntaxError) -> ConfigurationValue {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { return .text(try string()) }
        if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || (byte >= 0x30 && byte <= 0x39) {
            return .number(try number())
        }
        let start = index
        while index < bytes.count && Self.continuesIdentifier(bytes[index]) { index += 1 }
        switch String(decoding: bytes[start..<index], as: UTF8.self) {
        case "true": return .flag(true)
        case "false": return .flag(false)
        case "null": return .null
        case "Infinity", "NaN": index = start; throw error("Infinity and NaN are not values Bulkhead reads")
        case "": throw error("expected a value, found \(shown(byte))")
        case let word: index = start; throw error("expected a value, found '\(word)'; quote strings")
        }
    }

    private mutating func number() throws(SyntaxError) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        while index < bytes.count && (Self.continuesIdentifier(bytes[index]) || bytes[index] == UInt8(ascii: ".")
            || ((bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+")) && (bytes[index - 1] | 0x20) == UInt8(ascii: "e"))) {
            index += 1
        }
        var text = String(decoding: bytes[start..<index], as: UTF8.self)
        if text.hasPrefix("+") { text.removeFirst() }
        let negative = text.hasPrefix("-")
        let digits = negative ? String(text.dropFirst()) : text
        let value: Double?
        if digits.lowercased().hasPrefix("0x") {
            value = UInt64(digits.dropFirst(2), radix: 16).map(Double.init)
        } else if digits.allSatisfy({ $0.isNumber || $0 == "." || $0 == "e" || $0 == "E" || $0 == "-" || $0 == "+" }), digits.contains(where: \.isNumber) {
            value = Double(digits.hasPrefix(".") ? "0" + digits : digits.hasSuffix(".") ? digits + "0" : digits)
        } else {
            value = nil
        }
        guard let value else { index = start; throw error("'\(text)' is not a number") }
        guard value.isFinite else { index = start; throw error("the number \(text) is too large") }
        return negative ? -value : value
    }

    /// A quoted string, its escapes read; the cursor after the closing quote.
    private mutating func string() throws(SyntaxError) -> String {
        let quote = bytes[index]
        let opening = index
        index += 1
        var scalars = String.UnicodeScalarView()
        var pendingHighSurrogate: UInt32?
        while true {
            guard index < bytes.count else { index = opening; throw error("this string is never closed") }
            let byte = bytes[index]
            if byte == quote { break }
            if byte == 0x0A || byte == 0x0D { throw error("a line break inside a string; write \\n, or end the line with \\") }
            if byte != UInt8(ascii: "\\") {
                guard let (scalar, length) = Self.decodeUTF8(bytes, at: index) else { throw error("this is not valid UTF-8; save the file as UTF-8") }
                if pendingHighSurrogate != nil { throw error("a \\u escape of a high surrogate must be followed by its low surrogate") }
                scalars.append(scalar)
                index += length
                continue
            }
            index += 1
            guard index < bytes.count else { continue }
            let escaped = bytes[index]
            index += 1
            var code: UInt32
            switch escaped {
            case UInt8(ascii: "n"): code = 0x0A
            case UInt8(ascii: "t"): code = 0x09
            case UInt8(ascii: "r"): code = 0x0D
            case UInt8(ascii: "b"): code = 0x08
            case UInt8(ascii: "f"): code = 0x0C
            case UInt8(ascii: "v"): code = 0x0B
            case UInt8(ascii: "0"): code = 0
            case 0x0A: continue  // A line continuation.
            case 0x0D:
                if index < bytes.count && bytes[index] == 0x0A { index += 1 }
                continue
            case UInt8(ascii: "x"), UInt8(ascii: "u"):
                let count = escaped == UInt8(ascii: "x") ? 2 : 4
                guard index + count <= bytes.count, bytes[index..<index + count].allSatisfy(Self.isHexDigit),
                      let value = UInt32(String(decoding: bytes[index..<index + count], as: UTF8.self), radix: 16) else {
                    index -= 2
                    throw error("\\\(Character(UnicodeScalar(escaped))) takes \(count) hexadecimal digits")
                }
                index += count
                code = value
            default:
                index -= 1
                guard let (scalar, length) = Self.decodeUTF8(bytes, at: index) else { throw error("this is not valid UTF-8; save the file as UTF-8") }
                index += length
                code = scalar.value
            }
            if let high = pendingHighSurrogate {
                guard (0xDC00...0xDFFF).contains(code) else { throw error("a \\u escape of a high surrogate must be followed by its low surrogate") }
                pendingHighSurrogate = nil
                code = 0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00)
            } else if (0xD800...0xDBFF).contains(code) {
                pendingHighSurrogate = code
                continue
            } else if (0xDC00...0xDFFF).contains(code) {
                throw error("a lone low surrogate (\\u\(String(code, radix: 16, uppercase: true))) is not a character")
            }
            guard let scalar = Unicode.Scalar(code) else { throw error("\\u\(String(code, radix: 16)) is not a character") }
            scalars.append(scalar)
        }
        if pendingHighSurrogate != nil { throw error("a lone high surrogate is not a character") }
        index += 1
        return String(scalars)
    }

    // MARK: Bytes

    /// Skips whitespace and comments.
    private mutating func skipTrivia() throws(SyntaxError) {
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
                index += 1
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                // To the end of the line, whichever way the file ends its lines.
                while index < bytes.count && bytes[index] != 0x0A && bytes[index] != 0x0D { index += 1 }
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                let opening = index
                index += 2
                while index + 1 < bytes.count && !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                guard index + 1 < bytes.count else { index = opening; throw error("this comment is never closed with */") }
                index += 2
            case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0xA0:
                index += 2  // No-break space.
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                index += 3  // Line and paragraph separators.
            case 0xEF where index + 2 < bytes.count && bytes[index + 1] == 0xBB && bytes[index + 2] == 0xBF:
                index += 3  // A stray byte-order mark.
            default:
                return
            }
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f"))
    }

    private static func startsIdentifier(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
    }

    /// ASCII identifier characters, as JSON5 unquoted keys are written in practice.
    private static func continuesIdentifier(_ byte: UInt8) -> Bool {
        startsIdentifier(byte) || (byte >= 0x30 && byte <= 0x39)
    }

    /// One scalar of well-formed UTF-8 at `offset`, and its length; nil when the bytes are not.
    private static func decodeUTF8(_ bytes: [UInt8], at offset: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[offset]
        let length = lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 0
        guard length > 0, offset + length <= bytes.count else { return nil }
        var decoder = UTF8()
        var iterator = bytes[offset..<offset + length].makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
        return (scalar, length)
    }

    /// A byte as a message shows it.
    private func shown(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? "'\(Character(UnicodeScalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    /// An error at the cursor, with its line and column (columns count characters, from 1).
    private func error(_ reason: String) -> SyntaxError {
        var line = 1
        var lineStart = 0
        let end = min(index, bytes.count)
        // LF, CRLF and a lone CR each end a line.
        for position in 0..<end where bytes[position] == 0x0A || (bytes[position] == 0x0D && (position + 1 >= bytes.count || bytes[position + 1] != 0x0A)) {
            line += 1
            lineStart = position + 1
        }
        let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
        return SyntaxError(line: line, column: column, reason: reason)
    }
}
