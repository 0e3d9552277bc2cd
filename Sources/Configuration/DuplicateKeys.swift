/// Finds keys written twice in one JSON5 object. Decoders keep one of the two silently, so a
/// strict configuration reports them instead. A small tokenizer over the text: strings (either
/// quote), comments, unquoted keys, and the nesting of objects and arrays for key paths.
enum DuplicateKeys {
    private enum Container {
        case object(keys: Set<String>, current: String?)
        case array(index: Int)
    }

    static func find(in text: [UInt8]) -> [ConfigurationProblem] {
        var problems: [ConfigurationProblem] = []
        var stack: [Container] = []
        var index = 0
        var pendingKey: String?

        func path(appending key: String? = nil) -> String {
            var parts = ""
            for container in stack {
                switch container {
                case .object(_, let current):
                    if let current { parts += parts.isEmpty ? current : ".\(current)" }
                case .array(let position):
                    parts += "[\(position)]"
                }
            }
            if let key { parts += parts.isEmpty ? key : ".\(key)" }
            return parts
        }

        while index < text.count {
            let byte = text[index]
            switch byte {
            case UInt8(ascii: "/") where index + 1 < text.count && text[index + 1] == UInt8(ascii: "/"):
                while index < text.count && text[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            case UInt8(ascii: "/") where index + 1 < text.count && text[index + 1] == UInt8(ascii: "*"):
                index += 2
                while index + 1 < text.count && !(text[index] == UInt8(ascii: "*") && text[index + 1] == UInt8(ascii: "/")) { index += 1 }
                index += 2
                continue
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                var value: [UInt8] = []
                index += 1
                while index < text.count && text[index] != byte {
                    if text[index] == UInt8(ascii: "\\") && index + 1 < text.count { index += 1 }
                    value.append(text[index])
                    index += 1
                }
                pendingKey = String(decoding: value, as: UTF8.self)
            case UInt8(ascii: "{"):
                stack.append(.object(keys: [], current: nil))
                pendingKey = nil
            case UInt8(ascii: "["):
                stack.append(.array(index: 0))
                pendingKey = nil
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = stack.popLast()
                pendingKey = nil
            case UInt8(ascii: ","):
                if case .array(let position)? = stack.last { stack[stack.count - 1] = .array(index: position + 1) }
                pendingKey = nil
            case UInt8(ascii: ":"):
                if let key = pendingKey, case .object(var keys, _)? = stack.last {
                    stack.removeLast()
                    if !keys.insert(key).inserted {
                        problems.append(ConfigurationProblem(keyPath: path(appending: key), message: "written twice in the same object; keep one"))
                    }
                    stack.append(.object(keys: keys, current: key))
                }
                pendingKey = nil
            default:
                if isIdentifierByte(byte) {
                    let start = index
                    while index < text.count && isIdentifierByte(text[index]) { index += 1 }
                    pendingKey = String(decoding: text[start..<index], as: UTF8.self)
                    continue
                }
            }
            index += 1
        }
        return problems
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "+"), 0x80...: true
        default: false
        }
    }
}
