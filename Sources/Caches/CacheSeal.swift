import FileAccess
import Formats

/// The checksum every cache entry ends with: eight bytes (little-endian) of
/// `StableHash.checksum` over all that precedes them. The decoders check what they can (a magic
/// line, lengths, counts), but a damaged byte inside a name or a number still reads: a folder
/// listing that named `App.xcodeproj` read as another name, and the project was silently left
/// out of every later run. An entry whose checksum does not match is a miss, recomputed and
/// written again, like one of another version.
package enum CacheSeal {
    static let length = 8

    /// `body` followed by its checksum.
    package static func sealed(_ body: [UInt8]) -> [UInt8] {
        var bytes = body
        bytes.reserveCapacity(body.count + length)
        var checksum = StableHash.checksum(body).littleEndian
        withUnsafeBytes(of: &checksum) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// What `sealed` was given, as a slice of `bytes` (no copy); nil when the bytes are too short
    /// to hold a checksum or theirs does not match.
    static func body(of bytes: [UInt8]) -> ArraySlice<UInt8>? {
        guard bytes.count >= length else { return nil }
        let end = bytes.count - length
        return bytes.withUnsafeBytes { all -> ArraySlice<UInt8>? in
            let stored = UInt64(littleEndian: all.loadUnaligned(fromByteOffset: end, as: UInt64.self))
            return StableHash.checksum(UnsafeRawBufferPointer(rebasing: all[..<end])) == stored ? bytes[..<end] : nil
        }
    }

    /// What follows `magic` in a sealed entry (no copy); nil when the checksum does not match or
    /// the entry starts with another magic line (another format, or another cache's file).
    package static func body(of bytes: [UInt8], magic: [UInt8]) -> ArraySlice<UInt8>? {
        guard let body = body(of: bytes), body.starts(with: magic) else { return nil }
        return body.dropFirst(magic.count)
    }

    /// A reader of a sealed entry's fields, past its magic line and format version: the opening
    /// every cache's decoder shares. Nil when the checksum does not match, or the magic or the
    /// version is another's — each a miss, the entry recomputed and written again.
    package static func reader(of bytes: [UInt8], magic: [UInt8], version: Int) -> CacheReader? {
        guard let body = body(of: bytes), body.starts(with: magic) else { return nil }
        var reader = CacheReader(body, offset: magic.count)
        guard reader.integer() == version else { return nil }
        return reader
    }
}
