/// FNV-1a over a text's UTF-8, 64 bits, written as 16 hexadecimal digits: the same on every run,
/// platform and Swift version (unlike `Hasher`, which is seeded per process), for what must not
/// change between runs — cache file names, identifiers written into a project, report
/// fingerprints. Not for anything an adversary picks to collide.
package enum StableHash {
    /// FNV-1a's 64-bit offset basis; another basis gives an independent second hash.
    package static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

    package static func hex(_ text: String, basis: UInt64 = offsetBasis) -> String {
        var hash = basis
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
