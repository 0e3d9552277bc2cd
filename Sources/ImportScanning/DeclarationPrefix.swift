/// The attributes and access modifier written before `import`, read from the few bytes between
/// where the prefix began and the keyword. This is the cursor's only second look at any byte.
struct DeclarationPrefix {
    var attributes: [ImportAttribute] = []
    var accessLevel: AccessLevel?

    static func read(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) -> DeclarationPrefix {
        var prefix = DeclarationPrefix()
        var index = start
        let roles = ByteClass.table
        func word(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(start: bytes + range.lowerBound, count: range.count), as: UTF8.self)
        }
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/") && index + 1 < end && bytes[index + 1] == UInt8(ascii: "/") {
                while index < end && roles[Int(bytes[index])] != .newline { index += 1 }
            } else if byte == UInt8(ascii: "/") && index + 1 < end && bytes[index + 1] == UInt8(ascii: "*") {
                index = endOfBlockComment(bytes, from: index, to: end)
            } else if byte == UInt8(ascii: "@") {
                let nameStart = index + 1
                index = nameStart
                while index < end && roles.continuesIdentifier(bytes[index]) { index += 1 }
                let name = word(nameStart..<index)
                var arguments: String?
                if index < end && bytes[index] == UInt8(ascii: "(") {
                    let (text, next) = parenthesized(bytes, from: index, to: end)
                    arguments = text
                    index = next
                }
                prefix.attributes.append(ImportAttribute(name: name, arguments: arguments))
            } else if roles[Int(byte)] == .identifier {
                let wordStart = index
                while index < end && roles.continuesIdentifier(bytes[index]) { index += 1 }
                if let level = AccessLevel(rawValue: word(wordStart..<index)) { prefix.accessLevel = level }
            } else {
                index += 1
            }
        }
        return prefix
    }

    /// The text inside balanced parentheses starting at `start`, whitespace folded, and the offset
    /// after the closing one. String literals inside are copied without looking for parentheses.
    private static func parenthesized(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) -> (String, Int) {
        var text: [UInt8] = []
        var depth = 0
        var index = start
        var inString = false
        let roles = ByteClass.table
        while index < end {
            let byte = bytes[index]
            index += 1
            if inString {
                if byte == UInt8(ascii: "\\") && index < end {
                    text.append(byte)
                    text.append(bytes[index])
                    index += 1
                    continue
                }
                if byte == UInt8(ascii: "\"") { inString = false }
                text.append(byte)
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "("):
                depth += 1
                if depth == 1 { continue }
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 { return (folded(text), index) }
            default:
                break
            }
            let role = roles[Int(byte)]
            if role == .space || role == .newline {
                if let last = text.last, last != UInt8(ascii: " ") { text.append(UInt8(ascii: " ")) }
            } else {
                text.append(byte)
            }
        }
        return (folded(text), index)
    }

    private static func folded(_ text: [UInt8]) -> String {
        var slice = text[...]
        while slice.last == UInt8(ascii: " ") { slice.removeLast() }
        return String(decoding: slice, as: UTF8.self)
    }

    private static func endOfBlockComment(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        var index = start + 2
        var depth = 1
        while index + 1 < end {
            if bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return index }
            } else if bytes[index] == UInt8(ascii: "/") && bytes[index + 1] == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else {
                index += 1
            }
        }
        return end
    }
}
