import Diagnostics
import FileAccess
import Formats
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// The file that marks a folder as Bulkhead's cache: written into the folder when Bulkhead
    /// makes it, and required before `clear` deletes anything. The CACHEDIR.TAG convention, so
    /// backup tools skip the folder too.
    static let markerName = "CACHEDIR.TAG"
    static let marker = Data("""
        Signature: 8a477f597d28d172789f06886806bc55
        # This file is a cache directory tag created by Bulkhead; `bulkhead cache clear` empties this folder.

        """.utf8)
    /// What Bulkhead writes in the cache folder, and so all that `clear` deletes: `toolchain`
    /// holds the toolchains' versions (`ToolchainVersion`), which `clear` once left behind.
    static let entryNames = ["files", "folders", "graph", "toolchain", "toolchain-tmp"]

    /// Makes the cache folder when it is not there, with its marker. A folder that is already
    /// there is used as it is and gets no marker: Bulkhead did not make it (`BULKHEAD_CACHE_DIR=.`),
    /// so `clear` must not take it for its own.
    package static func makeFolder(_ folder: String) {
        guard !FileSystem.entryExists(folder) else { return }
        try? FileManager.default.createDirectory(atPath: (folder as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        // Only the run whose mkdir made the folder marks it; another run's folder is marked by that run.
        guard mkdir(folder, 0o755) == 0 else { return }
        try? FileSystem.write(marker, to: folder + "/" + markerName)
    }

    /// What `clear` did: the folder it emptied (the link's target when `folder` is a symbolic
    /// link), or nothing when there was no folder.
    package enum Cleared: Equatable, Sendable {
        case nothingThere
        case folder(String)
        case linkTarget(link: String, target: String)
    }

    /// Deletes what Bulkhead wrote in the cache folder — its own entries and, for a folder it
    /// made, the folder — and nothing else. A folder without Bulkhead's marker is refused: the
    /// cache folder comes from the environment, and `BULKHEAD_CACHE_DIR=.` named the working
    /// folder. A symbolic link is resolved and its target emptied, the link and target kept.
    package static func clear(_ folder: String) throws(CacheClearError) -> Cleared {
        guard FileSystem.entryExists(folder) else { return .nothingThere }
        // The folder itself a link, not a folder below a linked one (`/tmp` on macOS).
        let isLink = (try? FileManager.default.destinationOfSymbolicLink(atPath: folder)) != nil
        let target = isLink ? FileSystem.realPath(folder) : folder
        guard FileSystem.isDirectory(target) else {
            throw .notBulkheads(folder: folder, target: isLink ? target : nil, reason: "it is not a folder")
        }
        guard FileManager.default.contents(atPath: target + "/" + markerName) == marker else {
            throw .notBulkheads(folder: folder, target: isLink ? target : nil, reason: "it has no \(markerName) written by Bulkhead, so Bulkhead did not make it")
        }
        do {
            for name in entryNames where FileSystem.entryExists(target + "/" + name) {
                try FileManager.default.removeItem(atPath: target + "/" + name)
            }
            guard !isLink else { return .linkTarget(link: folder, target: target) }
            // The folder goes when nothing but the marker is left; someone else's file keeps it.
            if try FileManager.default.contentsOfDirectory(atPath: target) == [markerName] {
                try FileManager.default.removeItem(atPath: target)
            }
        } catch {
            throw .notDeleted(folder: target, reason: error.localizedDescription)
        }
        return .folder(target)
    }

    /// Writes an entry atomically (a temporary file beside it, then a rename), creating its
    /// folder: a concurrent run reads the old entry or the new one, never half of one. A cache
    /// that cannot be written costs the next run time, not this run its result: failures are
    /// ignored.
    package static func write(_ data: Data, to file: String, in cacheFolder: String) {
        makeFolder(cacheFolder)
        let folder = (file as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? FileSystem.write(data, to: file)
    }

    /// A file name for `key` (a path, say): 16 hexadecimal digits of its FNV-1a hash. Entries
    /// store the key they are for, so two keys that share a name only replace each other.
    package static func fileName(for key: String) -> String {
        StableHash.hex(key)
    }

    /// An entry's bytes read straight into an array, as many as the file held when opened (an
    /// entry is replaced whole, by renaming, never written in place); nil when there is none, it
    /// is no regular file, or it cannot be read. The file cache of a large repository is
    /// megabytes: `Data` and an array copied from it touched every page twice.
    package static func readBytes(_ file: String) -> [UInt8]? {
        let descriptor = open(file, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(info.st_size)
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            while count < size {
                let got = read(descriptor, buffer.baseAddress! + count, size - count)
                if got < 0 && errno == EINTR { continue }
                if got <= 0 {
                    failed = got < 0
                    return
                }
                count += got
            }
        }
        return failed ? nil : bytes
    }
}

/// Why `bulkhead cache clear` deleted nothing, or not everything.
package enum CacheClearError: Error, Equatable {
    /// `folder` (through the link to `target`, when it is one) is not a cache Bulkhead made.
    case notBulkheads(folder: String, target: String?, reason: String)
    /// Deleting Bulkhead's entries in `folder` failed part way.
    case notDeleted(folder: String, reason: String)

    package var message: String {
        switch self {
        case .notBulkheads(let folder, let target, let reason):
            let shown = target.map { "\(folder) (a symbolic link to \($0))" } ?? folder
            return "not clearing \(shown): \(reason); nothing was deleted. Point BULKHEAD_CACHE_DIR at a folder of its own, "
                + "or delete the folder yourself if it holds only Bulkhead's cache"
        case .notDeleted(let folder, let reason):
            return "could not clear \(folder): \(reason)"
        }
    }
}
