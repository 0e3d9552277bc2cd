#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// Every entry below a folder, walked with `readdir` over an explicit stack: the kind of an
/// entry comes from the directory itself (`d_type`), so a tree of thousands of files costs a
/// few hundred system calls, not one `stat` per file, and no depth of nesting recurses.
///
/// Symbolic links are listed as such and never followed: SwiftPM follows them, so a layout with
/// one is left to `describe` (see `DefaultTargetLayout.layout`).
package struct DirectoryListing: Sendable {
    package enum Kind: Sendable, Equatable {
        case file, folder, symbolicLink, other

        /// How the caches write a kind: 1 to 4 (0 is no entry, where a cache needs one).
        package var number: UInt8 {
            switch self {
            case .file: 1
            case .folder: 2
            case .symbolicLink: 3
            case .other: 4
            }
        }

        package init?(number: UInt64) {
            switch number {
            case 1: self = .file
            case 2: self = .folder
            case 3: self = .symbolicLink
            case 4: self = .other
            default: return nil
            }
        }
    }

    package struct Entry: Sendable, Equatable {
        /// Relative to the listed folder, `/`-separated.
        package var path: String
        package var kind: Kind
    }

    /// Entries in walk order, folders before what they hold.
    package var entries: [Entry]

    /// Lists `folder` (absolute). `descend` decides, for each folder met, whether to walk into it
    /// (its entry is listed either way). An unreadable folder lists nothing below it. A folder
    /// `listed` holds is read from there, not from the file system again.
    package static func list(_ folder: String, listed: FolderListings? = nil, descend: (String) -> Bool = { _ in true }) -> DirectoryListing {
        var entries: [Entry] = []
        var pending: [String] = [""]
        while let relative = pending.popLast() {
            let absolute = relative.isEmpty ? folder : folder + "/" + relative
            // The folder's own entries, by name, as discovery's listing or one `readdir` gives them.
            let discovered = listed?.entries(of: absolute)
            // A folder discovery did not walk is read from the disk, which the load's record
            // cannot hold (`DiskProbes`).
            if discovered == nil { listed?.probes?.markUnrecordable() }
            guard let own = discovered ?? OpenFolder(path: absolute).map({ Self.entries(of: $0, at: absolute) }) else { continue }
            let children = relative.isEmpty ? own : own.map { Entry(path: relative + "/" + $0.path, kind: $0.kind) }
            entries += children
            // Reversed, so the stack pops folders in name order.
            for child in children.reversed() where child.kind == .folder && descend(child.path) {
                pending.append(child.path)
            }
        }
        return DirectoryListing(entries: entries)
    }

    /// The kinds of `folder`'s own entries by name: one `readdir`, nothing below; nil when it
    /// cannot be listed.
    static func kinds(in folder: String) -> [String: Kind]? {
        var kinds: [String: Kind] = [:]
        let isListed = forEachEntry(of: folder) { name, type in
            kinds[name] = kind(type, path: { folder + "/" + name })
        }
        return isListed ? kinds : nil
    }

    /// Calls `body` with the name and `d_type` of each entry of `folder` but `.` and `..`, in the
    /// directory's order; false when the folder cannot be opened.
    private static func forEachEntry(of folder: String, _ body: (_ name: String, _ type: Int32) -> Void) -> Bool {
        guard let folder = OpenFolder(path: folder) else { return false }
        folder.forEachEntry(body)
        return true
    }

    /// The entries of the open folder `folder` (at `absolute`), its own and nothing below, in
    /// name order: what `list(absolute, descend: { _ in false })` gives.
    package static func entries(of folder: OpenFolder, at absolute: String) -> [Entry] {
        var entries: [Entry] = []
        folder.forEachEntry { name, type in
            entries.append(Entry(path: name, kind: kind(type, path: { absolute + "/" + name })))
        }
        entries.sort { $0.path < $1.path }
        return entries
    }

    /// The kind of the entry at `path` itself, a link not followed; nil when there is none.
    static func kind(ofEntryAt path: String) -> Kind? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    /// `path` is made only for an entry whose kind the directory does not say: not one string
    /// per file of the tree.
    private static func kind(_ type: Int32, path: () -> String) -> Kind {
        switch type {
        case Int32(DT_REG): return .file
        case Int32(DT_DIR): return .folder
        case Int32(DT_LNK): return .symbolicLink
        case Int32(DT_UNKNOWN):
            // Some file systems do not fill d_type: ask the entry itself.
            return kind(ofEntryAt: path()) ?? .other
        default: return .other
        }
    }
}

/// A folder held open while a walk lists it and opens its subfolders by name, relative to it.
/// Opening every folder of a walk by its absolute path made the kernel look up each component
/// of the path again (the root's, then every folder's above), most of what a warm walk of
/// hundreds of folders spent in system calls; a subfolder opened from its parent looks up one
/// name. Closed when the last reference goes: a walk keeps one per folder between the root and
/// the folders it has still to open.
package final class OpenFolder {
    #if canImport(Darwin)
    private let stream: UnsafeMutablePointer<DIR>
    #else
    private let stream: OpaquePointer
    #endif
    /// The descriptor the stream reads, which subfolders are opened relative to: what `dirfd`
    /// would answer, kept from the opening rather than asked of the stream (nothing the C
    /// libraries of Linux and Darwin declare differently).
    private let descriptor: Int32

    /// The folder at `path` (links followed, as `opendir` follows them); nil when it cannot be opened.
    package convenience init?(path: String) {
        self.init(descriptor: open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC))
    }

    /// The folder `name` (one component, no slash) of `parent`, links not followed (a walk enters
    /// only entries its folder lists as folders); nil when it cannot be opened.
    package convenience init?(named name: String, in parent: OpenFolder) {
        self.init(descriptor: openat(parent.descriptor, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW))
    }

    /// Takes `descriptor` (closed with the stream, or here when no stream is made).
    private init?(descriptor: Int32) {
        guard descriptor >= 0 else { return nil }
        guard let stream = fdopendir(descriptor) else {
            close(descriptor)
            return nil
        }
        self.stream = stream
        self.descriptor = descriptor
    }

    deinit { closedir(stream) }

    /// The folder's stamp as it is open now.
    package var stamp: FileStamp? { FileStamp(openFolder: descriptor) }

    /// Calls `body` with the name and `d_type` of each entry but `.` and `..`, in the
    /// directory's order. Once: the stream is then at its end.
    func forEachEntry(_ body: (_ name: String, _ type: Int32) -> Void) {
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            body(name, Int32(entry.pointee.d_type))
        }
    }
}
