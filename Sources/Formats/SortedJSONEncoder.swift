/// Encodable values as the JSON documents Bulkhead writes: two spaces of indentation, `"key" :
/// value`, keys in the order of their UTF-8 bytes, slashes unescaped, an empty array or object
/// as an opening and closing line with a blank line between. These are the bytes Foundation's
/// `JSONEncoder` writes with `.prettyPrinted`, `.sortedKeys` and `.withoutEscapingSlashes` on
/// Linux; written here, they are the same on every platform and Foundation version, and a report
/// of thousands of findings costs a tenth of the time (no boxing of every value, no generic
/// dispatch per key).
///
/// Floating-point numbers are refused: no document has one, and a writer that guessed
/// Foundation's formatting of them would be a stub.
package enum SortedJSONEncoder {
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package var description: String
    }

    package static func encode(_ value: some Encodable) throws(Failure) -> String {
        let encoder = TreeEncoder(path: nil)
        do {
            try value.encode(to: encoder)
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(description: String(describing: error))
        }
        var writer = Writer()
        writer.write(encoder.node, indent: 0)
        return String(decoding: writer.output, as: UTF8.self)
    }

    // MARK: The tree

    /// Containers hand out references into it, as `Encoder` requires: a nested container writes
    /// into its parent after the parent has moved on.
    fileprivate final class ObjectNode {
        var members: [String: Node] = [:]
    }

    fileprivate final class ArrayNode {
        var elements: [Node] = []
    }

    fileprivate enum Node {
        /// A number, `true`, `false` or `null`, written as it is.
        case literal(String)
        case string(String)
        case object(ObjectNode)
        case array(ArrayNode)
        /// What a nested encoder (`superEncoder`, a value's own `encode(to:)`) holds when written.
        case encoder(TreeEncoder)
    }

    // MARK: Writing

    private struct Writer {
        var output: [UInt8] = []

        /// The depth is the nesting of the document's types, not of any input.
        mutating func write(_ node: Node?, indent: Int) {
            switch node {
            case .literal(let text)?:
                output.append(contentsOf: text.utf8)
            case .string(let text)?:
                appendString(text)
            case .array(let array)?:
                output.append(UInt8(ascii: "["))
                for (index, element) in array.elements.enumerated() {
                    if index > 0 { output.append(UInt8(ascii: ",")) }
                    newline(indent + 1)
                    write(element, indent: indent + 1)
                }
                close(UInt8(ascii: "]"), indent: indent, empty: array.elements.isEmpty)
            case .object(let object)?:
                output.append(UInt8(ascii: "{"))
                let keys = object.members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
                for (index, key) in keys.enumerated() {
                    if index > 0 { output.append(UInt8(ascii: ",")) }
                    newline(indent + 1)
                    appendString(key)
                    output.append(space)
                    output.append(UInt8(ascii: ":"))
                    output.append(space)
                    write(object.members[key], indent: indent + 1)
                }
                close(UInt8(ascii: "}"), indent: indent, empty: keys.isEmpty)
            case .encoder(let encoder)?:
                write(encoder.node, indent: indent)
            case nil:
                // A value that encoded nothing is an empty object, as Foundation writes it.
                output.append(UInt8(ascii: "{"))
                close(UInt8(ascii: "}"), indent: indent, empty: true)
            }
        }

        private let space = UInt8(ascii: " ")

        private mutating func newline(_ indent: Int) {
            output.append(UInt8(ascii: "\n"))
            output.append(contentsOf: repeatElement(space, count: 2 * indent))
        }

        /// The closing bracket stands on its own line; an empty container leaves a blank line
        /// between its brackets, as Foundation does.
        private mutating func close(_ bracket: UInt8, indent: Int, empty: Bool) {
            if empty { output.append(UInt8(ascii: "\n")) }
            newline(indent)
            output.append(bracket)
        }

        /// `"`, `\` and the control characters escaped (`\b \t \n \f \r`, else `\u00XX`);
        /// every other byte, `/` and non-ASCII included, as it is, in runs.
        private mutating func appendString(_ text: String) {
            output.append(UInt8(ascii: "\""))
            var text = text
            text.withUTF8 { bytes in
                var runStart = 0
                for index in bytes.indices {
                    let byte = bytes[index]
                    guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                    runStart = index + 1
                    output.append(UInt8(ascii: "\\"))
                    switch byte {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
                    case 0x08: output.append(UInt8(ascii: "b"))
                    case 0x09: output.append(UInt8(ascii: "t"))
                    case 0x0A: output.append(UInt8(ascii: "n"))
                    case 0x0C: output.append(UInt8(ascii: "f"))
                    case 0x0D: output.append(UInt8(ascii: "r"))
                    default:
                        output.append(contentsOf: "u00".utf8)
                        output.append(Self.hex[Int(byte >> 4)])
                        output.append(Self.hex[Int(byte & 0xF)])
                    }
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
            }
            output.append(UInt8(ascii: "\""))
        }

        private static let hex = Array("0123456789abcdef".utf8)
    }

    // MARK: The Encoder

    /// The keys from the document's top to a value, made into `codingPath` only when asked for
    /// (by a value's own `encode(to:)`, or to name a refused value).
    fileprivate final class PathLink {
        let key: any CodingKey
        let parent: PathLink?

        init(_ key: any CodingKey, _ parent: PathLink?) {
            self.key = key
            self.parent = parent
        }

        static func keys(to link: PathLink?) -> [any CodingKey] {
            var keys: [any CodingKey] = []
            var link = link
            while let current = link {
                keys.append(current.key)
                link = current.parent
            }
            return keys.reversed()
        }
    }

    fileprivate final class TreeEncoder: Encoder {
        let path: PathLink?
        var codingPath: [any CodingKey] { PathLink.keys(to: path) }
        var userInfo: [CodingUserInfoKey: Any] { [:] }
        /// The value, once a container or a single value was asked for.
        var node: Node?

        init(path: PathLink?) {
            self.path = path
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            // A value that asks for a keyed container twice writes into the same object.
            if case .object(let object) = node { return KeyedEncodingContainer(KeyedContainer<Key>(object: object, path: path)) }
            let object = ObjectNode()
            node = .object(object)
            return KeyedEncodingContainer(KeyedContainer<Key>(object: object, path: path))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if case .array(let array) = node { return UnkeyedContainer(array: array, path: path) }
            let array = ArrayNode()
            node = .array(array)
            return UnkeyedContainer(array: array, path: path)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            SingleValueContainer(encoder: self)
        }
    }

    /// The JSON of one value: strings, booleans and integers directly, anything else through its
    /// own `encode(to:)`.
    fileprivate static func node(of value: some Encodable, at path: PathLink?) throws -> Node {
        if let text = value as? String { return .string(text) }
        if let number = value as? Int { return .literal(String(number)) }
        if let flag = value as? Bool { return .literal(flag ? "true" : "false") }
        let encoder = TreeEncoder(path: path)
        try value.encode(to: encoder)
        return encoder.node ?? .object(ObjectNode())
    }

    fileprivate static func refusal(at keys: [any CodingKey]) -> Failure {
        let path = keys.map(\.stringValue).joined(separator: ".")
        return Failure(description: "a floating-point value at '\(path)': this writer writes integers only")
    }

    fileprivate struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let object: ObjectNode
        let path: PathLink?
        var codingPath: [any CodingKey] { PathLink.keys(to: path) }

        private func put(_ literal: String, _ key: Key) { object.members[key.stringValue] = .literal(literal) }

        mutating func encodeNil(forKey key: Key) throws { put("null", key) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { put(value ? "true" : "false", key) }
        mutating func encode(_ value: String, forKey key: Key) throws { object.members[key.stringValue] = .string(value) }
        mutating func encode(_ value: Double, forKey key: Key) throws { throw refusal(at: codingPath + [key]) }
        mutating func encode(_ value: Float, forKey key: Key) throws { throw refusal(at: codingPath + [key]) }
        mutating func encode(_ value: Int, forKey key: Key) throws { put(String(value), key) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { put(String(value), key) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { put(String(value), key) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { put(String(value), key) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { put(String(value), key) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { put(String(value), key) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { put(String(value), key) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { put(String(value), key) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { put(String(value), key) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { put(String(value), key) }
        mutating func encode(_ value: some Encodable, forKey key: Key) throws {
            object.members[key.stringValue] = try node(of: value, at: PathLink(key, path))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            let nested = ObjectNode()
            object.members[key.stringValue] = .object(nested)
            return KeyedEncodingContainer(KeyedContainer<NestedKey>(object: nested, path: PathLink(key, path)))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let nested = ArrayNode()
            object.members[key.stringValue] = .array(nested)
            return UnkeyedContainer(array: nested, path: PathLink(key, path))
        }

        mutating func superEncoder() -> any Encoder { superEncoder(for: AnyKey("super")) }
        mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(for: key) }

        private func superEncoder(for key: any CodingKey) -> any Encoder {
            let encoder = TreeEncoder(path: PathLink(key, path))
            object.members[key.stringValue] = .encoder(encoder)
            return encoder
        }
    }

    fileprivate struct UnkeyedContainer: UnkeyedEncodingContainer {
        let array: ArrayNode
        let path: PathLink?
        var codingPath: [any CodingKey] { PathLink.keys(to: path) }
        var count: Int { array.elements.count }

        private func append(_ literal: String) { array.elements.append(.literal(literal)) }
        private var nextKey: any CodingKey { AnyKey(index: count) }

        mutating func encodeNil() throws { append("null") }
        mutating func encode(_ value: Bool) throws { append(value ? "true" : "false") }
        mutating func encode(_ value: String) throws { array.elements.append(.string(value)) }
        mutating func encode(_ value: Double) throws { throw refusal(at: codingPath + [nextKey]) }
        mutating func encode(_ value: Float) throws { throw refusal(at: codingPath + [nextKey]) }
        mutating func encode(_ value: Int) throws { append(String(value)) }
        mutating func encode(_ value: Int8) throws { append(String(value)) }
        mutating func encode(_ value: Int16) throws { append(String(value)) }
        mutating func encode(_ value: Int32) throws { append(String(value)) }
        mutating func encode(_ value: Int64) throws { append(String(value)) }
        mutating func encode(_ value: UInt) throws { append(String(value)) }
        mutating func encode(_ value: UInt8) throws { append(String(value)) }
        mutating func encode(_ value: UInt16) throws { append(String(value)) }
        mutating func encode(_ value: UInt32) throws { append(String(value)) }
        mutating func encode(_ value: UInt64) throws { append(String(value)) }
        mutating func encode(_ value: some Encodable) throws {
            array.elements.append(try node(of: value, at: PathLink(nextKey, path)))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            let nested = ObjectNode()
            let link = PathLink(nextKey, path)
            array.elements.append(.object(nested))
            return KeyedEncodingContainer(KeyedContainer<NestedKey>(object: nested, path: link))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let nested = ArrayNode()
            let link = PathLink(nextKey, path)
            array.elements.append(.array(nested))
            return UnkeyedContainer(array: nested, path: link)
        }

        mutating func superEncoder() -> any Encoder {
            let encoder = TreeEncoder(path: PathLink(nextKey, path))
            array.elements.append(.encoder(encoder))
            return encoder
        }
    }

    fileprivate struct SingleValueContainer: SingleValueEncodingContainer {
        let encoder: TreeEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }

        private func set(_ literal: String) { encoder.node = .literal(literal) }

        mutating func encodeNil() throws { set("null") }
        mutating func encode(_ value: Bool) throws { set(value ? "true" : "false") }
        mutating func encode(_ value: String) throws { encoder.node = .string(value) }
        mutating func encode(_ value: Double) throws { throw refusal(at: codingPath) }
        mutating func encode(_ value: Float) throws { throw refusal(at: codingPath) }
        mutating func encode(_ value: Int) throws { set(String(value)) }
        mutating func encode(_ value: Int8) throws { set(String(value)) }
        mutating func encode(_ value: Int16) throws { set(String(value)) }
        mutating func encode(_ value: Int32) throws { set(String(value)) }
        mutating func encode(_ value: Int64) throws { set(String(value)) }
        mutating func encode(_ value: UInt) throws { set(String(value)) }
        mutating func encode(_ value: UInt8) throws { set(String(value)) }
        mutating func encode(_ value: UInt16) throws { set(String(value)) }
        mutating func encode(_ value: UInt32) throws { set(String(value)) }
        mutating func encode(_ value: UInt64) throws { set(String(value)) }
        mutating func encode(_ value: some Encodable) throws {
            // The same place, not one key further: a wrapper encoding its one value.
            encoder.node = try node(of: value, at: encoder.path)
        }
    }

    fileprivate struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(_ name: String) { stringValue = name }
        init(index: Int) { stringValue = "Index \(index)"; intValue = index }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { self.init(index: intValue) }
    }
}
