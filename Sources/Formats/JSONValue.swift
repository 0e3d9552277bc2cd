/// One JSON or JSON5 value as `JSONReader` read it, with the byte offset it starts at.
///
/// Kept as written rather than decoded into a model: configuration validation names wrong types
/// and unknown keys instead of failing on the first one, and `affected` compares SwiftPM's output
/// subtree by subtree without a model of every key SwiftPM may write.
///
/// Equality and hashing ignore positions: the same value written at another place (a base and a
/// head version of a manifest) is the same value. The offset is 32 bits, which keeps a value as
/// small as its kind alone (the reader refuses input of 2 GiB or more).
package struct JSONValue: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        case string(String)
        case number(Double)
        case bool(Bool)
        case array([JSONValue])
        case object([String: JSONValue])
        case null
    }

    package var kind: Kind
    private var storedOffset: Int32

    package init(_ kind: Kind, offset: Int = 0) {
        self.kind = kind
        self.storedOffset = Int32(truncatingIfNeeded: offset)
    }

    /// The byte offset of the value's first byte in what was read; `JSONReader.position(of:in:)`
    /// turns it into a line and column. Zero for a value decoded through `Decodable` or built.
    package var offset: Int { Int(storedOffset) }

    /// JSON's `null`, for a default where a value is missing.
    package static let null = JSONValue(.null)

    package static func == (left: JSONValue, right: JSONValue) -> Bool { left.kind == right.kind }

    package func hash(into hasher: inout Hasher) { hasher.combine(kind) }

    package var string: String? {
        if case .string(let value) = kind { return value }
        return nil
    }

    package var number: Double? {
        if case .number(let value) = kind { return value }
        return nil
    }

    package var bool: Bool? {
        if case .bool(let value) = kind { return value }
        return nil
    }

    package var array: [JSONValue]? {
        if case .array(let value) = kind { return value }
        return nil
    }

    package var object: [String: JSONValue]? {
        if case .object(let value) = kind { return value }
        return nil
    }

    package var isNull: Bool {
        if case .null = kind { return true }
        return false
    }

    /// Every string inside, depth first, object keys in sorted order; numbers and booleans as
    /// they read.
    package var allStrings: [String] {
        switch kind {
        case .string(let value): return [value]
        case .number(let value): return [Int(exactly: value).map(String.init) ?? String(value)]
        case .bool(let value): return [String(value)]
        case .array(let values): return values.flatMap(\.allStrings)
        case .object(let members): return members.sorted { $0.key < $1.key }.flatMap(\.value.allStrings)
        case .null: return []
        }
    }
}

/// For a value nested in a `Decodable` model (SwiftPM's `describe` output): tries each kind of
/// value in turn, so it is slow on large trees, which `JSONReader` reads instead.
extension JSONValue: Decodable {
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self.init(.null) }
        else if let value = try? container.decode(Bool.self) { self.init(.bool(value)) }
        else if let value = try? container.decode(Double.self) { self.init(.number(value)) }
        else if let value = try? container.decode(String.self) { self.init(.string(value)) }
        else if let value = try? container.decode([JSONValue].self) { self.init(.array(value)) }
        else { self.init(.object(try container.decode([String: JSONValue].self))) }
    }
}
