import Foundation

/// The graph cache's answer for the package a run is pointed at, looked up and read on another
/// core while discovery walks the tree: the key (every manifest read and tokenized), the stored
/// entry, and the stored `dump-package` answer parsed. On a warm run of one large package these
/// took as long as the walk, after it, with the second core idle.
///
/// Only what the loader would compute anyway, from the same files: the loader takes the key
/// for that folder from here, the stored answer when the key is the one it asks with, and the
/// parsed dump when the answer it reads is these bytes.
struct StoredDumpAhead: Sendable {
    var folder: String
    var toolchain: String
    var key: GraphCacheKey?
    var stored: GraphCache.StoredAnswer?
    /// The stored answer parsed; nil when there is none or it does not read (the loader then
    /// reads it again, and meets the same error).
    var dump: ManifestDump?

    init(folder: String, cache: GraphCache, toolchain: String) {
        self.folder = folder
        self.toolchain = toolchain
        key = cache.key("dump-package", packageAt: folder, toolchain: toolchain)
        stored = key.flatMap(cache.answer(for:))
        if case .answer(let data)? = stored { dump = try? ManifestDump(reading: data) }
    }

    /// The dump of `data`, parsed ahead when these are the bytes read ahead.
    func dump(reading data: Data) throws -> ManifestDump {
        if let dump, case .answer(let stored)? = stored, stored == data { return dump }
        return try ManifestDump(reading: data)
    }
}
