/// Appends JSON to a byte buffer with exactly the key order the caller writes, so documents are
/// byte-for-byte deterministic and can be streamed in pieces. Used where a listing can hold
/// hundreds of thousands of entries; small documents use `Codable`.
package struct JSONWriter {
    private(set) var bytes: [UInt8] = []

    package init() {}

    package mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    package mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case UInt8(ascii: "\n"): raw("\\n")
            case UInt8(ascii: "\r"): raw("\\r")
            case UInt8(ascii: "\t"): raw("\\t")
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                raw("\\u00")
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    package mutating func optionalString(_ value: String?) {
        if let value { string(value) } else { raw("null") }
    }

    package mutating func integer(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    package mutating func boolean(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    /// `"key":`, after a comma unless it opens its object; the caller writes the value next.
    package mutating func key(_ name: StaticString) {
        if let last = bytes.last, last != UInt8(ascii: "{"), last != UInt8(ascii: "\n"), last != UInt8(ascii: " ") {
            bytes.append(UInt8(ascii: ","))
        }
        bytes.append(UInt8(ascii: "\""))
        raw(name)
        raw("\":")
    }

    package mutating func field(_ name: StaticString, _ value: String?) {
        key(name)
        optionalString(value)
    }

    package mutating func field(_ name: StaticString, _ value: Int?) {
        key(name)
        if let value { integer(value) } else { raw("null") }
    }

    package mutating func field(_ name: StaticString, _ value: Bool) {
        key(name)
        boolean(value)
    }

    package mutating func array<Element>(_ elements: [Element], _ write: (inout JSONWriter, Element) -> Void) {
        raw("[")
        for (position, element) in elements.enumerated() {
            if position > 0 { raw(",") }
            write(&self, element)
        }
        raw("]")
    }

    package mutating func take() -> [UInt8] {
        defer { bytes.removeAll(keepingCapacity: true) }
        return bytes
    }
}
