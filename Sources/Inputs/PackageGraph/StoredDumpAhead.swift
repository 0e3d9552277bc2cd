import Foundation
import ParallelWork

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
    /// The toolchain's `dump-package` answer, asked as soon as the cache is found to lack one
    /// (an empty cache, a changed manifest): the call, the whole of a cold check's wait, then
    /// starts beside discovery instead of after it. The loader's call for this folder waits on
    /// it rather than asking again; nil when the cache answered or no `describer` was given.
    var call: BackgroundValue<Call>?

    /// A call's answer, and whether what the key reads held still from before the key was made
    /// until the answer came: only then is the answer the key's to store. A manifest saved
    /// while the call ran could otherwise leave the old manifest's answer under the new one's
    /// key, answering for it on every later run.
    struct Call: Sendable {
        var result: Result<Data, InputError>
        var inputsHeldStill: Bool
    }

    /// With a `storedGraph` (`LoadedGraphCache`) that may make the dump unneeded, the stored
    /// answer is parsed only if the loader reads it, and a call is started ahead only when the
    /// stored graph was made from other manifests: when it was made from these, the graph
    /// probably holds, and the loader asks the toolchain itself if it does not.
    init(folder: String, cache: GraphCache, toolchain: String, asking describer: (any PackageDescriber)? = nil,
         storedGraph: LoadedGraphCache? = nil) {
        self.folder = folder
        self.toolchain = toolchain
        // What the key reads is stamped before the key reads it, and only when a call is made:
        // the same stamps once the call has answered (size, times to the nanosecond, inode)
        // mean the key and the call read the same bytes.
        func ask(_ describer: any PackageDescriber, inputsBefore before: [FileStamp?]) -> BackgroundValue<Call> {
            BackgroundValue.onItsOwnThread({
                let result = Result { () throws(InputError) in try describer.dumpPackage(packageAt: folder) }
                return Call(result: result, inputsHeldStill: Self.keyInputStamps(of: folder) == before)
            })
        }
        // No entry for the folder at all (an empty cache: a first run, a CI machine that keeps
        // none): no key can hit, so the call starts at once and the key, to store its answer
        // under, is made meanwhile (the key reads what the manifests may read: 4 ms for a 62 KB
        // manifest, which the call no longer waits for).
        if let describer, storedGraph == nil, !cache.holdsEntry(for: "dump-package", packageAt: folder) {
            call = ask(describer, inputsBefore: Self.keyInputStamps(of: folder))
            key = cache.key("dump-package", packageAt: folder, toolchain: toolchain)
            return
        }
        key = cache.key("dump-package", packageAt: folder, toolchain: toolchain)
        stored = key.flatMap(cache.answer(for:))
        if storedGraph == nil, case .answer(let data)? = stored { dump = try? ManifestDump(reading: data) }
        // Asked only when no answer is stored: whether the stored graph was made from these manifests.
        if stored == nil, let describer, !(key.map { storedGraph?.storedKey(ofPackageAt: folder) == $0.encoded() } ?? false) {
            // Stamped, then the key made again after the stamps (what the manifests may read is
            // remembered by now): a warm run, which calls nothing, stamps nothing.
            let before = Self.keyInputStamps(of: folder)
            key = cache.key("dump-package", packageAt: folder, toolchain: toolchain)
            call = ask(describer, inputsBefore: before)
        }
    }

    /// What a key reads of the package in `folder` besides the environment: its manifests and
    /// `Package.resolved`, stamped (nil for one that is not there).
    static func keyInputStamps(of folder: String) -> [FileStamp?] {
        (FileSystem.manifests(in: folder) + [folder + "/Package.resolved"]).map(FileStamp.init(path:))
    }

    /// The dump of `data`, parsed ahead when these are the bytes read ahead.
    func dump(reading data: Data) throws -> ManifestDump {
        if let dump, case .answer(let stored)? = stored, stored == data { return dump }
        return try ManifestDump(reading: data)
    }
}
