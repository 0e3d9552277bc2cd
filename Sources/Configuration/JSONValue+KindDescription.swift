import Formats

extension JSONValue {
    /// For messages: "a string", "a number", …
    var kindDescription: String { kind.kindDescription }
}

extension JSONValue.Kind {
    var kindDescription: String {
        switch self {
        case .string: "a string"
        case .number: "a number"
        case .bool: "true or false"
        case .array: "a list"
        case .object: "an object"
        case .null: "null"
        }
    }
}
