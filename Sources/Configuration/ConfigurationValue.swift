/// A parsed JSON5 value, kept as it was written so that validation can name wrong types and
/// unknown keys instead of failing on the first one.
enum ConfigurationValue: Sendable {
    case text(String)
    case number(Double)
    case flag(Bool)
    case list([ConfigurationValue])
    case table([String: ConfigurationValue])
    case null

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
