import Formats

/// The JSON5 reading of `bulkhead.json` (Formats' one JSON reader) on arbitrary bytes. Oracle: no trap; and a document that
/// parses, written back by the canonical writer below (plain JSON), parses to the same value —
/// so the reader loses or invents nothing that a second reading would see.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = try? JSONReader.read(bytes, syntax: .json5) else { return 0 }
    let written = Array(canonical(first.value).utf8)
    do {
        let second = try JSONReader.read(written, syntax: .json5)
        precondition(same(first.value, second.value), "the value changed through the writer: \(canonical(first.value)) became \(canonical(second.value))")
        precondition(second.duplicateKeys.isEmpty, "the writer wrote a key twice")
    } catch {
        fatalError("the canonical writing of a parsed value does not parse: \(error.description)")
    }
    return 0
}

/// JSON: keys sorted, strings escaped as JSON requires, numbers in Swift's shortest round-trip form.
private func canonical(_ value: JSONValue) -> String {
    switch value.kind {
    case .string(let text): return quoted(text)
    case .number(let number):
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
        return "\(number)"
    case .bool(let flag): return flag ? "true" : "false"
    case .null: return "null"
    case .array(let items): return "[" + items.map(canonical).joined(separator: ",") + "]"
    case .object(let table):
        return "{" + table.keys.sorted().map { quoted($0) + ":" + canonical(table[$0]!) }.joined(separator: ",") + "}"
    }
}

private func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case "\u{2028}", "\u{2029}": result += "\\u" + String(scalar.value, radix: 16)
        default:
            if scalar.value < 0x20 {
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result + "\""
}

private func same(_ left: JSONValue, _ right: JSONValue) -> Bool {
    switch (left.kind, right.kind) {
    case (.string(let a), .string(let b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
    case (.number(let a), .number(let b)): return a == b || (a.isNaN && b.isNaN)
    case (.bool(let a), .bool(let b)): return a == b
    case (.null, .null): return true
    case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
    case (.object(let a), .object(let b)):
        return a.count == b.count && a.allSatisfy { key, value in b[key].map { same(value, $0) } ?? false }
    default: return false
    }
}
