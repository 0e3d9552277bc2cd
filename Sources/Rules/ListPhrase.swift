/// Names as a sentence lists them, for messages and notes.
enum ListPhrase {
    /// `a`, `a and b`, `a, b and c`; "" for none.
    static func joined(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " and \(last)"
    }
}
