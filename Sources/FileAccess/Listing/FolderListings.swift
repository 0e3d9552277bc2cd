import Formats

/// The folders one walk of a run listed, each with its own entries (names and kinds, in name
/// order), for a later walk of the same run to read instead of listing again: discovery lists
/// every folder of the repository, and the package layouts then walk the targets' folders among
/// them. Made for one load and dropped with it, so nothing stale outlives the run.
///
/// A folder it does not hold (one discovery skipped or never reached) is listed on the spot, and an
/// answer it cannot give for certain (a link, a name it does not hold) is asked of the file
/// system.
package struct FolderListings: Sendable {
    /// By absolute folder; each entry's `path` is its name.
    private var listings: [String: [DirectoryListing.Entry]] = [:]
    /// Where the questions the listings cannot answer are recorded, when the load may be stored
    /// (`LoadedGraphCache`); nil: asked and not recorded.
    package var probes: DiskProbes?

    package init() {}

    /// Records `entries` (as `DirectoryListing.list(folder, descend: { _ in false })` gives them)
    /// as the entries of `folder` (absolute).
    package mutating func record(_ entries: [DirectoryListing.Entry], of folder: String) {
        listings[folder] = entries
    }

    /// The entries of `folder` (absolute), when a walk listed it.
    func entries(of folder: String) -> [DirectoryListing.Entry]? {
        listings[folder]
    }

    /// The Swift files listed, absolute, in folder and name order; manifests left out.
    package var swiftSources: [String] {
        listings.keys.sorted().flatMap { folder in
            listings[folder, default: []].compactMap { entry -> String? in
                guard entry.kind == .file, entry.path.hasSuffix(".swift"), entry.path != "Package.swift",
                      !entry.path.hasPrefix("Package@swift-") else { return nil }
                return (folder == "/" ? "" : folder) + "/" + entry.path
            }
        }
    }

    /// What `FileSystem.isDirectory` answers for `path` (absolute): from its folder's listing when
    /// the listing holds it as a folder or a file; a link (followed by the file system) or a name
    /// the listing lacks (a file system may ignore case) is asked of the file system.
    package func isDirectory(_ path: String) -> Bool {
        switch listedKind(of: path) {
        case .folder?: return true
        case .file?, .other?: return false
        case .symbolicLink?, nil: return probes.map { $0.ask(.isDirectory, about: path) == 1 } ?? FileSystem.isDirectory(path)
        }
    }

    /// Whether a link is among the entries listed (hidden ones aside, as in `encoded`): a load
    /// that met one is never stored, since where a link leads can change with no listing
    /// changing.
    package var holdsSymbolicLink: Bool {
        listings.values.contains { $0.contains { $0.kind == .symbolicLink && !$0.path.hasPrefix(".") } }
    }

    /// Every folder listed and its entries but the hidden ones, in path order, as bytes
    /// (`CacheWriter`): equal bytes, equal listings. Hidden entries (`.build`, `.DS_Store`,
    /// `.swiftpm`) make no target, source or package: a build, Finder or Xcode writing one
    /// leaves a stored graph standing.
    package var encoded: [UInt8] {
        var writer = CacheWriter()
        writer.integer(listings.count)
        for (folder, entries) in listings.sorted(by: { $0.key < $1.key }) {
            writer.string(folder)
            writer.entries(entries.filter { !$0.path.hasPrefix(".") })
        }
        return writer.bytes
    }

    /// The kind of the entry at `path` (absolute, clean) in its folder's listing; nil when no
    /// walk listed the folder or the listing lacks the name (a file system may ignore case).
    func listedKind(of path: String) -> DirectoryListing.Kind? {
        let name = PathArithmetic.lastComponent(path)
        // Hidden entries are left out of what a stored graph is compared by (`encoded`): one is
        // asked of the file system, and recorded as such.
        guard !name.hasPrefix("."), let entries = listings[PathArithmetic.parent(path)] else { return nil }
        return Self.entry(named: name, in: entries)?.kind
    }

    /// The entry named `name`, found by halving: the entries are in the order of their names (the
    /// order `DirectoryListing` gives), and a folder such as `Sources` may hold hundreds.
    static func entry(named name: String, in entries: [DirectoryListing.Entry]) -> DirectoryListing.Entry? {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].path < name { low = middle + 1 } else { high = middle }
        }
        return low < entries.count && entries[low].path == name ? entries[low] : nil
    }
}

extension CacheWriter {
    /// A folder's entries as the caches write them: a count, then each name and kind number.
    package mutating func entries(_ entries: some Collection<DirectoryListing.Entry>) {
        integer(entries.count)
        for entry in entries {
            string(entry.path)
            integer(Int(entry.kind.number))
        }
    }
}

extension CacheReader {
    /// The entries `CacheWriter.entries` wrote; nil when they do not read.
    package mutating func entries() -> [DirectoryListing.Entry]? {
        list { reader in
            guard let name = reader.string(), let kind = reader.unsigned().flatMap(DirectoryListing.Kind.init(number:)) else { return nil }
            return DirectoryListing.Entry(path: name, kind: kind)
        }
    }
}
