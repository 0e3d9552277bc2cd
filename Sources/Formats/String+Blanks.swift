extension Substring {
    /// The text without the spaces and tabs around it: what Foundation's
    /// `trimmingCharacters(in: .whitespaces)` removes (CoreFoundation's list: the space
    /// separators, tab, and U+200B ZERO WIDTH SPACE), read on the scalars in place. Foundation's
    /// took most of a millisecond on its first call on Linux, through `NSString`, and every check
    /// made that call while building its rule catalog, before reading any input. (On `String` and
    /// `Substring` alone: a generic version cost as much again, in type metadata made at run time.)
    package func trimmingBlanks() -> String {
        let scalars = unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, Self.isBlank(scalars[start]) { start = scalars.index(after: start) }
        while start < end {
            let last = scalars.index(before: end)
            guard Self.isBlank(scalars[last]) else { break }
            end = last
        }
        return String(self[start..<end])
    }

    private static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x09, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }
}

extension String {
    /// `Substring.trimmingBlanks()` of the whole string.
    package func trimmingBlanks() -> String {
        self[...].trimmingBlanks()
    }
}
