/// The value of a simple string literal's content: escapes decoded; nil when an escape cannot
/// be read (then the literal names nothing a manifest reader should match).
enum StringLiteralValue {
    static func decode(_ content: UnsafeBufferPointer<UInt8>, hashes: Int) -> String? {
        var value: [UInt8] = []
        value.reserveCapacity(content.count)
        var index = 0
        while index < content.count {
            let byte = content[index]
            guard byte == UInt8(ascii: "\\") else {
                value.append(byte)
                index += 1
                continue
            }
            var next = index + 1
            var seen = 0
            while seen < hashes && next < content.count && content[next] == UInt8(ascii: "#") {
                seen += 1
                next += 1
            }
            guard seen == hashes else {
                // In a raw string, a backslash without its hashes is content.
                value.append(contentsOf: content[index..<next])
                index = next
                continue
            }
            guard next < content.count else { return nil }
            switch content[next] {
            case UInt8(ascii: "n"): value.append(0x0A)
            case UInt8(ascii: "r"): value.append(0x0D)
            case UInt8(ascii: "t"): value.append(0x09)
            case UInt8(ascii: "0"): value.append(0)
            case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"): value.append(content[next])
            case UInt8(ascii: "u"):
                guard next + 1 < content.count, content[next + 1] == UInt8(ascii: "{") else { return nil }
                var close = next + 2
                var scalar: UInt32 = 0
                while close < content.count && content[close] != UInt8(ascii: "}") {
                    guard close - next <= 10, let digit = hexValue(content[close]) else { return nil }
                    scalar = scalar &* 16 &+ UInt32(digit)
                    close += 1
                }
                guard close < content.count, let decoded = Unicode.Scalar(scalar) else { return nil }
                value.append(contentsOf: Array(String(Character(decoded)).utf8))
                next = close
            default:
                return nil
            }
            index = next + 1
        }
        return String(decoding: value, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
