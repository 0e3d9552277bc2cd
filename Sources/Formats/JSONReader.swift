/// Bulkhead's one reader of JSON and JSON5: SwiftPM's output and `Package.resolved` as strict
/// JSON, `bulkhead.json` as JSON5 (comments, trailing commas, unquoted keys, single quotes, hex
/// and signed numbers), into `JSONValue`s that know where they start.
///
/// Not `JSONDecoder`: a tree decoded through `Decodable` tries each kind of value in turn, and
/// every wrong guess throws a `DecodingError` with its coding path; on a 400-target manifest that
/// was four fifths of a warm check's loading. This reader looks at the first byte instead, and
/// its errors say the line and column where the text stops being JSON and why (Foundation's say
/// only "not valid JSON").
///
/// One pass over the bytes with the open arrays and objects on explicit stacks: reading never
/// recurses. Nesting deeper than `nestingLimit` is an error all the same, because releasing a
/// value is recursive in the runtime.
package struct JSONReader {
    /// Which grammar: strict JSON (RFC 8259, as SwiftPM writes it) or JSON5.
    package enum Syntax: Sendable {
        case json
        case json5
    }

    /// Where the text stops being JSON, and why.
    package struct SyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The byte offset the reader stopped at.
        package var offset: Int
        package var line: Int
        package var column: Int
        package var reason: String

        package init(offset: Int, line: Int, column: Int, reason: String) {
            self.offset = offset
            self.line = line
            self.column = column
            self.reason = reason
        }

        package var description: String { "line \(line), column \(column): \(reason)" }
    }

    /// What was read: the value, and in JSON5 the key paths of keys written twice in one object
    /// (in the order their second spelling appears). Either way the last spelling's value is
    /// kept. Keys are compared after their escapes are read: `"pre\u0073et"` is `preset`.
    package struct Document: Sendable {
        package var value: JSONValue
        package var duplicateKeys: [String]
    }

    /// The deepest nesting of arrays and objects: SwiftPM writes six or seven levels and a
    /// configuration a handful, so 256 refuses only what no tool writes, while keeping the
    /// runtime's recursive release of a value far from the stack's end (a secondary thread has
    /// 512 KiB).
    package static let nestingLimit = 256

    /// The one value `bytes` hold, surrounded by nothing but whitespace (and comments in JSON5).
    package static func read(_ bytes: some Collection<UInt8>, syntax: Syntax) throws(SyntaxError) -> Document {
        let contiguous = Array(bytes)
        return try contiguous.withUnsafeBufferPointer { buffer throws(SyntaxError) in
            var reader = JSONReader(buffer, syntax: syntax)
            let value = try reader.document()
            return Document(value: value, duplicateKeys: reader.duplicateKeys)
        }
    }

    /// Line and column (from 1; columns count characters) of a byte offset. LF, CRLF and a lone
    /// CR each end a line.
    package static func position(of offset: Int, in bytes: some Collection<UInt8>) -> (line: Int, column: Int) {
        Array(bytes).withUnsafeBufferPointer { position(of: offset, inBuffer: $0) }
    }

    static func position(of offset: Int, inBuffer bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        let end = max(0, min(offset, bytes.count))
        for position in 0..<end where bytes[position] == 0x0A || (bytes[position] == 0x0D && (position + 1 >= bytes.count || bytes[position + 1] != 0x0A)) {
            line += 1
            lineStart = position + 1
        }
        let column = String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<end]), as: UTF8.self).count + 1
        return (line, column)
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let json5: Bool
    var index = 0
    private var duplicateKeys: [String] = []

    private init(_ bytes: UnsafeBufferPointer<UInt8>, syntax: Syntax) {
        self.bytes = bytes
        self.json5 = syntax == .json5
        // A byte-order mark is not content.
        if json5 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    // MARK: Structure

    private mutating func document() throws(SyntaxError) -> JSONValue {
        guard bytes.count < Int(Int32.max) else { throw error("the file is 2 GiB or larger; no JSON Bulkhead reads is") }
        try skipTrivia()
        guard index < bytes.count else { throw error("the file is empty; write an object: { }") }
        // The open arrays and objects, innermost last, and where each starts; each kind's
        // members on a stack of its own, so a member is appended in place rather than to a copy
        // taken off the stack.
        var open: [Int] = []  // each one's start offset, times two, plus one for an object
        var arrays: [[JSONValue]] = []
        var objects: [[String: JSONValue]] = []
        var keys: [String] = []  // per open object, the key being read (taken while its value is stored)
        while true {
            // The start of a value; an array or object that is not empty stays open.
            guard index < bytes.count else { throw error("the file ends where a value should be") }
            let start = index
            var value: JSONValue
            switch bytes[index] {
            case UInt8(ascii: "{"):
                guard open.count < Self.nestingLimit else { throw error("nested deeper than \(Self.nestingLimit) objects and lists") }
                index += 1
                try skipTrivia()
                if consume(UInt8(ascii: "}")) {
                    value = JSONValue(.object([:]), offset: start)
                } else {
                    keys.append(try memberKey())
                    // Room for a target's keys in `dump-package` output: grown from empty, each
                    // object was rehashed at two, four and eight keys (a fifth of reading a
                    // 62 KB answer).
                    objects.append(Dictionary(minimumCapacity: 8))
                    open.append(start << 1 | 1)
                    continue
                }
            case UInt8(ascii: "["):
                guard open.count < Self.nestingLimit else { throw error("nested deeper than \(Self.nestingLimit) objects and lists") }
                index += 1
                try skipTrivia()
                if consume(UInt8(ascii: "]")) {
                    value = JSONValue(.array([]), offset: start)
                } else {
                    arrays.append([])
                    open.append(start << 1)
                    continue
                }
            default:
                value = JSONValue(try scalar(), offset: start)
            }
            // Hand the finished value to the innermost open container; a container that ends
            // with it is itself a finished value for the one around it.
            while true {
                guard let innermost = open.last else {
                    try skipTrivia()
                    guard index == bytes.count else { throw error("unexpected \(shown(bytes[index])) after the end of the top-level value") }
                    return value
                }
                let isObject = innermost & 1 == 1
                if isObject {
                    let key = keys.removeLast()
                    if !json5 {
                        objects[objects.count - 1][key] = value
                    } else if objects[objects.count - 1].updateValue(value, forKey: key) != nil {
                        let outer = keyPath(open: open.dropLast(), arrays: arrays, keys: keys)
                        duplicateKeys.append(outer.isEmpty ? key : "\(outer).\(key)")
                    }
                } else {
                    arrays[arrays.count - 1].append(value)
                }
                try skipTrivia()
                let separated = consume(UInt8(ascii: ","))
                if separated { try skipTrivia() }
                // A trailing comma before the closing bracket is JSON5's, not JSON's.
                if !separated || json5, consume(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    open.removeLast()
                    let start = innermost >> 1
                    if isObject {
                        value = JSONValue(.object(objects.removeLast()), offset: start)
                    } else {
                        value = JSONValue(.array(arrays.removeLast()), offset: start)
                    }
                    continue
                }
                guard separated else {
                    let expected = isObject ? "',' or '}'" : "',' or ']'"
                    throw error(index < bytes.count ? "expected \(expected), found \(shown(bytes[index]))"
                        : "the file ends inside an unclosed \(isObject ? "object" : "list"); expected \(expected)")
                }
                if isObject { keys.append(try memberKey()) }
                break
            }
        }
    }

    /// `key:` — a quoted string, or in JSON5 also an identifier, then the colon; leaves the
    /// cursor on the value.
    private mutating func memberKey() throws(SyntaxError) -> String {
        guard index < bytes.count else { throw error("the file ends inside an unclosed object; expected a key or '}'") }
        let key: String
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
            key = json5 ? try json5String() : try jsonString()
        } else if json5 && byte == UInt8(ascii: "'") {
            key = try json5String()
        } else if json5 && Self.startsIdentifier(byte) {
            let start = index
            while index < bytes.count && Self.continuesIdentifier(bytes[index]) { index += 1 }
            key = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        } else {
            throw error(json5 ? "expected a key (a name or a quoted string), found \(shown(byte))" : "expected a key in double quotes, found \(shown(byte))")
        }
        try skipTrivia()
        guard consume(UInt8(ascii: ":")) else { throw error("expected ':' after the key '\(key)'") }
        try skipTrivia()
        return key
    }

    /// The key path of the member being read: `layers[1].name`.
    private func keyPath(open: ArraySlice<Int>, arrays: [[JSONValue]], keys: [String]) -> String {
        var path = ""
        var arrayIndex = 0
        var keyIndex = keys.startIndex
        for container in open {
            if container & 1 == 1 {
                path += path.isEmpty ? keys[keyIndex] : ".\(keys[keyIndex])"
                keyIndex += 1
            } else {
                path += "[\(arrays[arrayIndex].count)]"
                arrayIndex += 1
            }
        }
        return path
    }

    // MARK: Bytes

    func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Skips whitespace, and in JSON5 comments and Unicode spaces too.
    @inline(__always)
    private mutating func skipTrivia() throws(SyntaxError) {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D:
                index += 1
            default:
                guard json5 else { return }
                guard try skipJSON5Trivia() else { return }
            }
        }
    }

    /// One piece of JSON5's trivia beyond JSON's whitespace at the cursor; false when there is none.
    /// Out of line, so that skipping JSON's whitespace stays a small loop inlined where it is asked.
    @inline(never)
    private mutating func skipJSON5Trivia() throws(SyntaxError) -> Bool {
        switch bytes[index] {
        case 0x0B, 0x0C:
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
            return false
        }
        return true
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f"))
    }

    static func startsIdentifier(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
    }

    /// ASCII identifier characters, as JSON5 unquoted keys are written in practice.
    static func continuesIdentifier(_ byte: UInt8) -> Bool {
        startsIdentifier(byte) || (byte >= 0x30 && byte <= 0x39)
    }

    /// A byte as a message shows it.
    func shown(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? "'\(Character(UnicodeScalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    /// An error at the cursor, with its line and column.
    func error(_ reason: String) -> SyntaxError {
        let (line, column) = Self.position(of: index, inBuffer: bytes)
        return SyntaxError(offset: index, line: line, column: column, reason: reason)
    }
}

extension JSONValue {
    /// The one strict-JSON value `bytes` hold: SwiftPM's output, `Package.resolved`.
    package init(parsing bytes: some Collection<UInt8>) throws(JSONReader.SyntaxError) {
        self = try JSONReader.read(bytes, syntax: .json).value
    }
}
