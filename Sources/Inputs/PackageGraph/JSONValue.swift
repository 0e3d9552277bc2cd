/// Any JSON value, for the parts of SwiftPM's output whose shape varies by case (setting kinds,
/// dependency tuples encoded as arrays).
enum JSONValue: Decodable, Sendable, Hashable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case array([JSONValue])
    case object([String: JSONValue])
    case null

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var array: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    var object: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// Every string inside, depth first, object keys in sorted order.
    var allStrings: [String] {
        switch self {
        case .string(let value): return [value]
        case .number(let value): return [Int(exactly: value).map(String.init) ?? String(value)]
        case .bool(let value): return [String(value)]
        case .array(let values): return values.flatMap(\.allStrings)
        case .object(let members): return members.sorted { $0.key < $1.key }.flatMap(\.value.allStrings)
        case .null: return []
        }
    }
}
