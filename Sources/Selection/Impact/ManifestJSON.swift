/// Any JSON value of SwiftPM's output: for comparing `dump-package` output and `Package.resolved`
/// subtree by subtree without a model of every key SwiftPM may write, and for the parts whose
/// shape varies by case (setting kinds, dependency tuples encoded as arrays) when Inputs reads them.
package enum ManifestJSON: Decodable, Sendable, Hashable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case array([ManifestJSON])
    case object([String: ManifestJSON])
    case null

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([ManifestJSON].self) { self = .array(value) }
        else { self = .object(try container.decode([String: ManifestJSON].self)) }
    }

    package var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    package var array: [ManifestJSON]? {
        if case .array(let value) = self { return value }
        return nil
    }

    package var object: [String: ManifestJSON]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// Every string inside, depth first, object keys in sorted order.
    package var allStrings: [String] {
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
