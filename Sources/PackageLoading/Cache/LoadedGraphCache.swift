import Caches
import Diagnostics
import FileAccess
import Foundation
import ModuleGraph

/// The graph a load made, kept for the next run of the same folder while everything it was made
/// from is unchanged: every manifest and what it reads (each package's `GraphCacheKey`), every
/// folder discovery listed (names and kinds: the layouts read nothing else), the answers to the
/// few questions the listings could not answer (`DiskProbes`), the root, the folder the run
/// was pointed at, the `workspace` rules and the toolchain. Discovery still walks the tree on
/// every run, since the listings are part of what is compared; what is skipped is everything
/// after it: parsing the manifests' answers, the layouts, assembling and confining the graph
/// (on a package of 420 targets, 40% of a warm check's work).
///
/// Remote packages' checkouts are found again by the probes (where each was looked for) and
/// compared by their manifests' keys. Only a load that read nothing else is stored: no Xcode
/// project or workspace (their files are not all listings and manifests), no `describe` of a
/// package of the repository, no checkout that could not be described, no binary artifact, no
/// symbolic link in any listing (where a link leads can change with no listing changing), no
/// package that could not be loaded, no `Package.resolved` of a folder that is no package, nothing
/// read outside the root, no package or checkout whose files changed between its key and the
/// end of the load (the toolchain may have answered for the new files). Anything else loads as
/// before, every run.
///
/// One file per root, folder and working directory (paths in warnings are relative to it),
/// written atomically; this build of Bulkhead's (`FileImportCache.scannerIdentity`), so a new
/// build never reads an older build's graph. A corrupt entry, or one of another version, is a
/// miss and is written over.
struct LoadedGraphCache: Sendable {
    /// 2: the entry ends with its checksum (`CacheSeal`).
    static let formatVersion = 3
    static let magic = Array("bulkhead-loaded-graph\n".utf8)

    let file: String
    let cacheFolder: String

    init(cacheFolder: String, root: String, start: String, base: String) {
        self.cacheFolder = cacheFolder
        file = "\(cacheFolder)/graph/loaded-v\(Self.formatVersion)/\(CacheLocation.fileName(for: [root, start, base].joined(separator: "\n")))"
    }

    /// Whether an entry is stored (for any key).
    var holdsEntry: Bool { FileSystem.entryExists(file) }

    /// What an entry holds, decoded.
    struct Entry: Sendable {
        var key: [UInt8]
        var listings: [UInt8]
        /// The generation of the stored listings (`FolderListingCache`) that were exactly the
        /// listings the graph was made from; 0 when there were none.
        var listingsGeneration: UInt64
        var probes: [DiskProbes.Probe]
        /// The checkouts of remote packages the load described, each with its manifests' key
        /// (`GraphCacheKey.encoded`), in the order found.
        var checkouts: [(folder: String, key: [UInt8])] = []
        var graph: ModuleGraph
        var warnings: [LoadWarning]
        var manifestDumps: [String: Data]
        var toolchainVersion: [Int]?

        /// Whether the entry was made from what the run sees now: the same key and listings,
        /// every probe answered as it was (so the same checkouts are found), and each checkout's
        /// key (`checkoutKey`) as it was. Listings of the generation the graph was made from
        /// (`generation`, the run's) are those listings: they are not compared entry by entry,
        /// and `listings` (`FolderListings.encoded`) is not asked for.
        func holds(key current: [UInt8], listings: @autoclosure () -> [UInt8], generation: UInt64 = 0,
                   checkoutKey: (String) -> [UInt8]? = { _ in nil }) -> Bool {
            guard key == current else { return false }
            if listingsGeneration == 0 || generation != listingsGeneration {
                guard listings() == self.listings else { return false }
            }
            return probes.allSatisfy { DiskProbes.answer(to: $0.question, about: $0.path) == $0.answer }
                && checkouts.allSatisfy { checkoutKey($0.folder) == $0.key }
        }
    }

    /// The stored entry, decoded; nil when there is none, or it is of another version or build,
    /// or does not read.
    func read() -> Entry? {
        guard let bytes = CacheLocation.readBytes(file) else { return nil }
        return Self.entry(in: bytes, identity: FileImportCache.scannerIdentity)
    }

    /// The manifests' key (`GraphCacheKey.encoded`) the stored graph was made with for the
    /// package in `folder`, read without decoding the graph; nil when no entry holds one.
    func storedKey(ofPackageAt folder: String) -> [UInt8]? {
        guard let bytes = CacheLocation.readBytes(file), var reader = CacheSeal.reader(of: bytes, magic: Self.magic, version: Self.formatVersion),
              reader.string() == FileImportCache.scannerIdentity, let key = reader.block() else { return nil }
        var parts = CacheReader(key)
        // As `key` writes it: seven strings, the checkouts folders, then the packages.
        for _ in 0..<7 { guard parts.string() != nil else { return nil } }
        guard parts.strings() != nil, let count = parts.count() else { return nil }
        for _ in 0..<count {
            guard let packageFolder = parts.string(), let packageKey = parts.block() else { return nil }
            if packageFolder == folder { return packageKey }
        }
        return nil
    }

