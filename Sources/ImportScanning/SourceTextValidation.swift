/// One fast pass that finds NUL bytes and invalid UTF-8 before the cursor runs.
///
/// Sixty-four bytes, then thirty-two, then eight, are tested at a time; only words holding a NUL
/// or a non-ASCII byte take the slow path, so pure-ASCII sources cost little more than reading
/// them.
enum SourceTextValidation {
    struct Findings {
        var firstNULOffset: Int?
        var firstInvalidUTF8Offset: Int?
        /// A NUL byte in the first 8 KiB, the same test git uses to call a file binary.
        var looksBinary: Bool { (firstNULOffset ?? .max) < 8192 }
    }

    /// Nil when the bytes are valid UTF-8 without NUL bytes.
    static func check(_ bytes: UnsafeBufferPointer<UInt8>) -> Findings? {
        var findings = Findings()
        let count = bytes.count
        let raw = UnsafeRawBufferPointer(bytes)
        var index = 0
        typealias Bytes = SIMD16<UInt8>
        let one = Bytes(repeating: 1), high = Bytes(repeating: 0x80)
        while index < count {
            // Sixty-four bytes a turn in vector registers, the test below per byte: a byte is 0 or
            // at least 0x80 exactly when it, or'ed with itself minus one, has its high bit set.
            if index + 64 <= count {
                let first = raw.loadUnaligned(fromByteOffset: index, as: Bytes.self)
                let second = raw.loadUnaligned(fromByteOffset: index + 16, as: Bytes.self)
                let third = raw.loadUnaligned(fromByteOffset: index + 32, as: Bytes.self)
                let fourth = raw.loadUnaligned(fromByteOffset: index + 48, as: Bytes.self)
                let flagged = ((first &- one) | first) | ((second &- one) | second)
                    | ((third &- one) | third) | ((fourth &- one) | fourth)
                let words = unsafeBitCast(flagged & high, to: SIMD2<UInt64>.self)
                if words[0] | words[1] == 0 {
                    index += 64
                    continue
                }
            }
            // Thirty-two bytes a turn: a byte is 0 or at least 0x80 exactly when the word minus one
            // per byte, or'ed with the word, has a high bit set in it (a borrow starts only at a
            // zero byte, and the first zero byte sets its own high bit).
            if index + 32 <= count {
                let first = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let second = raw.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)
                let third = raw.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self)
                let fourth = raw.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self)
                let ones: UInt64 = 0x0101_0101_0101_0101
                let flagged = ((first &- ones) | first) | ((second &- ones) | second)
                    | ((third &- ones) | third) | ((fourth &- ones) | fourth)
                if flagged & 0x8080_8080_8080_8080 == 0 {
                    index += 32
                    continue
                }
            }
            if index + 8 <= count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let highBits = word & 0x8080_8080_8080_8080
                let hasZero = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
                if highBits == 0 && hasZero == 0 {
                    index += 8
                    continue
                }
            }
            let byte = bytes[index]
            if byte == 0 {
                if findings.firstNULOffset == nil { findings.firstNULOffset = index }
                index += 1
            } else if byte < 0x80 {
                index += 1
            } else {
                let length = validSequenceLength(bytes, at: index)
                if length == 0 {
                    if findings.firstInvalidUTF8Offset == nil { findings.firstInvalidUTF8Offset = index }
                    index += 1
                } else {
                    index += length
                }
            }
            if findings.firstNULOffset != nil && findings.firstInvalidUTF8Offset != nil { break }
        }
        return findings.firstNULOffset == nil && findings.firstInvalidUTF8Offset == nil ? nil : findings
    }

    /// The length of the well-formed UTF-8 sequence starting at `index`, or 0 (Unicode Table 3-7).
    private static func validSequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: return 0
        }
        guard index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else { return 0 }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) {
            return 0
        }
        return length
    }
}
