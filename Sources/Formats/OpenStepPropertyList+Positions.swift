extension OpenStepPropertyList {
    /// Reads the property list into values that know their bytes (see `PropertyListNode`), for
    /// editing. The same grammar, limits and errors as `parse(_:)`, which stays the fast path
    /// for reading: it builds no ranges and no entry lists.
    package static func parseWithPositions(_ bytes: [UInt8]) throws(SyntaxError) -> PropertyListNode {
        var parser = OpenStepPropertyList(bytes: bytes)
        return try parser.positionedDocument()
    }

    /// A container being filled, with where it opened and, in a dictionary, the pending key.
    private struct PositionedFrame {
        var isDictionary: Bool
        var start: Int
        var entries: [PropertyListNode.Entry] = []
        var items: [PropertyListNode.Item] = []
        var key: (name: String, range: Range<Int>)?
    }

    private mutating func positionedDocument() throws(SyntaxError) -> PropertyListNode {
        var stack: [PositionedFrame] = []
        var finished: PropertyListNode?
        while true {
            skipTrivia()
            guard offset < bytes.count else {
                if let finished, stack.isEmpty { return finished }
                throw error(stack.isEmpty ? "the file is empty" : "the file ends inside a \(stack[stack.count - 1].isDictionary ? "dictionary" : "array")")
            }
            if finished != nil && stack.isEmpty { throw error("unexpected text after the end of the property list") }
            let byte = bytes[offset]
            let top = stack.count - 1
            if top >= 0 && stack[top].isDictionary && stack[top].key == nil {
                if byte == UInt8(ascii: "}") {
                    offset += 1
                    let frame = stack.removeLast()
                    try complete(PropertyListNode(content: .dictionary(frame.entries), range: frame.start..<offset), stack: &stack, finished: &finished)
                    continue
                }
                let keyStart = offset
                let newKey = try scalarString()
                let keyRange = keyStart..<offset
                skipTrivia()
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: "=") else { throw error("expected '=' after the key '\(newKey)'") }
                offset += 1
                stack[top].key = (newKey, keyRange)
                continue
            }
            if top >= 0 && !stack[top].isDictionary && byte == UInt8(ascii: ")") {
                offset += 1
                let frame = stack.removeLast()
                try complete(PropertyListNode(content: .array(frame.items), range: frame.start..<offset), stack: &stack, finished: &finished)
                continue
            }
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "(") {
                guard stack.count < Self.maximumDepth else { throw error("containers nest deeper than \(Self.maximumDepth); a project file nests about five") }
                stack.append(PositionedFrame(isDictionary: byte == UInt8(ascii: "{"), start: offset))
                offset += 1
                continue
            }
            let start = offset
            let string = try scalarString()
            try complete(PropertyListNode(content: .string(string), range: start..<offset), stack: &stack, finished: &finished)
        }
    }

    /// A finished value goes into the frame below it with its entry's or item's range (or
    /// becomes the document).
    private mutating func complete(_ node: PropertyListNode, stack: inout [PositionedFrame], finished: inout PropertyListNode?) throws(SyntaxError) {
        let top = stack.count - 1
        guard top >= 0 else {
            finished = node
            return
        }
        if stack[top].isDictionary {
            let key = stack[top].key ?? ("", node.range.lowerBound..<node.range.lowerBound)
            stack[top].key = nil
            try expectSemicolon()
            stack[top].entries.append(PropertyListNode.Entry(key: key.name, keyRange: key.range, range: key.range.lowerBound..<offset, value: node))
        } else {
            skipTrivia()
            let hasComma = offset < bytes.count && bytes[offset] == UInt8(ascii: ",")
            try expectCommaOrEnd()
            stack[top].items.append(PropertyListNode.Item(range: node.range.lowerBound..<(hasComma ? offset : node.range.upperBound), hasComma: hasComma, value: node))
        }
    }
}
