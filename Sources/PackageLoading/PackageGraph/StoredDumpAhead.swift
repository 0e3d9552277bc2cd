import Caches
import FileAccess
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
    /// Its answer is stored under `key` only if what the key read held still from before the
    /// call started until the answer came (`GraphCache.store`): a manifest saved while the call
    /// ran could otherwise leave one manifest's answer under the other's key.
    var call: BackgroundValue<Result<Data, InputError>>?

    /// With a `storedGraph` (`LoadedGraphCache`) that may make the dump unneeded, the stored
    /// answer is parsed only if the loader reads it, and a call is started ahead only when the
    /// stored graph was made from other manifests: when it was made from these, the graph
    /// probably holds, and the loader asks the toolchain itself if it does not.
    init(folder: String, cache: GraphCache, toolchain: String, asking describer: (any PackageDescriber)? = nil,
         storedGraph: LoadedGraphCache? = nil) {
        self.folder = folder
        self.toolchain = toolchain
        func ask(_ describer: any PackageDescriber) -> BackgroundValue<Result<Data, InputError>> {
            BackgroundValue.onItsOwnThread({ Result { () throws(InputError) in try describer.dumpPackage(packageAt: folder) } })
        }
        // No entry for the folder at all (an empty cache: a first run, a CI machine that keeps
        // none): no key can hit, so the call starts at once and the key, to store its answer
        // under, is made meanwhile (the key reads what the manifests may read, which the call
        // need not wait for). The key is made after the call started,
        // so it takes the stamps from before: a change after them, which the call may have
        // read, keeps its answer from being stored.
        if let describer, storedGraph == nil, !cache.holdsEntry(for: "dump-package", packageAt: folder) {
            let beforeTheCall = GraphCacheKey.InputStamps(of: folder)
            call = ask(describer)
            key = cache.key("dump-package", packageAt: folder, toolchain: toolchain)
            key?.stamped = beforeTheCall
            return
        }
        key = cache.key("dump-package", packageAt: folder, toolchain: toolchain)
        stored = key.flatMap(cache.answer(for:))
        if storedGraph == nil, case .answer(let data)? = stored { dump = try? ManifestDump(reading: data) }
        // Asked only when no answer is stored: whether the stored graph was made from these
        // manifests. The key's stamps were taken before the call starts.
        if stored == nil, let describer, !(key.map { storedGraph?.storedKey(ofPackageAt: folder) == $0.encoded() } ?? false) {
            call = ask(describer)
        }
    }

    /// The dump of `data`, parsed ahead when these are the bytes read ahead.
    func dump(reading data: Data) throws -> ManifestDump {
        if let dump, case .answer(let stored)? = stored, stored == data { return dump }
        return try ManifestDump(reading: data)
    }
}
