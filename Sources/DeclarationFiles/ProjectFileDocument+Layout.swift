import Formats

/// Where an edit goes in the file's own layout: Xcode writes lists one item a line with a
/// trailing comma, or on one line `(A, B, )`; a hand-written list may lack the trailing comma.
/// Each function returns the splices of one edit, placed by the parser's ranges; the editor
/// re-reads the result and checks it, so a layout these rules do not foresee is refused, never
/// written.
extension ProjectFileDocument {
    // MARK: Lists

    /// Splices appending `item` (an identifier and its comment) to the array `list`.
    func appending(_ item: [UInt8], to list: PropertyListNode) -> [ByteSplice] {
        let items = list.items ?? []
        let close = list.range.upperBound - 1
        let closeLine = lineStart(close)
        let closeOnItsOwnLine = closeLine > list.range.lowerBound && isBlank(closeLine..<close)
        guard let last = items.last else {
            if closeOnItsOwnLine {
                return [.insert(indentation(ofLineAt: closeLine) + [9] + item + [44] + lineBreak, at: closeLine)]
            }
            // `()` or `( )`: as Xcode writes a one-line list.
            let inside = (list.range.lowerBound + 1)..<close
            return [ByteSplice(isBlank(inside) ? inside : close..<close, item + Array(", ".utf8))]
        }
        let end = decoratedEnd(of: last)
        let multiLine = closeOnItsOwnLine && bytes[end..<close].contains(10)
        if multiLine {
            let itemLine = lineStart(last.range.lowerBound)
            let indent = isBlank(itemLine..<last.range.lowerBound) ? indentation(ofLineAt: itemLine) : indentation(ofLineAt: closeLine) + [9]
            let line = ByteSplice.insert(indent + item + (last.hasComma ? [44] : []) + lineBreak, at: closeLine)
            // A list without a trailing comma keeps its style: a comma after the old last item.
            return last.hasComma ? [line] : [.insert([44], at: end), line]
        }
        if last.hasComma {
            let spaced = bytes[close - 1] == 32 || bytes[close - 1] == 9
            return [.insert(spaced ? item + Array(", ".utf8) : [32] + item + [44], at: close)]
        }
        return [.insert(Array(", ".utf8) + item, at: end)]
    }

    /// Splices removing the item at `index` of `list` with its own comma, comment and, when it
    /// has a line of its own, that line.
    func removing(itemAt index: Int, of list: PropertyListNode) -> [ByteSplice] {
        guard let items = list.items, items.indices.contains(index) else { return [] }
        let item = items[index]
        let start = item.range.lowerBound
        if item.hasComma {
            if let line = ownLine(start, item.range.upperBound) { return [.remove(line)] }
            // `(A, B, )` minus A is `(B, )`; the only item leaves `( )`, as Xcode writes an empty list on one line.
            var end = item.range.upperBound
            while items.count > 1 && end < bytes.count && (bytes[end] == 32 || bytes[end] == 9) { end += 1 }
            return [.remove(start..<end)]
        }
        // The last item, written without a trailing comma: the comma to drop is the previous item's.
        let end = decoratedEnd(of: item)
        guard index > 0 else {
            return [.remove(ownLine(start, end) ?? start..<end)]
        }
        let comma = items[index - 1].range.upperBound - 1
        if bytes[(comma + 1)..<start].contains(10) {
            // On a line of its own: drop its line and the comma before it, keeping what is between (a comment).
            return [.remove(comma..<(comma + 1)), .remove(ownLine(start, end) ?? start..<end)]
        }
        return [.remove(comma..<end)]
    }

    /// The end of an item with the block comments that follow it on its line (`ID /* name */`),
    /// before any comma.
    func decoratedEnd(of item: PropertyListNode.Item) -> Int {
        var end = item.value.range.upperBound
        var index = end
        while true {
            while index < bytes.count && (bytes[index] == 32 || bytes[index] == 9) { index += 1 }
            guard bytes.starts(with: [47, 42], at: index) else { return end }
            var close = index + 2
            while close < bytes.count && !bytes.starts(with: [42, 47], at: close) {
                if bytes[close] == 10 { return end }
                close += 1
            }
            guard close < bytes.count else { return end }
            end = close + 2
            index = end
        }
    }

    // MARK: Objects

