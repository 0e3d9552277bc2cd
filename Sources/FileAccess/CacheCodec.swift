/// The file cache's byte format: unsigned LEB128 integers and length-prefixed UTF-8 strings,
/// written and read in one pass. JSON of thousands of files took longer to decode than reading
/// the sources it stood for; this takes a few milliseconds.
package struct CacheWriter {
    package private(set) var bytes: [UInt8] = []

    package init() {}

    package mutating func integer(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    package mutating func integer(_ value: Int) { integer(UInt64(bitPattern: Int64(value))) }
    mutating func integer(_ value: Int64) { integer(UInt64(bitPattern: value)) }

    package mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            integer(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    /// 0 for nil, else 1 and the string.
    package mutating func optionalString(_ value: String?) {
        guard let value else { return integer(0) }
        integer(1)
        string(value)
    }

    package mutating func raw(_ other: [UInt8]) { bytes += other }

    /// Length-prefixed bytes, which `CacheReader.block` reads back.
    package mutating func block(_ other: some Collection<UInt8>) {
        integer(other.count)
        bytes += other
    }

    /// A count, then each string.
    package mutating func strings(_ values: [String]) {
        integer(values.count)
        for value in values { string(value) }
    }

    /// 0 for nil, else 1 and the strings.
    package mutating func optionalStrings(_ values: [String]?) {
        guard let values else { return integer(0) }
        integer(1)
        strings(values)
    }

    package mutating func flag(_ value: Bool) { integer(value ? 1 : 0) }
}

/// Reads what `CacheWriter` wrote; every read is bounds-checked and a malformed entry reads as
/// nil, never as a crash.
package struct CacheReader {
    /// Read from offset 0 (its own indices are its base's), so a slice of a larger buffer is
    /// read in place.
    private let bytes: ArraySlice<UInt8>
    private(set) var offset: Int

    package init(_ bytes: [UInt8], offset: Int = 0) {
        self.init(bytes[...], offset: offset)
    }

    package init(_ bytes: ArraySlice<UInt8>, offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    package var isAtEnd: Bool { offset >= bytes.count }

    package mutating func unsigned() -> UInt64? {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count, shift < 64 {
            let byte = bytes[bytes.startIndex + offset]
            offset += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
        }
        return nil
    }

    package mutating func integer() -> Int? { unsigned().map { Int(Int64(bitPattern: $0)) } }
    mutating func integer64() -> Int64? { unsigned().map { Int64(bitPattern: $0) } }

    /// A count of items that follow, bounded by the bytes left (each item takes at least one).
    package mutating func count() -> Int? {
        guard let value = unsigned(), value <= UInt64(bytes.count - offset) else { return nil }
        return Int(value)
    }

    package mutating func string() -> String? {
        guard let length = count(), offset + length <= bytes.count else { return nil }
        defer { offset += length }
        return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[offset..<offset + length]), as: UTF8.self) }
    }

    /// Length-prefixed bytes, as `raw` after a length wrote them.
    package mutating func block() -> [UInt8]? {
        blockInPlace().map { Array($0) }
    }

    /// `block()` as a slice of the bytes read, sharing their storage: no copy per entry.
    package mutating func blockInPlace() -> ArraySlice<UInt8>? {
        guard let length = count(), offset + length <= bytes.count else { return nil }
        defer { offset += length }
        return bytes[(bytes.startIndex + offset)..<(bytes.startIndex + offset + length)]
    }

    package mutating func optionalString() -> String?? {
        switch unsigned() {
        case 0: return .some(nil)
        case 1: return string().map { .some($0) }
        default: return nil
        }
    }

    /// A count, then that many items `item` reads; nil when any does not read.
    package mutating func list<Item>(_ item: (inout CacheReader) -> Item?) -> [Item]? {
        guard let count = count() else { return nil }
        var items: [Item] = []
        items.reserveCapacity(count)
        for _ in 0..<count {
            guard let value = item(&self) else { return nil }
            items.append(value)
        }
        return items
    }

    package mutating func strings() -> [String]? {
        list { $0.string() }
    }

    package mutating func optionalStrings() -> [String]?? {
        switch unsigned() {
        case 0: return .some(nil)
        case 1: return strings().map { .some($0) }
        default: return nil
        }
    }

    package mutating func flag() -> Bool? {
        switch unsigned() {
        case 0: return false
        case 1: return true
        default: return nil
        }
    }
}
