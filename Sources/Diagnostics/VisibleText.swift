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

    /// `escaped` line by line: the line feeds of a message of several lines (a tool's output,
    /// a list of problems) stay, every other control character (a CR too) is escaped.
    package static func escapedLines(_ text: String) -> String {
        guard mayHoldControl(text) else { return text }
        // Split on the LF scalar: a CRLF is one `Character`, and its LF must stay a line break.
        return text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
            .map { escaped(String(String.UnicodeScalarView($0))) }.joined(separator: "\n")
    }

    /// `escaped(text)` as UTF-8, appended to `bytes`: a name or message with nothing to escape,
    /// nearly all of them, is copied straight from the string's storage.
    package static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        let copied = text.withUTF8 { utf8 in
            guard !holdsControlLead(utf8) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if !copied { bytes.append(contentsOf: escaped(text).utf8) }
    }

    /// Whether `text` holds a byte that may start a control character (C1 ones are encoded
    /// `C2 80`–`C2 9F`). Read from the string's own storage: a report asks this of every name
    /// and message, and a closure per byte cost more than rendering the line.
    private static func mayHoldControl(_ text: String) -> Bool {
        var text = text  // `withUTF8` reads a native string in place; it copies only a bridged one.
        return text.withUTF8(holdsControlLead)
    }

    /// Eight bytes at a time, then byte by byte from the first word that may hold one: the
    /// word tests never miss a byte (a borrow starts only at a matching byte, so the lowest one
    /// is always flagged), so the bytes they pass over hold none.
    private static func holdsControlLead(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        if let base = utf8.baseAddress {
            let bytes = UnsafeRawPointer(base)
            while index + 8 <= utf8.count, !mayHoldControlLead(bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                index += 8
            }
        }
        while index < utf8.count {
            let byte = utf8[index]
            if byte < 0x20 || byte == 0x7F || byte == 0xC2 { return true }
            index += 1
        }
        return false
    }

    private static func mayHoldControlLead(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        // A byte below n (n ≤ 0x80) leaves its high bit set in (word - n…) & ~word; one equal
        // to b is a zero byte of word ^ b….
        func holdsByte(below limit: UInt64, in word: UInt64) -> Bool { (word &- ones &* limit) & ~word & highBits != 0 }
        return holdsByte(below: 0x20, in: word) || holdsByte(below: 1, in: word ^ (ones &* 0x7F)) || holdsByte(below: 1, in: word ^ (ones &* 0xC2))
    }

    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
