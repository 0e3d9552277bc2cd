import Formats

/// The old-style property-list reader on arbitrary bytes, both readings.
/// Oracle: no trap; the positioned reading agrees with the value-only one (the same value or
/// the same error); every range lies inside its parent's, in order; and each value's bytes,
/// sliced out and read alone, give the same value — an entry's as a one-entry dictionary, an
/// item's as a one-item array — so the editor's splices can trust them.
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
