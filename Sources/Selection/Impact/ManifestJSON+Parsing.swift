/// A JSON reader over bytes into `ManifestJSON`, for SwiftPM's output and `Package.resolved`.
///
/// Not `JSONDecoder`: a `ManifestJSON` decoded through `Decodable` tries each kind of value in
/// turn, and every wrong guess throws a `DecodingError` with its coding path. On a 400-target
/// manifest that was four fifths of a warm check's loading; this reader looks at the first byte
/// instead. It keeps its open arrays and objects on explicit stacks, and refuses nesting deeper
/// than `nestingLimit` (Foundation's reader has a limit too): releasing a value is recursive in the runtime, so
/// depth the input chose must stay bounded even though reading it is not recursive.
extension ManifestJSON {
    /// Why bytes are not one JSON value, and where.
    package struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The byte offset the reader stopped at.
        package var offset: Int
        package var reason: String

        package init(offset: Int, reason: String) {
            self.offset = offset
            self.reason = reason
        }

        package var description: String { "\(reason) at byte \(offset)" }
    }

    /// The deepest nesting of arrays and objects read; SwiftPM writes six or seven levels.
    package static let nestingLimit = 512

    /// The one JSON value `bytes` hold, surrounded by nothing but whitespace.
    package init(parsing bytes: some Collection<UInt8>) throws(ParseError) {
        let contiguous = Array(bytes)
        self = try contiguous.withUnsafeBufferPointer { buffer throws(ParseError) in
            var reader = JSONByteReader(buffer)
            return try reader.document()
        }
    }
}

private struct JSONByteReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func document() throws(ManifestJSON.ParseError) -> ManifestJSON {
        // The open arrays and objects, innermost last; each kind's members on a stack of its own,
        // so a member is appended in place rather than to a copy taken off the stack.
        var open: [Bool] = []  // true: an object
        var arrays: [[ManifestJSON]] = []
        var objects: [[String: ManifestJSON]] = []
        var keys: [String] = []
        while true {
            // Read the start of a value; an array or object that is not empty stays open.
            skipWhitespace()
            var value: ManifestJSON
            switch peek() {
            case UInt8(ascii: "{"):
                index += 1
                skipWhitespace()
                if consume(UInt8(ascii: "}")) {
                    value = .object([:])
                } else {
                    guard open.count < ManifestJSON.nestingLimit else { throw failure("nested deeper than \(ManifestJSON.nestingLimit) levels") }
                    keys.append(try key())
                    objects.append([:])
                    open.append(true)
                    continue
                }
            case UInt8(ascii: "["):
                index += 1
                skipWhitespace()
                if consume(UInt8(ascii: "]")) {
                    value = .array([])
                } else {
                    guard open.count < ManifestJSON.nestingLimit else { throw failure("nested deeper than \(ManifestJSON.nestingLimit) levels") }
                    arrays.append([])
                    open.append(false)
                    continue
                }
            default:
                value = try scalar()
            }
            // Hand the finished value to the innermost open container; a container that ends
            // with it is itself a finished value for the one around it.
            while true {
                guard let isObject = open.last else {
                    skipWhitespace()
                    guard index == bytes.count else { throw failure("unexpected text after the value") }
                    return value
                }
                skipWhitespace()
                if isObject {
                    objects[objects.count - 1][keys.removeLast()] = value
                    if consume(UInt8(ascii: ",")) {
                        skipWhitespace()
                        keys.append(try key())
                    } else if consume(UInt8(ascii: "}")) {
                        open.removeLast()
                        value = .object(objects.removeLast())
                        continue
                    } else {
                        throw failure("expected , or } in an object")
                    }
                } else {
                    arrays[arrays.count - 1].append(value)
                    if !consume(UInt8(ascii: ",")) {
                        guard consume(UInt8(ascii: "]")) else { throw failure("expected , or ] in an array") }
                        open.removeLast()
                        value = .array(arrays.removeLast())
                        continue
                    }
                }
                break
            }
        }
    }

    /// `"name" :` — an object's key and its colon.
    private mutating func key() throws(ManifestJSON.ParseError) -> String {
        guard peek() == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
        let key = try string()
        skipWhitespace()
        guard consume(UInt8(ascii: ":")) else { throw failure("expected : after a key") }
        return key
    }

    private mutating func scalar() throws(ManifestJSON.ParseError) -> ManifestJSON {
        guard let first = peek() else { throw failure("expected a value, found the end") }
        switch first {
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw failure("expected a value")
        }
    }

    private mutating func literal(_ word: StaticString) throws(ManifestJSON.ParseError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count - index >= expected.count, zip(bytes[index..<index + expected.count], expected).allSatisfy({ $0 == $1 }) else {
            throw failure("expected \(word)")
        }
        index += expected.count
    }

    /// A number as JSON writes it: sign, digits, fraction, exponent — checked here, since
    /// `Double`'s own reading also takes `inf`, hex and a leading `+`.
    private mutating func number() throws(ManifestJSON.ParseError) -> Double {
        let start = index
        _ = consume(UInt8(ascii: "-"))
        guard digits() > 0 else { throw failure("expected digits in a number") }
        if consume(UInt8(ascii: ".")) {
            guard digits() > 0 else { throw failure("expected digits after . in a number") }
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            guard digits() > 0 else { throw failure("expected digits in an exponent") }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text) else { throw failure("unreadable number") }
        return value
    }

    private mutating func digits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - start
    }

    /// A string from its opening quote: copied as it stands when it has no escape, which is
    /// nearly always.
    private mutating func string() throws(ManifestJSON.ParseError) -> String {
        index += 1
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                defer { index += 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            case UInt8(ascii: "\\"):
                return try escapedString(from: start)
            case 0..<0x20:
                throw failure("control character in a string")
            default:
                index += 1
            }
        }
        throw failure("unterminated string")
    }

    private mutating func escapedString(from start: Int) throws(ManifestJSON.ParseError) -> String {
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
                default: throw failure("unknown escape in a string")
                }
            case 0..<0x20:
                throw failure("control character in a string")
            default:
                text.append(byte)
            }
        }
        throw failure("unterminated string")
    }

    /// The UTF-8 of `\uXXXX` (the `\u` read), joining a surrogate pair written as two escapes;
    /// a lone surrogate becomes U+FFFD rather than an error: a name is still worth reading.
    private mutating func unicodeEscape() throws(ManifestJSON.ParseError) -> [UInt8] {
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

    private mutating func hexQuad() throws(ManifestJSON.ParseError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw failure("expected four hex digits after \\u") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("expected four hex digits after \\u")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func failure(_ reason: String) -> ManifestJSON.ParseError {
        ManifestJSON.ParseError(offset: index, reason: reason)
    }
}
