import FileAccess
import Foundation

/// The per-file import cache of one loaded folder: each source's scan under its `FileStamp`, so
/// an unchanged file is not read again. One versioned file per folder, replaced atomically; a
/// file from another version, another folder or another build of Bulkhead (whose scanner may
/// read files differently) is ignored and rewritten.
///
/// Format (`CacheWriter`): the line `bulkhead-file-cache`, then the version, the scanner, the
/// folder, and per file its path, stamp, and its scan's bytes with their length — so a run
/// decodes only the scans it uses and writes back the others' bytes as they were — and last the
/// checksum of all that (`CacheSeal`): a damaged file is a miss.
package struct FileImportCache: Sendable {
    /// The folder the sources are loaded from, absolute.
    package var root: String
    /// `<cache>/files/v1/<hash of root>`.
    package var file: String
    /// The cache folder `file` is in.
    package var cacheFolder: String
    /// The running scanner: this executable's path and stamp.
    var scanner: String

    /// 2: each scan also stores the identifier uses and declarations its inspection found.
    /// 4: the file ends with its checksum (`CacheSeal`).
    package static let formatVersion = 4
    static let magic = Array("bulkhead-file-cache\n".utf8)

    package init(cacheFolder: String, root: String) {
        self.root = root
        self.cacheFolder = cacheFolder
        file = "\(cacheFolder)/files/v\(Self.formatVersion)/\(CacheLocation.fileName(for: root))"
        scanner = Self.scannerIdentity
    }

    /// One file's stamp and its scan as stored.
    package struct Entry: Sendable, Equatable {
        package var stamp: FileStamp
        /// A slice of the whole file's bytes as loaded (no copy per file), or a new scan's own.
        package var scan: ArraySlice<UInt8>

        package init(stamp: FileStamp, scan: ArraySlice<UInt8>) {
            self.stamp = stamp
            self.scan = scan
        }

        package init(stamp: FileStamp, scan: [UInt8]) {
            self.init(stamp: stamp, scan: scan[...])
        }
    }

    /// The stored entries by absolute path, or none when the file is missing, corrupt or not
    /// this scanner's.
    package func load() -> [String: Entry] {
        Self.byPath(loadInStoredOrder())
    }

    /// The stored entries as `encode` wrote them, sorted by path: a reader going through them
    /// folder by folder needs neither to sort the paths nor to look each one up.
    package func loadInStoredOrder() -> [(path: String, entry: Entry)] {
        guard let bytes = CacheLocation.readBytes(file) else { return [] }
        return Self.orderedEntries(in: bytes, scanner: scanner, root: root) ?? []
    }

    /// `entries` by path; of a path stored twice (only a damaged file has that), the last.
    package static func byPath(_ entries: [(path: String, entry: Entry)]) -> [String: Entry] {
        Dictionary(entries, uniquingKeysWith: { _, last in last })
    }

    package func save(_ entries: [String: Entry]) {
        CacheLocation.write(Data(Self.encode(entries, scanner: scanner, root: root)), to: file, in: cacheFolder)
    }

    /// The entries `encode` wrote for this scanner and folder; nil when the bytes are anything
    /// else (another version, scanner or folder, or malformed), which is a miss.
    static func entries(in bytes: [UInt8], scanner: String, root: String) -> [String: Entry]? {
        orderedEntries(in: bytes, scanner: scanner, root: root).map(byPath)
    }

    /// The entries `encode` wrote, in the order it wrote them; nil as for `entries(in:)`.
    static func orderedEntries(in bytes: [UInt8], scanner: String, root: String) -> [(path: String, entry: Entry)]? {
        guard var reader = CacheSeal.reader(of: bytes, magic: magic, version: formatVersion), reader.string() == scanner, reader.string() == root,
              let count = reader.count() else { return nil }
        var entries: [(path: String, entry: Entry)] = []
        entries.reserveCapacity(count)
        for _ in 0..<count {
            guard let path = reader.string(), let stamp = reader.stamp(), let scan = reader.blockInPlace() else { return nil }
            entries.append((path, Entry(stamp: stamp, scan: scan)))
        }
        guard reader.isAtEnd else { return nil }
        return entries
    }

    static func encode(_ entries: [String: Entry], scanner: String, root: String) -> [UInt8] {
        var writer = CacheWriter()
        writer.raw(magic)
        writer.integer(formatVersion)
        writer.string(scanner)
        writer.string(root)
        writer.integer(entries.count)
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) {
            writer.string(path)
            writer.stamp(entry.stamp)
            writer.block(entry.scan)
        }
        return CacheSeal.sealed(writer.bytes)
    }

    /// This executable as the file system sees it: a rebuilt Bulkhead has another stamp.
    package static let scannerIdentity: String = {
        let path = runningExecutable
        guard let stamp = FileStamp(path: path) else { return path }
        return "\(path) \(stamp.size) \(stamp.modified) \(stamp.inode)"
    }()

    /// The executable running, as the kernel names it on Linux: Foundation's `Bundle.main`
    /// answered the same after 2.5 ms of setting up its bundle, on the main thread before the
    /// check could start restoring its sources.
    private static var runningExecutable: String {
        #if os(Linux)
        let linked = FileSystem.realPath("/proc/self/exe")
        if linked != "/proc/self/exe" { return linked }
        #endif
        return Bundle.main.executablePath ?? CommandLine.arguments.first ?? "bulkhead"
    }
}
