extension StableHash {
    /// A 64-bit checksum of `bytes`, the same on every platform, for telling a cache entry that
    /// was damaged on disk from one as written. Eight bytes a step (FNV-1a a byte at a time spent
    /// milliseconds on a file cache of megabytes, which every warm run reads): each step is a
    /// bijection of the state for a given word and of the word for a given state, so changing
    /// any one word (any one byte, any bits within eight bytes) always changes the result. Not
    /// for anything an adversary picks to collide.
    package static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let wordPrime: UInt64 = 0xc2b2_ae3d_27d4_eb4f
        let statePrime: UInt64 = 0x9e37_79b1_85eb_ca87
        var hash = offsetBasis ^ (UInt64(bytes.count) &* statePrime)
        let words = bytes.count / 8
        var offset = 0
        for _ in 0..<words {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            hash ^= word &* wordPrime
            hash = ((hash << 31) | (hash >> 33)) &* statePrime
            offset += 8
        }
        while offset < bytes.count {
            hash = (hash ^ UInt64(bytes[offset])) &* 0x0000_0100_0000_01b3
            offset += 1
        }
        // Spread every bit over the result (xxHash's last mix; each step is a bijection).
        hash ^= hash >> 33
        hash = hash &* wordPrime
        hash ^= hash >> 29
        hash = hash &* 0x1656_67b1_9e37_79f9
        hash ^= hash >> 32
        return hash
    }

    package static func checksum(_ bytes: some Collection<UInt8>) -> UInt64 {
        if let hash = bytes.withContiguousStorageIfAvailable({ checksum(UnsafeRawBufferPointer($0)) }) { return hash }
        return Array(bytes).withUnsafeBytes { checksum($0) }
    }
}
