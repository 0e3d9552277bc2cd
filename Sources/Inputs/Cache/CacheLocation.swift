import Diagnostics
import Formats
import Foundation

/// Where Bulkhead keeps what it can reuse between runs: `BULKHEAD_CACHE_DIR` when set (tests
/// point it into a temporary folder), else `$XDG_CACHE_HOME/bulkhead`, else
/// `~/Library/Caches/bulkhead` on macOS and `~/.cache/bulkhead` elsewhere.
package enum CacheLocation {
    /// The folder, absolute; nil when the environment names no home to put it in.
    package static func folder(environment: [String: String]) -> String? {
        if let explicit = environment["BULKHEAD_CACHE_DIR"], !explicit.isEmpty {
            return FileSystem.absolutePath(explicit)
        }
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return xdg + "/bulkhead"
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        #if os(macOS)
        return home + "/Library/Caches/bulkhead"
        #else
        return home + "/.cache/bulkhead"
        #endif
    }

    /// Removes the cache folder and everything in it; a folder that is not there is no error.
    package static func clear(_ folder: String) throws(InputError) {
        guard FileSystem.entryExists(folder) else { return }
        do {
            try FileManager.default.removeItem(atPath: folder)
        } catch {
            throw .unwritable(path: folder, failure: .system(error.localizedDescription))
        }
    }

    /// A file name for `key` (a path, say): 16 hexadecimal digits of its FNV-1a hash. Entries
    /// store the key they are for, so two keys that share a name only replace each other.
    static func fileName(for key: String) -> String {
        StableHash.hex(key)
    }

    /// Writes an entry atomically (a temporary file beside it, then a rename), creating its
    /// folder: a concurrent run reads the old entry or the new one, never half of one. A cache
    /// that cannot be written costs the next run time, not this run its result: failures are
    /// ignored.
    static func write(_ data: Data, to file: String) {
        let folder = (file as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? FileSystem.write(data, to: file)
    }

    /// An entry's bytes, or nil when there is none or it cannot be read.
    static func read(_ file: String) -> Data? {
        FileManager.default.contents(atPath: file)
    }
}
