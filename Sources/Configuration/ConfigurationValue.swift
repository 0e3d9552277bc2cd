/// A parsed JSON5 value, kept as it was written so that validation can name wrong types and
/// unknown keys instead of failing on the first one.
enum ConfigurationValue: Decodable, Sendable {
    case text(String)
    case number(Double)
    case flag(Bool)
    case list([ConfigurationValue])
    case table([String: ConfigurationValue])
    case null

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .flag(flag)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .text(text)
        } else if let list = try? container.decode([ConfigurationValue].self) {
            self = .list(list)
        } else {
            self = .table(try container.decode([String: ConfigurationValue].self))
        }
    }

    /// For messages: "a string", "a number", …
    var kindDescription: String {
        switch self {
        case .text: "a string"
        case .number: "a number"
        case .flag: "true or false"
        case .list: "a list"
        case .table: "an object"
        case .null: "null"
        }
    }
}
