/// A property-list value with the bytes it was read from, for editors that must change one
/// entry and keep every other byte: the value's own range, and for each dictionary entry and
/// array item the range an edit removes or inserts beside.
///
/// Ranges are byte offsets into the parsed bytes; nothing is decoded but the keys and words
/// themselves, so a file that is not UTF-8 keeps its bytes wherever it is not edited.
package struct PropertyListNode: Sendable, Hashable {
    package enum Content: Sendable, Hashable {
        case string(String)
        case array([Item])
        case dictionary([Entry])
    }

    /// `key = value;` in a dictionary.
    package struct Entry: Sendable, Hashable {
        package var key: String
        /// The key as written, quotes included.
        package var keyRange: Range<Int>
        /// From the key's first byte to the `;` after the value, inclusive.
        package var range: Range<Int>
        package var value: PropertyListNode
    }

    /// An element of an array.
    package struct Item: Sendable, Hashable {
        /// From the item's first byte to its `,` inclusive; the value alone when no comma
        /// follows (the last item of a list written without a trailing comma).
        package var range: Range<Int>
        package var hasComma: Bool
        package var value: PropertyListNode
    }

    package var content: Content
    /// A word or a quoted string with its quotes, `<data>` with its brackets, a container from
    /// its opening bracket to its closing one, inclusive.
    package var range: Range<Int>

    package var string: String? {
        if case .string(let value) = content { return value }
        return nil
    }

    package var items: [Item]? {
        if case .array(let items) = content { return items }
        return nil
    }

    package var entries: [Entry]? {
        if case .dictionary(let entries) = content { return entries }
        return nil
    }

    /// The entry for `key`; the last one when the key is written twice, as the value reading
    /// keeps the last.
    package subscript(key: String) -> Entry? {
        entries?.last { $0.key == key }
    }

    /// The same value without positions.
    package var value: PropertyListValue {
        switch content {
        case .string(let string): .string(string)
        case .array(let items): .array(items.map(\.value.value))
        case .dictionary(let entries):
            .dictionary(Dictionary(entries.map { ($0.key, $0.value.value) }, uniquingKeysWith: { _, last in last }))
        }
    }
}