    static func entry(in bytes: [UInt8], identity: String) -> Entry? {
        guard var reader = CacheSeal.reader(of: bytes, magic: magic, version: formatVersion), reader.string() == identity, let key = reader.block(),
              let listings = reader.block(), let generation = reader.unsigned() else { return nil }
        let probes: [DiskProbes.Probe]? = reader.list { reader in
            guard let question = reader.unsigned().flatMap({ UInt8(exactly: $0) }).flatMap(DiskProbes.Question.init(rawValue:)),
                  let path = reader.string(), let answer = reader.unsigned().flatMap({ UInt8(exactly: $0) }) else { return nil }
            return DiskProbes.Probe(question: question, path: path, answer: answer)
        }
        let checkouts: [(folder: String, key: [UInt8])]? = reader.list { reader in
            guard let folder = reader.string(), let key = reader.block() else { return nil }
            return (folder, key)
        }
        guard let probes, let checkouts, let graph = ModuleGraphCodec.decode(from: &reader), let codes = reader.strings(), let texts = reader.strings(), codes.count == texts.count else { return nil }
        let warnings = zip(codes, texts).map { LoadWarning(code: $0, text: $1) }
        let dumps: [(String, Data)]? = reader.list { reader in
            guard let identity = reader.string(), let bytes = reader.blockInPlace() else { return nil }
            return (identity, Data(bytes))
        }
        guard let dumps else { return nil }
        let version: [Int]?
        switch reader.unsigned() {
        case 0: version = nil
        case 1:
            guard let parts: [Int] = reader.list({ $0.integer() }) else { return nil }
            version = parts
        default: return nil
        }
        guard reader.isAtEnd else { return nil }
        return Entry(key: key, listings: listings, listingsGeneration: generation, probes: probes, checkouts: checkouts, graph: graph, warnings: warnings,
                     manifestDumps: Dictionary(dumps, uniquingKeysWith: { first, _ in first }), toolchainVersion: version)
    }

    /// Stores `loaded` under `key`, with the listings (`FolderListings.encoded`) and probes it
    /// was made from; nothing when the graph holds what the codec does not write.
    func store(_ loaded: LoadedGraph, key: [UInt8], listings: [UInt8], listingsGeneration: UInt64, probes: [DiskProbes.Probe],
               checkouts: [(folder: String, key: [UInt8])]) {
        guard let bytes = Self.encodeEntry(loaded, key: key, listings: listings, listingsGeneration: listingsGeneration, probes: probes,
                                           checkouts: checkouts, identity: FileImportCache.scannerIdentity) else { return }
        CacheLocation.write(Data(bytes), to: file, in: cacheFolder)
    }

    /// An entry's bytes; `listings` as `FolderListings.encoded` writes them.
    static func encodeEntry(_ loaded: LoadedGraph, key: [UInt8], listings: [UInt8], listingsGeneration: UInt64, probes: [DiskProbes.Probe],
                            checkouts: [(folder: String, key: [UInt8])], identity: String) -> [UInt8]? {
        var writer = CacheWriter()
        writer.raw(magic)
        writer.integer(formatVersion)
        writer.string(identity)
        writer.block(key)
        writer.block(listings)
        writer.integer(listingsGeneration)
        writer.integer(probes.count)
        for probe in probes {
            writer.integer(Int(probe.question.rawValue))
            writer.string(probe.path)
            writer.integer(Int(probe.answer))
        }
        writer.integer(checkouts.count)
        for checkout in checkouts {
            writer.string(checkout.folder)
            writer.block(checkout.key)
        }
        guard ModuleGraphCodec.encode(loaded.graph, into: &writer) else { return nil }
        writer.strings(loaded.warnings.map(\.code))
        writer.strings(loaded.warnings.map(\.text))
        writer.integer(loaded.manifestDumps.count)
        for (identity, dump) in loaded.manifestDumps.sorted(by: { $0.key < $1.key }) {
            writer.string(identity)
            writer.block(dump)
        }
        if let version = loaded.toolchainVersion {
            writer.integer(1)
            writer.integer(version.count)
            for part in version { writer.integer(part) }
        } else {
            writer.integer(0)
        }
        return CacheSeal.sealed(writer.bytes)
    }

    /// The key of a load: where it ran and was pointed, how it shows paths, the root where it
    /// really is, the `workspace` rules, the checkouts folders named, the toolchain, and each
    /// package folder with the key of its manifests (`GraphCacheKey`), in folder order.
    static func key(root: String, start: String, base: String, shownAs: String, realRoot: String, rules: String, checkoutFolders: [String],
                    toolchain: String, packages: [(folder: String, key: GraphCacheKey)]) -> [UInt8] {
        var writer = CacheWriter()
        for part in [root, start, base, shownAs, realRoot, rules, toolchain] { writer.string(part) }
        writer.strings(checkoutFolders)
        writer.integer(packages.count)
        for package in packages {
            writer.string(package.folder)
            writer.block(package.key.encoded())
        }
        return writer.bytes
    }
}
