import Formats
import Foundation

/// The old-style property-list reader on arbitrary bytes, both readings.
/// Oracle: no trap; the positioned reading agrees with the value-only one (the same value or
/// the same error); every range lies inside its parent's, in order; and each value's bytes,
/// sliced out and read alone, give the same value — an entry's as a one-entry dictionary, an
/// item's as a one-item array — so the editor's splices can trust them. Where Foundation's
/// `PropertyListSerialization` reads the bytes too, as an old-style list, it reads the same
/// value (`agreesWithFoundation` says what "same" means and what is left out).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let plain: Result<PropertyListValue, OpenStepPropertyList.SyntaxError>
    do { plain = .success(try OpenStepPropertyList.parse(bytes)) } catch { plain = .failure(error) }
    let positioned: PropertyListNode
    do {
        positioned = try OpenStepPropertyList.parseWithPositions(bytes)
    } catch {
        guard case .failure(let expected) = plain, expected == error else { fatalError("only the positioned reading failed: \(error)") }
        return 0
    }
    guard case .success(let value) = plain, value == positioned.value else { fatalError("the two readings disagree") }
    agreesWithFoundation(bytes, value)
    var budget = 200  // slices read again per input, so a large input stays quick
    check(positioned, within: 0..<bytes.count, in: bytes, budget: &budget)
    return 0
}

private func reads(_ bytes: [UInt8]) -> PropertyListValue? { try? OpenStepPropertyList.parse(bytes) }

private func check(_ node: PropertyListNode, within bounds: Range<Int>, in bytes: [UInt8], budget: inout Int) {
    precondition(node.range.lowerBound >= bounds.lowerBound && node.range.upperBound <= bounds.upperBound && !node.range.isEmpty,
                 "a value's range \(node.range) leaves \(bounds)")
    if budget > 0 {
        budget -= 1
        precondition(reads(Array(bytes[node.range])) == node.value, "a value's bytes read alone differ")
    }
    var previousEnd = node.range.lowerBound
    switch node.content {
    case .string: break
    case .array(let items):
        for item in items {
            precondition(item.range.lowerBound >= previousEnd && item.range.upperBound <= node.range.upperBound, "items out of order")
            precondition(item.range.lowerBound == item.value.range.lowerBound && item.range.upperBound >= item.value.range.upperBound)
            precondition(item.hasComma == (bytes[item.range.upperBound - 1] == UInt8(ascii: ",") && item.range.upperBound > item.value.range.upperBound))
            if budget > 0 {
                budget -= 1
                precondition(reads([UInt8(ascii: "(")] + bytes[item.range] + [UInt8(ascii: ")")]) == .array([item.value.value]), "an item's bytes read alone differ")
            }
            previousEnd = item.range.upperBound
            check(item.value, within: item.range, in: bytes, budget: &budget)
        }
    case .dictionary(let entries):
        for entry in entries {
            precondition(entry.range.lowerBound >= previousEnd && entry.range.upperBound <= node.range.upperBound, "entries out of order")
            precondition(entry.keyRange.lowerBound == entry.range.lowerBound && entry.keyRange.upperBound <= entry.value.range.lowerBound)
            precondition(bytes[entry.range.upperBound - 1] == UInt8(ascii: ";"), "an entry does not end at its ';'")
            if budget > 0 {
                budget -= 1
                precondition(reads([UInt8(ascii: "{")] + bytes[entry.range] + [UInt8(ascii: "}")]) == .dictionary([entry.key: entry.value.value]),
                              "an entry's bytes read alone differ")
                precondition(reads(Array(bytes[entry.keyRange])) == .string(entry.key), "a key's bytes read alone differ")
            }
            previousEnd = entry.range.upperBound
            check(entry.value, within: entry.range, in: bytes, budget: &budget)
        }
    }
}

/// Foundation's reading, where it reads the bytes as an old-style list, is Bulkhead's: a
/// dictionary has the same keys, each with the same value; an array the same items in order; a
/// string the same text. Left out, as the two readers mean different things there:
/// - input that is not UTF-8: Foundation then reads the bytes in another encoding (MacRoman,
///   as CFPropertyList falls back to), Bulkhead replaces what is not UTF-8;
/// - `<hex>` data: Foundation decodes it to bytes, Bulkhead keeps its text (a project holds
///   none, and the editor copies it as it is);
/// - an escape other than `\\`, `\"`, `\n`, `\t`, `\r` (as projects write them): Foundation reads an
///   octal escape as a NeXTSTEP character, joins UTF-16 surrogate pairs of `\U` escapes and
///   reads `\a` `\b` `\f` `\v` as control characters; Bulkhead reads the byte, each escape
///   alone, and the letter;
/// - a file that is not one dictionary or array: Foundation reads a bare `key = value;` list
///   (a strings file) or a lone word as a value, which no project file is.
private func agreesWithFoundation(_ bytes: [UInt8], _ value: PropertyListValue) {
    guard String(validating: bytes, as: UTF8.self) != nil, !hasUnsharedEscape(bytes) else { return }
    if case .string = value { return }
    var format = PropertyListSerialization.PropertyListFormat.openStep
    guard let other = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format),
          format == .openStep else { return }
    // An explicit stack: the depth is the input's.
    var pending: [(PropertyListValue, Any, path: String)] = [(value, other, "")]
    while let (mine, theirs, path) = pending.popLast() {
        switch mine {
        case .string(let text):
            if theirs is Data { continue }
            guard let string = theirs as? String else { fatalError("at \(path): Bulkhead reads a string, Foundation \(type(of: theirs))") }
            precondition(string == text, "at \(path): Bulkhead reads \(text.debugDescription), Foundation \(string.debugDescription)")
        case .array(let items):
            guard let array = theirs as? [Any] else { fatalError("at \(path): Bulkhead reads an array, Foundation \(type(of: theirs))") }
            precondition(array.count == items.count, "at \(path): \(items.count) items, Foundation reads \(array.count)")
            for (index, item) in items.enumerated() { pending.append((item, array[index], path + "[\(index)]")) }
        case .dictionary(let entries):
            guard let dictionary = theirs as? [String: Any] else { fatalError("at \(path): Bulkhead reads a dictionary, Foundation \(type(of: theirs))") }
            precondition(Set(dictionary.keys) == Set(entries.keys), "at \(path): keys \(entries.keys.sorted()), Foundation reads \(dictionary.keys.sorted())")
            for (key, entry) in entries { pending.append((entry, dictionary[key]!, path + "." + key)) }
        }
    }
}

/// Whether a `\` is followed by anything but `\`, `"`, `n`, `t` or `r`: the escapes both readers read alike.
private func hasUnsharedEscape(_ bytes: [UInt8]) -> Bool {
    var index = 0
    while index < bytes.count {
        if bytes[index] == UInt8(ascii: "\\") {
            guard index + 1 < bytes.count, "\\\"ntr".utf8.contains(bytes[index + 1]) else { return true }
            index += 2
        } else {
            index += 1
        }
    }
    return false
}
