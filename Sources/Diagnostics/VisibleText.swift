/// Names as a terminal or an editor shows them, never as instructions to it: a file or target
/// name holding a line break would otherwise print a fake diagnostic line in `xcode` output, and
/// one holding ESC would move the cursor or recolour the terminal.
///
/// Every control character (C0 U+0000–U+001F, DEL U+007F, C1 U+0080–U+009F, which some terminals
/// also obey) becomes `\x` and two upper-case hex digits of its code point: a newline is `\x0A`,
/// ESC is `\x1B`. A backslash is left as it is, so a name that already spells `\x0A` reads the
/// same as an escaped one: the escape is for safety, not for reading the name back.
package enum VisibleText {
    package static func escaped(_ text: String) -> String {
        // The common case, nothing to escape, costs one pass over the bytes and no copy.
        guard mayHoldControl(text) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\x" + (hex.count < 2 ? "0" + hex : hex)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `text` holds a byte that may start a control character (C1 ones are encoded
    /// `C2 80`–`C2 9F`). Read from the string's own storage: a report asks this of every name
    /// and message, and a closure per byte cost more than rendering the line.
    private static func mayHoldControl(_ text: String) -> Bool {
        func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            for byte in bytes where byte < 0x20 || byte == 0x7F || byte == 0xC2 { return true }
            return false
        }
        var text = text  // `withUTF8` reads a native string in place; it copies only a bridged one.
        return text.withUTF8(scan)
    }

    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
