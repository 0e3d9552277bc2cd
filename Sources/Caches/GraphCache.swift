import FileAccess
import Foundation

/// The graph cache: per package folder, `dump-package`'s answer under the key it was given
/// for (`GraphCacheKey`), so a run where a manifest did not change asks the toolchain nothing
/// about it. A package the toolchain refused (a newer tools version, a manifest that does not
/// compile) is stored too, as the one-line reason, so an unchanged broken package costs no
/// toolchain call either. Entries are versioned files written atomically; one that is corrupt,
/// of another version or for another key is a miss, and the answer is written over it. An
/// answer is stored only under a key that still describes the package once it has come.
package struct GraphCache: Sendable {
    /// `<cache>/graph`.
    package var folder: String
    /// The cache folder `folder` is in.
    package var cacheFolder: String
    /// The environment the manifests run in, for the variables they read.
    package var environment: [String: String]

    /// 2: the compact codec (`CacheWriter`) instead of JSON: an entry is read without decoding
    /// base64 of the manifests and the answer twice (header, then body), and its key is compared
    /// as bytes. 3: keys may hold the package folder's entries (`describe` of a package whose
    /// layout is not settled by the rules). 4: the entry ends with its checksum (`CacheSeal`).
    package static let formatVersion = 4
    static let magic = Array("bulkhead-graph-cache\n".utf8)
    /// Begins a stored refusal's answer, followed by its reason as UTF-8. The toolchain's answers
    /// are JSON, which never begins with a NUL byte, so the two cannot be confused (and a reader
    /// that knows no refusals takes one for a damaged answer and asks again).
    static let refusalMarker = Array("\u{0}refused\n".utf8)

    /// What an entry holds for its key.
    package enum StoredAnswer: Sendable, Equatable {
        /// The toolchain's answer, as it printed it.
        case answer(Data)
        /// The toolchain refused the package, for this one-line reason.
        case refusal(String)
    }

    package init(cacheFolder: String, environment: [String: String]) {
        folder = cacheFolder + "/graph"
        self.cacheFolder = cacheFolder
        self.environment = environment
    }

    /// The key for asking `question` about the package in `folder` now; nil when the package is
    /// never cached.
    package func key(_ question: String, packageAt packageFolder: String, toolchain: String) -> GraphCacheKey? {
        GraphCacheKey.current(question: question, folder: packageFolder, toolchain: toolchain, environment: environment,
                              memo: ManifestInputsMemo(cacheFolder: cacheFolder, packageFolder: packageFolder))
    }

    /// The stored answer for `key`, if an entry of this version holds it. The stored key is
    /// compared as bytes with the current key's encoding: nothing is decoded but the answer.
    package func answer(for key: GraphCacheKey) -> StoredAnswer? {
        guard let bytes = CacheLocation.readBytes(file(for: key)), let entry = Self.entry(in: bytes),
              entry.key == key.encoded() else { return nil }
        if entry.answer.starts(with: Self.refusalMarker) {
            return .refusal(String(decoding: entry.answer.dropFirst(Self.refusalMarker.count), as: UTF8.self))
        }
        return .answer(Data(entry.answer))
    }

    /// Stores `answer`, asked after `key` was made, under it — unless what the key read changed
    /// since (`GraphCacheKey.inputsHeldStill`): the toolchain may then have answered for the new
    /// state, which stored under the old one's key would answer every later run of that state
    /// (a fix's own edit undone by a checkout, a manifest saved back). Whether it was stored.
    @discardableResult
    package func store(_ answer: Data, for key: GraphCacheKey) -> Bool {
        guard key.inputsHeldStill() else { return false }
        CacheLocation.write(Data(Self.encodeEntry(key: key.encoded(), answer: Array(answer))), to: file(for: key), in: cacheFolder)
        return true
    }

    /// Remembers that the toolchain refused the package `key` is for, with `reason` (one line):
    /// the key holds every manifest's bytes and the toolchain, so the same refusal would follow.
    /// Not when what the key read changed since (`store`).
    package func storeRefusal(_ reason: String, for key: GraphCacheKey) {
        store(Data(Self.refusalMarker + Array(reason.utf8)), for: key)
    }

    /// The encoded key and the answer of an entry of this version; nil for anything else.
    static func entry(in bytes: [UInt8]) -> (key: [UInt8], answer: [UInt8])? {
        guard var reader = CacheSeal.reader(of: bytes, magic: magic, version: formatVersion), let key = reader.block(), let answer = reader.block(), reader.isAtEnd else { return nil }
        return (key, answer)
    }

    static func encodeEntry(key: [UInt8], answer: [UInt8]) -> [UInt8] {
        var writer = CacheWriter()
        writer.raw(magic)
        writer.integer(formatVersion)
        writer.block(key)
        writer.block(answer)
        return CacheSeal.sealed(writer.bytes)
    }

    private func file(for key: GraphCacheKey) -> String {
        file(for: key.question, packageAt: key.folder)
    }

    private func file(for question: String, packageAt packageFolder: String) -> String {
        "\(folder)/v\(Self.formatVersion)/\(CacheLocation.fileName(for: question + " " + packageFolder))"
    }

    /// Whether an entry for `question` about the package in `packageFolder` is stored, under
    /// whichever key: one file per question and folder, so without it no key can hit.
    package func holdsEntry(for question: String, packageAt packageFolder: String) -> Bool {
        FileSystem.entryExists(file(for: question, packageAt: packageFolder))
    }
}
