import FileAccess
import Foundation

/// What discovery listed of each folder last time, under the folder's stamp (`FileStamp`: size,
/// modification and change times, inode, device), so a folder whose stamp is unchanged is not
/// opened and read again: adding, removing or renaming an entry changes its folder's times on
/// every file system Bulkhead runs on, and a walk of hundreds of folders spent most of its time
/// opening and reading them (one `lstat` costs a fifth of an `openat`, `getdents64` and `close`).
///
/// A folder is stored only once its times are a second older than the walk that listed it: an
/// entry added in the same tick of the clock as the listing could leave its folder's times as
/// they were (git's racily clean entries), so a folder changed that recently is listed again on
/// the next walk. The stamp is taken on the open folder before its entries are read, so what is
/// stored is never newer than its stamp.
///
/// One file per folder walked (the root of discovery), written atomically only when a walk
/// listed something anew or no longer met a folder; from another version or build, or damaged (its checksum does not match), it is a miss.
package struct FolderListingCache: Sendable {
    /// 2: each file ends with its checksum (`CacheSeal`).
    static let formatVersion = 2
    static let magic = Array("bulkhead-folders\n".utf8)

    /// A folder's entries, in name order, as its stamp found them.
    package struct Stored: Sendable, Equatable {
        package var stamp: FileStamp
        package var entries: [DirectoryListing.Entry]

        package init(stamp: FileStamp, entries: [DirectoryListing.Entry]) {
            self.stamp = stamp
            self.entries = entries
        }
    }

    let file: String
    let cacheFolder: String
    let root: String

    package init(cacheFolder: String, root: String) {
        self.cacheFolder = cacheFolder
        self.root = root
        file = "\(cacheFolder)/folders/v\(Self.formatVersion)/\(CacheLocation.fileName(for: root))"
    }

    /// Stored listings, and the number that names them: each write draws a new one, so two
    /// walks that read the same number read the same listings (`LoadedGraphCache` compares
    /// numbers rather than every entry again).
    package struct Listings: Sendable, Equatable {
        package var generation: UInt64
        /// By folder relative to the root ("" for the root).
        package var folders: [String: Stored]

        package init(generation: UInt64, folders: [String: Stored]) {
            self.generation = generation
            self.folders = folders
        }
    }

    /// The stored listings; none when there is no entry for this root, version and build, or it
    /// does not read.
    package func read() -> Listings {
        guard let bytes = CacheLocation.readBytes(file) else { return Listings(generation: 0, folders: [:]) }
        return Self.decode(bytes, root: root, identity: FileImportCache.scannerIdentity) ?? Listings(generation: 0, folders: [:])
    }

    package func write(_ listings: Listings) {
        CacheLocation.write(Data(Self.encode(listings, root: root, identity: FileImportCache.scannerIdentity)), to: file, in: cacheFolder)
    }

    /// A number for listings about to be written: never 0, which stands for none.
    package static func newGeneration() -> UInt64 {
        UInt64.random(in: 1...UInt64.max)
    }

    static func encode(_ stored: Listings, root: String, identity: String) -> [UInt8] {
        let listings = stored.folders
        var writer = CacheWriter()
        writer.raw(magic)
        writer.integer(formatVersion)
        writer.string(identity)
        writer.string(root)
        writer.integer(stored.generation)
        writer.integer(listings.count)
        for (folder, stored) in listings.sorted(by: { $0.key < $1.key }) {
            writer.string(folder)
            writer.stamp(stored.stamp)
            writer.entries(stored.entries)
        }
        return CacheSeal.sealed(writer.bytes)
    }

    static func decode(_ bytes: [UInt8], root: String, identity: String) -> Listings? {
        guard var reader = CacheSeal.reader(of: bytes, magic: magic, version: formatVersion), reader.string() == identity, reader.string() == root,
              let generation = reader.unsigned(), generation != 0, let count = reader.count() else { return nil }
        var listings: [String: Stored] = [:]
        listings.reserveCapacity(count)
        for _ in 0..<count {
            guard let folder = reader.string(), let stamp = reader.stamp(), let entries = reader.entries() else { return nil }
            listings[folder] = Stored(stamp: stamp, entries: entries)
        }
        return reader.isAtEnd ? Listings(generation: generation, folders: listings) : nil
    }
}
