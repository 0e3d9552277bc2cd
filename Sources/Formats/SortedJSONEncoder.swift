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

    /// The document; with `endingLine`, a line break after it, written with the rest rather than
    /// appended to a copy of the whole text.
    package static func encode(_ value: some Encodable, endingLine: Bool = false) throws(Failure) -> String {
        var writer = Writer()
        writer.write(try tree(of: value), indent: 0)
        if endingLine { writer.output.append(UInt8(ascii: "\n")) }
        return String(decoding: writer.output, as: UTF8.self)
    }

    /// The value's tree, as `Writer` writes it.
    fileprivate static func tree(of value: some Encodable) throws(Failure) -> Node? {
        let encoder = TreeEncoder(parent: nil, key: nil)
        do {
            try value.encode(to: encoder)
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(description: String(describing: error))
        }
        return encoder.node
    }

    // MARK: The tree

    /// Containers hand out references into it, as `Encoder` requires: a nested container writes
    /// into its parent after the parent has moved on.
    fileprivate final class ObjectNode {
        /// A struct rather than a tuple: an array of tuples is destroyed through the runtime's
        /// generic tuple witness, element by element.
        struct Member {
            let key: String
            var node: Node
        }

        /// In the order the value gave them, repeats included; sorted, and a repeated key
        /// settled, once, by `sortedForWriting()` (an array and one sort cost a fraction of a
        /// dictionary's hashing of every key).
        var members: [Member]

        init() {
            // Room for a finding's members, so that most objects allocate once.
            members = []
            members.reserveCapacity(8)
        }

        /// The members ordered by the UTF-8 bytes of their keys, keeping of a key given more than
        /// once what the dictionary this array replaced kept: the key as first given, the value as
        /// last given. The tree is written once, so the members are moved out, not copied.
        func sortedForWriting() -> [Member] {
            // A local array: no exclusivity check of a class's property at every access below.
            var sorted: [Member] = []
            swap(&sorted, &members)
            guard sorted.count > 1 else { return sorted }
            if sorted.allSatisfy({ Self.isASCII($0.key) }) {
                // ASCII keys are equal as Strings only when their bytes are, and String's `<`
                // orders them by their bytes. The sort is stable: a repeated key's last value
                // ends its run.
                sorted.sort { $0.key < $1.key }
                var kept = 0
                for index in sorted.indices where index + 1 == sorted.count || sorted[index + 1].key != sorted[index].key {
                    sorted.swapAt(kept, index)
                    kept += 1
                }
                sorted.removeLast(sorted.count - kept)
                return sorted
            }
            // Other keys can be equal as Strings (canonically equivalent) with different bytes,
            // which need not sort side by side: merged as a dictionary merges them, then sorted
            // by their bytes.
            var positions: [String: Int] = [:]
            var merged: [Member] = []
            for member in sorted {
                if let position = positions[member.key] {
                    merged[position].node = member.node
                } else {
                    positions[member.key] = merged.count
                    merged.append(member)
                }
            }
            merged.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            return merged
        }

        private static func isASCII(_ key: String) -> Bool {
            key.utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0 < 0x80 } } ?? key.utf8.allSatisfy { $0 < 0x80 }
        }
    }

    fileprivate final class ArrayNode {
        var elements: [Node] = []
    }

    fileprivate enum Node {
        case null
        case bool(Bool)
        /// Every integer type, written in decimal.
        case signed(Int64)
        case unsigned(UInt64)
        case string(String)
        case object(ObjectNode)
        case array(ArrayNode)
        /// What a super encoder (`superEncoder()`) holds when written.
        case encoder(TreeEncoder)
    }

    // MARK: Writing

    /// Also `SortedJSONStream`'s, which writes a document as it goes with the same bytes.
    struct Writer {
        var output: [UInt8] = []
        /// A line break and spaces, of which each new line appends the part its indentation
        /// needs in one piece; longer when a document nests deeper.
        private var lineStart: [UInt8] = [UInt8(ascii: "\n")] + Array(repeating: UInt8(ascii: " "), count: 32)

        /// The depth is the nesting of the document's types, not of any input.
        fileprivate mutating func write(_ node: Node?, indent: Int) {
            switch node {
            case .null?:
                output.append(contentsOf: "null".utf8)
            case .bool(let flag)?:
                output.append(contentsOf: flag ? "true".utf8 : "false".utf8)
            case .signed(let number)?:
                if number < 0 { output.append(UInt8(ascii: "-")) }
                appendDecimal(number.magnitude)
            case .unsigned(let number)?:
                appendDecimal(number)
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
                let members = object.sortedForWriting()
                for (index, member) in members.enumerated() {
                    if index > 0 { output.append(UInt8(ascii: ",")) }
                    newline(indent + 1)
                    appendString(member.key)
                    output.append(UInt8(ascii: " "))
                    output.append(UInt8(ascii: ":"))
                    output.append(UInt8(ascii: " "))
                    write(member.node, indent: indent + 1)
                }
                close(UInt8(ascii: "}"), indent: indent, empty: members.isEmpty)
            case .encoder(let encoder)?:
                write(encoder.node, indent: indent)
            case nil:
                // A value that encoded nothing is an empty object, as Foundation writes it.
                output.append(UInt8(ascii: "{"))
                close(UInt8(ascii: "}"), indent: indent, empty: true)
            }
        }

        mutating func newline(_ indent: Int) {
            let length = 1 + 2 * indent
            if length > lineStart.count {
                lineStart.append(contentsOf: repeatElement(UInt8(ascii: " "), count: length - lineStart.count))
            }
            output.append(contentsOf: lineStart[..<length])
        }

        /// The closing bracket stands on its own line; an empty container leaves a blank line
        /// between its brackets, as Foundation does.
        mutating func close(_ bracket: UInt8, indent: Int, empty: Bool) {
            if empty { output.append(UInt8(ascii: "\n")) }
            newline(indent)
            output.append(bracket)
        }

        /// The digits written last to first, then turned around: no `String` per number.
        mutating func appendDecimal(_ number: UInt64) {
            let start = output.count
            var rest = number
            repeat {
                output.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10))
                rest /= 10
            } while rest > 0
            output[start...].reverse()
        }

        /// `"`, `\` and the control characters escaped (`\b \t \n \f \r`, else `\u00XX`);
        /// every other byte, `/` and non-ASCII included, as it is, in runs.
        mutating func appendString(_ text: String) {
            output.append(UInt8(ascii: "\""))
            // A native string's bytes are read in place; only a bridged one needs a copy.
            if text.utf8.withContiguousStorageIfAvailable({ appendEscaping($0) }) == nil {
                var copy = text
                copy.withUTF8 { appendEscaping($0) }
            }
            output.append(UInt8(ascii: "\""))
        }

        /// Most strings need no escape: the bytes up to the next one that does are appended in
        /// one piece.
        private mutating func appendEscaping(_ bytes: UnsafeBufferPointer<UInt8>) {
            var runStart = 0
            while true {
                let index = Self.nextEscape(in: bytes, from: runStart)
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                guard index < bytes.count else { return }
                let byte = bytes[index]
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
                runStart = index + 1
            }
        }

        /// The index of the first byte at or after `start` that needs an escape, or the end.
        /// Eight bytes are tested at a time while none does: a text of a megabyte is read at a
        /// fraction of the cost of a comparison per byte.
        private static func nextEscape(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
            var index = start
            if let base = bytes.baseAddress {
                let raw = UnsafeRawPointer(base)
                while index + 8 <= bytes.count, !needsEscape(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                    index += 8
                }
            }
            while index < bytes.count, !needsEscape(bytes[index]) {
                index += 1
            }
            return index
        }

        private static func needsEscape(_ byte: UInt8) -> Bool {
            byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
        }

        /// Whether any of the eight bytes of `word` is below 0x20, `"` or `\`, with the tests of
        /// "Bit Twiddling Hacks" (haszero, hasless): subtracting 1 from every byte borrows into
        /// the high bit of a byte that was 0 (or below `n`) and had its high bit clear. Exact for
        /// "any", which is all this asks; which byte is left to the byte loop.
        private static func needsEscape(_ word: UInt64) -> Bool {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highBits: UInt64 = 0x8080_8080_8080_8080
            func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highBits != 0 }
            let control = (word &- ones &* 0x20) & ~word & highBits != 0
            return control
                || hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "\""))))
                || hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "\\"))))
        }

        private static let hex = Array("0123456789abcdef".utf8)
    }

    // MARK: The Encoder

    /// The keys from the document's top to a container, made into `codingPath` only when asked
    /// for (by a value's own `encode(to:)`, or to name a refused value).
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
        /// Where the value sits: the path of the container holding it and its key there (none at
        /// the top), kept apart so that a value with nothing inside it that asks for a path
        /// (a struct of strings and numbers) costs no link.
        let parent: PathLink?
        let key: (any CodingKey)?
        /// The value, once a container or a single value was asked for.
        var node: Node?

        init(parent: PathLink?, key: (any CodingKey)?) {
            self.parent = parent
            self.key = key
        }

        /// This value's place as a link, made the first time a value inside it needs a place.
        private(set) lazy var link: PathLink? = key.map { PathLink($0, parent) } ?? parent

        var codingPath: [any CodingKey] { PathLink.keys(to: link) }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        /// The encoder of a value one key further down.
        func child(at key: any CodingKey) -> TreeEncoder { TreeEncoder(parent: link, key: key) }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            // A value that asks for a keyed container twice writes into the same object.
            if case .object(let object) = node { return KeyedEncodingContainer(KeyedContainer<Key>(object: object, owner: self)) }
            let object = ObjectNode()
            node = .object(object)
            return KeyedEncodingContainer(KeyedContainer<Key>(object: object, owner: self))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if case .array(let array) = node { return UnkeyedContainer(array: array, owner: self) }
            let array = ArrayNode()
            node = .array(array)
            return UnkeyedContainer(array: array, owner: self)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            SingleValueContainer(encoder: self)
        }
    }

    /// The JSON of one value: strings, booleans and integers directly, with no encoder and no
    /// path; anything else through its own `encode(to:)`, by the encoder `place` makes.
    ///
    /// The types are compared rather than cast: called through an unspecialized witness (an
    /// array's elements), `as?` is a call into the runtime for every value.
    fileprivate static func node<Value: Encodable>(of value: Value, at place: @autoclosure () -> TreeEncoder) throws -> Node {
        if Value.self == String.self { return .string(unsafeBitCast(value, to: String.self)) }
        if Value.self == Int.self { return .signed(Int64(unsafeBitCast(value, to: Int.self))) }
        if Value.self == Bool.self { return .bool(unsafeBitCast(value, to: Bool.self)) }
        let encoder = place()
        try value.encode(to: encoder)
        return encoder.node ?? .object(ObjectNode())
    }

    fileprivate static func refusal(at keys: [any CodingKey]) -> Failure {
        let path = keys.map(\.stringValue).joined(separator: ".")
        return Failure(description: "a floating-point value at '\(path)': this writer writes integers only")
    }

    fileprivate struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let object: ObjectNode
        /// The encoder of the value this object is, whose place its members' places extend.
        let owner: TreeEncoder
        var codingPath: [any CodingKey] { owner.codingPath }

        private func put(_ node: Node, _ key: Key) { object.members.append(ObjectNode.Member(key: key.stringValue, node: node)) }

        mutating func encodeNil(forKey key: Key) throws { put(.null, key) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { put(.bool(value), key) }
        mutating func encode(_ value: String, forKey key: Key) throws { put(.string(value), key) }
        mutating func encode(_ value: Double, forKey key: Key) throws { throw refusal(at: codingPath + [key]) }
        mutating func encode(_ value: Float, forKey key: Key) throws { throw refusal(at: codingPath + [key]) }
        mutating func encode(_ value: Int, forKey key: Key) throws { put(.signed(Int64(value)), key) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { put(.signed(Int64(value)), key) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { put(.signed(Int64(value)), key) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { put(.signed(Int64(value)), key) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { put(.signed(value), key) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { put(.unsigned(UInt64(value)), key) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { put(.unsigned(UInt64(value)), key) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { put(.unsigned(UInt64(value)), key) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { put(.unsigned(UInt64(value)), key) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { put(.unsigned(value), key) }
        mutating func encode(_ value: some Encodable, forKey key: Key) throws {
            put(try node(of: value, at: owner.child(at: key)), key)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            let nested = ObjectNode()
            put(.object(nested), key)
            return KeyedEncodingContainer(KeyedContainer<NestedKey>(object: nested, owner: owner.child(at: key)))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let nested = ArrayNode()
            put(.array(nested), key)
            return UnkeyedContainer(array: nested, owner: owner.child(at: key))
        }

        mutating func superEncoder() -> any Encoder { superEncoder(for: AnyKey("super")) }
        mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(for: key) }

        private func superEncoder(for key: any CodingKey) -> any Encoder {
            let encoder = owner.child(at: key)
            object.members.append(ObjectNode.Member(key: key.stringValue, node: .encoder(encoder)))
            return encoder
        }
    }

    fileprivate struct UnkeyedContainer: UnkeyedEncodingContainer {
        let array: ArrayNode
        /// The encoder of the value this array is, whose place its elements' places extend.
        let owner: TreeEncoder
        var codingPath: [any CodingKey] { owner.codingPath }
        var count: Int { array.elements.count }

        private func append(_ node: Node) { array.elements.append(node) }
        /// The next element's key, made only for an element that needs a place.
        private var nextKey: IndexKey { IndexKey(index: count) }

        mutating func encodeNil() throws { append(.null) }
        mutating func encode(_ value: Bool) throws { append(.bool(value)) }
        mutating func encode(_ value: String) throws { append(.string(value)) }
        mutating func encode(_ value: Double) throws { throw refusal(at: codingPath + [nextKey]) }
        mutating func encode(_ value: Float) throws { throw refusal(at: codingPath + [nextKey]) }
        mutating func encode(_ value: Int) throws { append(.signed(Int64(value))) }
        mutating func encode(_ value: Int8) throws { append(.signed(Int64(value))) }
        mutating func encode(_ value: Int16) throws { append(.signed(Int64(value))) }
        mutating func encode(_ value: Int32) throws { append(.signed(Int64(value))) }
        mutating func encode(_ value: Int64) throws { append(.signed(value)) }
        mutating func encode(_ value: UInt) throws { append(.unsigned(UInt64(value))) }
        mutating func encode(_ value: UInt8) throws { append(.unsigned(UInt64(value))) }
        mutating func encode(_ value: UInt16) throws { append(.unsigned(UInt64(value))) }
        mutating func encode(_ value: UInt32) throws { append(.unsigned(UInt64(value))) }
        mutating func encode(_ value: UInt64) throws { append(.unsigned(value)) }
        mutating func encode(_ value: some Encodable) throws {
            append(try node(of: value, at: owner.child(at: nextKey)))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            let nested = ObjectNode()
            let place = owner.child(at: nextKey)
            append(.object(nested))
            return KeyedEncodingContainer(KeyedContainer<NestedKey>(object: nested, owner: place))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let nested = ArrayNode()
            let place = owner.child(at: nextKey)
            append(.array(nested))
            return UnkeyedContainer(array: nested, owner: place)
        }

        mutating func superEncoder() -> any Encoder {
            let encoder = owner.child(at: nextKey)
            append(.encoder(encoder))
            return encoder
        }
    }

    fileprivate struct SingleValueContainer: SingleValueEncodingContainer {
        let encoder: TreeEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }

        private func set(_ node: Node) { encoder.node = node }

        mutating func encodeNil() throws { set(.null) }
        mutating func encode(_ value: Bool) throws { set(.bool(value)) }
        mutating func encode(_ value: String) throws { set(.string(value)) }
        mutating func encode(_ value: Double) throws { throw refusal(at: codingPath) }
        mutating func encode(_ value: Float) throws { throw refusal(at: codingPath) }
        mutating func encode(_ value: Int) throws { set(.signed(Int64(value))) }
        mutating func encode(_ value: Int8) throws { set(.signed(Int64(value))) }
        mutating func encode(_ value: Int16) throws { set(.signed(Int64(value))) }
        mutating func encode(_ value: Int32) throws { set(.signed(Int64(value))) }
        mutating func encode(_ value: Int64) throws { set(.signed(value)) }
        mutating func encode(_ value: UInt) throws { set(.unsigned(UInt64(value))) }
        mutating func encode(_ value: UInt8) throws { set(.unsigned(UInt64(value))) }
        mutating func encode(_ value: UInt16) throws { set(.unsigned(UInt64(value))) }
        mutating func encode(_ value: UInt32) throws { set(.unsigned(UInt64(value))) }
        mutating func encode(_ value: UInt64) throws { set(.unsigned(value)) }
        mutating func encode(_ value: some Encodable) throws {
            // The same place, not one key further: a wrapper encoding its one value.
            set(try node(of: value, at: TreeEncoder(parent: encoder.parent, key: encoder.key)))
        }
    }

    fileprivate struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { stringValue = "Index \(intValue)"; self.intValue = intValue }
    }

    /// An array element's key, named `Index n` as Foundation names it; the name is made only
    /// when a path is read.
    fileprivate struct IndexKey: CodingKey {
        let index: Int
        init(index: Int) { self.index = index }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { index = intValue }
        var stringValue: String { "Index \(index)" }
        var intValue: Int? { index }
    }
}

extension SortedJSONEncoder.Writer {
    /// `value`, at a place nested `indent` deep.
    mutating func write(_ value: some Encodable, indent: Int) throws(SortedJSONEncoder.Failure) {
        write(try SortedJSONEncoder.tree(of: value), indent: indent)
    }
}
