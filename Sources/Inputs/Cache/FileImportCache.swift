import Foundation

/// The per-file import cache of one loaded folder: each source's scan under its `FileStamp`, so
/// an unchanged file is not read again. One versioned file per folder, replaced atomically; an
/// entry from another version, another folder or another build of Bulkhead (whose scanner may
/// read files differently) is ignored and rewritten.
package struct FileImportCache: Sendable {
    /// The folder the sources are loaded from, absolute.
    package var root: String
    /// `<cache>/files/v1/<hash of root>.json`.
    package var file: String
    /// The running scanner: this executable's path and stamp.
    var scanner: String

    package static let formatVersion = 1

    package init(cacheFolder: String, root: String) {
        self.root = root
        file = "\(cacheFolder)/files/v\(Self.formatVersion)/\(CacheLocation.fileName(for: root)).json"
        scanner = Self.scannerIdentity
    }

    struct Entry: Codable, Sendable {
        var stamp: FileStamp
        var scan: CachedScan
    }

    private struct Header: Decodable { var format: String; var version: Int }

    private struct Stored: Codable {
        var format = "bulkhead-file-cache"
        var version = FileImportCache.formatVersion
        var scanner: String
        var root: String
        /// Absolute path → entry.
        var files: [String: Entry]
    }

    /// The stored entries, or none when the file is missing, corrupt or not this scanner's.
    func load() -> [String: Entry] {
        guard let data = CacheLocation.read(file),
              let header = try? JSONDecoder().decode(Header.self, from: data),
              header.format == "bulkhead-file-cache", header.version == Self.formatVersion,
              let stored = try? JSONDecoder().decode(Stored.self, from: data),
              stored.scanner == scanner, stored.root == root else { return [:] }
        return stored.files
    }

    func save(_ entries: [String: Entry]) {
        guard let data = try? JSONEncoder().encode(Stored(scanner: scanner, root: root, files: entries)) else { return }
        CacheLocation.write(data, to: file)
    }

    /// This executable as the file system sees it: a rebuilt Bulkhead has another stamp.
    static let scannerIdentity: String = {
        let path = Bundle.main.executablePath ?? CommandLine.arguments.first ?? "bulkhead"
        guard let stamp = FileStamp(path: path) else { return path }
        return "\(path) \(stamp.size) \(stamp.modified) \(stamp.inode)"
    }()
}
