/// Strings, numbers and words. JSON's strings and numbers have readers of their own, kept to
/// the strict grammar and to the fast path SwiftPM's output takes (a string without escapes is
/// copied as it stands); JSON5's read every form `bulkhead.json` may use and say what is wrong
/// in the words configuration errors have always used.
extension JSONReader {
    mutating func scalar() throws(SyntaxError) -> JSONValue.Kind {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") { return .string(json5 ? try json5String() : try jsonString()) }
        if json5 {
            if byte == UInt8(ascii: "'") { return .string(try json5String()) }
            if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || (byte >= 0x30 && byte <= 0x39) {
                return .number(try json5Number())
            }
        } else if byte == UInt8(ascii: "-") || (byte >= 0x30 && byte <= 0x39) {
            return .number(try jsonNumber())
        }
        let start = index
        while index < bytes.count && Self.continuesIdentifier(bytes[index]) { index += 1 }
        if isWord("true", from: start) { return .bool(true) }
        if isWord("false", from: start) { return .bool(false) }
        if isWord("null", from: start) { return .null }
        switch String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self) {
        case "Infinity", "NaN": index = start; throw error("Infinity and NaN are not values Bulkhead reads")
        case "": throw error("expected a value, found \(shown(byte))")
        case let word: index = start; throw error("expected a value, found '\(word)'; quote strings")
        }
    }

    /// Whether the word from `start` to the cursor is `word`.
    private func isWord(_ word: StaticString, from start: Int) -> Bool {
        guard index - start == word.utf8CodeUnitCount else { return false }
        for offset in 0..<word.utf8CodeUnitCount where bytes[start + offset] != word.utf8Start[offset] { return false }
        return true
    }

    // MARK: JSON

    /// A number as JSON writes it: sign, digits, fraction, exponent — checked here, since
    /// `Double`'s own reading also takes `inf`, hex and a leading `+`.
    private mutating func jsonNumber() throws(SyntaxError) -> Double {
        let start = index
        _ = consume(UInt8(ascii: "-"))
        guard digits() > 0 else { throw error("expected digits in a number") }
        if consume(UInt8(ascii: ".")) {
            guard digits() > 0 else { throw error("expected digits after '.' in a number") }
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            guard digits() > 0 else { throw error("expected digits in an exponent") }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text) else { index = start; throw error("'\(text)' is not a number") }
        return value
    }

    private mutating func digits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - start
    }

    /// A string from its opening quote: copied as it stands when it has no escape, which is
    /// nearly always.
    mutating func jsonString() throws(SyntaxError) -> String {
        let opening = index
        index += 1
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                defer { index += 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            case UInt8(ascii: "\\"):
                return try escapedJSONString(from: start, opening: opening)
            case 0..<0x20:
                throw error("a control character inside a string; write it as an escape")
            default:
                index += 1
            }
        }
        index = opening
        throw error("this string is never closed")
    }

    private mutating func escapedJSONString(from start: Int, opening: Int) throws(SyntaxError) -> String {
        var text = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"): text.append(contentsOf: try unicodeEscape())
                default: index -= 2; throw error("\\\(Character(UnicodeScalar(escape))) is not an escape JSON has")
                }
            case 0..<0x20:
                index -= 1
                throw error("a control character inside a string; write it as an escape")
            default:
                text.append(byte)
            }
        }
        index = opening
        throw error("this string is never closed")
    }

    /// The UTF-8 of `\uXXXX` (the `\u` read), joining a surrogate pair written as two escapes;
    /// a lone surrogate becomes U+FFFD rather than an error: a name is still worth reading.
    private mutating func unicodeEscape() throws(SyntaxError) -> [UInt8] {
        let first = try hexQuad()
        var scalar = Unicode.Scalar(first)
        if (0xD800..<0xDC00).contains(first), bytes.count - index >= 6,
           bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
            let saved = index
            index += 2
            let second = try hexQuad()
            if (0xDC00..<0xE000).contains(second) {
                scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
            } else {
                index = saved
            }
        }
        return Array(String(Character(scalar ?? "\u{FFFD}")).utf8)
    }

    private mutating func hexQuad() throws(SyntaxError) -> UInt32 {
        guard bytes.count - index >= 4, bytes[index..<index + 4].allSatisfy(Self.isHexDigit) else {
            index -= 2
            throw error("\\u takes 4 hexadecimal digits")
        }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            value = value << 4 | UInt32(byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : (byte | 0x20) - UInt8(ascii: "a") + 10)
            index += 1
        }
        return value
    }

    // MARK: JSON5

    private mutating func json5Number() throws(SyntaxError) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        while index < bytes.count && (Self.continuesIdentifier(bytes[index]) || bytes[index] == UInt8(ascii: ".")
            || ((bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+")) && (bytes[index - 1] | 0x20) == UInt8(ascii: "e"))) {
            index += 1
        }
        var text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if text.hasPrefix("+") { text.removeFirst() }
        let negative = text.hasPrefix("-")
        let digits = negative ? String(text.dropFirst()) : text
        let value: Double?
        if digits.lowercased().hasPrefix("0x") {
            value = UInt64(digits.dropFirst(2), radix: 16).map { Double($0) }  // Not `.map(Double.init)`, which picks init(bitPattern:).
        } else if digits.allSatisfy({ $0.isNumber || $0 == "." || $0 == "e" || $0 == "E" || $0 == "-" || $0 == "+" }), digits.contains(where: \.isNumber) {
            value = Double(digits.hasPrefix(".") ? "0" + digits : digits.hasSuffix(".") ? digits + "0" : digits)
        } else {
            value = nil
        }
        guard let value else { index = start; throw error("'\(text)' is not a number") }
        guard value.isFinite else { index = start; throw error("the number \(text) is too large") }
        return negative ? -value : value
    }

    /// A quoted string in either quote, its escapes read; the cursor after the closing quote.
    mutating func json5String() throws(SyntaxError) -> String {
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
                guard let (scalar, length) = decodeUTF8(at: index) else { throw error("this is not valid UTF-8; save the file as UTF-8") }
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
                      let value = UInt32(String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<index + count]), as: UTF8.self), radix: 16) else {
                    index -= 2
                    throw error("\\\(Character(UnicodeScalar(escaped))) takes \(count) hexadecimal digits")
                }
                index += count
                code = value
            default:
                index -= 1
                guard let (scalar, length) = decodeUTF8(at: index) else { throw error("this is not valid UTF-8; save the file as UTF-8") }
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

    /// One scalar of well-formed UTF-8 at `offset`, and its length; nil when the bytes are not.
    private func decodeUTF8(at offset: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[offset]
        let length = lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 0
        guard length > 0, offset + length <= bytes.count else { return nil }
        var decoder = UTF8()
        var iterator = bytes[offset..<offset + length].makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
        return (scalar, length)
    }
}