    /// Splices writing a new object in `objects`, in the style of its section (one line or
    /// several; `defaultOneLine` is Xcode's for a new section), sorted by identifier as Xcode
    /// keeps each section; a missing section is written where Xcode would put it.
    func inserting(object id: String, comment: [UInt8], isa: String, body: [(key: String, value: [UInt8])], defaultOneLine: Bool) -> [ByteSplice] {
        let siblings = entries(isa: isa)
        let neighbour = siblings.first ?? objectsNode.entries?.first
        let indent = neighbour.flatMap { entry -> [UInt8]? in
            let line = lineStart(entry.range.lowerBound)
            return isBlank(line..<entry.range.lowerBound) ? Array(bytes[line..<entry.range.lowerBound]) : nil
        } ?? [9, 9]
        // The section's style; for a new section, Xcode's, unless every object of the file is on one line.
        let allOneLine = objectsNode.entries.map { !$0.isEmpty && $0.allSatisfy { !bytes[$0.range].contains(10) } } ?? false
        let oneLine = siblings.first.map { !bytes[$0.range].contains(10) } ?? (allOneLine || defaultOneLine)
        var text = Array(id.utf8) + [32] + Self.commentOpen + comment + Self.commentClose + Array(" = {".utf8)
        for (key, value) in body {
            if oneLine {
                text += Array(key.utf8) + Array(" = ".utf8) + value + Array("; ".utf8)
            } else {
                text += lineBreak + indent + [9] + Array(key.utf8) + Array(" = ".utf8) + value + [59]
            }
        }
        text += (oneLine ? [] : lineBreak + indent) + Array("};".utf8)

        if let next = siblings.first(where: { $0.key > id }) {
            let line = lineStart(next.range.lowerBound)
            return isBlank(line..<next.range.lowerBound)
                ? [.insert(indent + text + lineBreak, at: line)]
                : [.insert(text + [32], at: next.range.lowerBound)]
        }
        if let last = siblings.last {
            if let newline = blankRest(from: last.range.upperBound) { return [.insert(indent + text + lineBreak, at: newline + 1)] }
            return [.insert([32] + text, at: last.range.upperBound)]
        }
        let begin = Array("/* Begin \(isa) section */".utf8) + lineBreak
        let end = Array("/* End \(isa) section */".utf8) + lineBreak
        let sections = sectionLines()
        if let following = sections.first(where: { $0.isBegin && $0.name > isa }) {
            return [.insert(begin + indent + text + lineBreak + end + lineBreak, at: following.start)]
        }
        if let lastEnd = sections.last(where: { !$0.isBegin }), let newline = blankRest(from: lastEnd.end) {
            return [.insert(lineBreak + begin + indent + text + lineBreak + end, at: newline + 1)]
        }
        let close = objectsNode.range.upperBound - 1
        let closeLine = lineStart(close)
        return closeLine > objectsNode.range.lowerBound && isBlank(closeLine..<close)
            ? [.insert(indent + text + lineBreak, at: closeLine)]
            : [.insert(text + [32], at: close)]
    }

    /// Splices removing an object's entry, with its line when it has one of its own.
    func removing(object id: String) -> [ByteSplice] {
        guard let entry = objects.entry(id) else { return [] }
        return [.remove(ownLine(entry.range.lowerBound, entry.range.upperBound) ?? entry.range)]
    }

    /// The splice removing `/* Begin ISA section */` directly followed by its end, with one of
    /// the blank lines around it: Xcode writes no empty section.
    func removingEmptySection(_ isa: String) -> [ByteSplice] {
        let empty = Array("/* Begin \(isa) section */".utf8) + lineBreak + Array("/* End \(isa) section */".utf8) + lineBreak
        guard let found = bytes.firstRange(of: empty), found.lowerBound == 0 || bytes[found.lowerBound - 1] == 10 else { return [] }
        // A blank line after it, or else one before it.
        if bytes.starts(with: lineBreak, at: found.upperBound) { return [.remove(found.lowerBound..<(found.upperBound + lineBreak.count))] }
        let blankBefore = (found.lowerBound - 2 * lineBreak.count)..<found.lowerBound
        if blankBefore.lowerBound >= 0 && bytes[blankBefore].elementsEqual(lineBreak + lineBreak) {
            return [.remove((found.lowerBound - lineBreak.count)..<found.upperBound)]
        }
        return [.remove(found)]
    }

    /// `/* Begin X section */` and `/* End X section */` lines inside `objects`.
    private func sectionLines() -> [(name: String, isBegin: Bool, start: Int, end: Int)] {
        var result: [(String, Bool, Int, Int)] = []
        let begin = Array("/* Begin ".utf8), end = Array("/* End ".utf8), tail = Array(" section */".utf8)
        var index = objectsNode.range.lowerBound
        while index < objectsNode.range.upperBound {
            let lineEnd = bytes[index..<objectsNode.range.upperBound].firstIndex(of: 10) ?? objectsNode.range.upperBound
            // The line's text ends before the CR of a CRLF break.
            let textEnd = lineEnd > index && bytes[lineEnd - 1] == 13 ? lineEnd - 1 : lineEnd
            for (prefix, isBegin) in [(begin, true), (end, false)] where bytes.starts(with: prefix, at: index) {
                let nameStart = index + prefix.count
                if textEnd - tail.count >= nameStart && bytes.starts(with: tail, at: textEnd - tail.count) {
                    result.append((String(decoding: bytes[nameStart..<(textEnd - tail.count)], as: UTF8.self), isBegin, index, lineEnd))
                }
            }
            index = lineEnd + 1
        }
        return result
    }

    // MARK: Bytes

    /// The offset after the line break before `offset` (0 on the first line).
    func lineStart(_ offset: Int) -> Int {
        var index = offset
        while index > 0 && bytes[index - 1] != 10 { index -= 1 }
        return index
    }

    /// Spaces and tabs only.
    func isBlank(_ range: Range<Int>) -> Bool {
        bytes[range].allSatisfy { $0 == 32 || $0 == 9 }
    }

    /// The offset of the line break ending the line at `offset` when only spaces and tabs come
    /// before it.
    func blankRest(from offset: Int) -> Int? {
        var index = offset
        while index < bytes.count && (bytes[index] == 32 || bytes[index] == 9) { index += 1 }
        if index < bytes.count && bytes[index] == 13 { index += 1 }
        return index < bytes.count && bytes[index] == 10 ? index : nil
    }

    /// The whole line (with its break) when `start..<end` is all it holds but spaces and tabs.
    func ownLine(_ start: Int, _ end: Int) -> Range<Int>? {
        let line = lineStart(start)
        guard isBlank(line..<start), let newline = blankRest(from: end) else { return nil }
        return line..<(newline + 1)
    }

    func indentation(ofLineAt start: Int) -> [UInt8] {
        Array(bytes[start...].prefix { $0 == 32 || $0 == 9 })
    }
}
