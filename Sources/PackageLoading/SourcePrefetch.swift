import Caches
import Dispatch
import FileAccess
import Formats
import ImportScanning
import ParallelWork
import Synchronization

/// Swift sources looked at on the cores the load leaves idle, before the graph says which files
/// the targets own:
///
/// - from the start, one worker restores the scans the file cache holds (a stamp each, and the
///   stored scan decoded when the stamp is unchanged). Loading the packages runs on one core; on
///   a warm run this was the whole sources phase, after it.
/// - when the load asks the toolchain with cores to spare (a cold run), workers on those cores
///   read and scan the files the cache does not hold. A package of hundreds of targets waits a
///   third of a second on one `dump-package`, which uses one core; reading its sources afterwards
///   added half as much again.
///
/// The scan takes what was found for the files the targets own, and looks again only at the
/// others (changed since, never reached, outside the folders discovery walked). Files that turn
/// out to belong to no target were looked at for nothing, on a core that would have waited.
package final class SourcePrefetch: Sendable {
    /// A file as it was read ahead.
    package struct Scanned: Sendable {
        /// Taken before the file was read: a file whose stamp is the same when the scan asks was
        /// not changed since.
        var stamp: FileStamp
        /// Whether the stamp was settled before the reading began (`FileStamp.isSettled`): only
        /// then may the file cache keep the scan under it.
        var isSettled: Bool
        var scan: ScanResult
        var lineTexts: [Int: String]
        /// The scan as the file cache stores it, made on the worker's core when the cache may
        /// keep it (a cold check encoded every file on the main thread after the toolchain
        /// answered: 11 M instructions on a package of 840 files).
        var encoded: [UInt8]?
    }

    /// What the workers found, for the scan.
    package struct Found: Sendable {
        /// The file cache's entries as the restoring worker loaded them; nil when it did not.
        var stored: [String: FileImportCache.Entry]?
        /// Files whose stored scan holds under their stamp now, by absolute path.
        var restored: [String: (stamp: FileStamp, scan: ScanResult, lineTexts: [Int: String])] = [:]
        /// Files read and scanned, by absolute path.
        var read: [String: Scanned] = [:]

        package init() {}
    }

    private let inspection: SourceInspection
    private let cache: FileImportCache?
    private let state = Mutex(State())
    private let stopped = Atomic<Bool>(false)
    /// The readers, which run at the run's own priority and are waited for.
    private let workers = DispatchGroup()
    /// The restoring worker (`workBehind`), waited for only when nothing stops it early.
    private let restorer = DispatchGroup()

    private struct State {
        var offered: FolderListings?
        var isReading = false
        var found = Found()
    }

    /// Files are scanned for what `inspection` asks, as the scan that takes them will ask;
    /// `cache` is the file cache the scan will use (nil: nothing is restored ahead).
    package init(inspection: SourceInspection, cache: FileImportCache?) {
        self.inspection = inspection
        self.cache = cache
    }

    /// Begins restoring, on one worker, every file the cache holds a scan of (the sources of the
    /// run before): nothing to wait for, not even discovery.
    package func restoreAhead() {
        guard let cache else { return }
        let inspection = self.inspection
        workBehind { [self] in
            let entries = cache.loadInStoredOrder()
            state.withLock { state in
                state.found.stored = FileImportCache.byPath(entries)
                state.found.restored.reserveCapacity(entries.count)
            }
            // Tables shared folder by folder, the files in path order (the order they are
            // stored in): the files of one folder are mostly one target's, and a table shared by
            // many targets' builds searches a longer memory of answers.
            var conditions = ConditionMemo()
            var folder = ""
            for (path, entry) in entries {
                if stopped.load(ordering: .relaxed) { return }
                let parent = PathArithmetic.parent(path)
                if parent != folder {
                    conditions.forgetTables()
                    folder = parent
                }
                guard let stamp = FileStamp(path: path),
                      let (scan, lines) = SourceScan.storedScan(entry, under: stamp, inspection: inspection, conditions: &conditions) else { continue }
                state.withLock { $0.found.restored[path] = (stamp, scan, lines) }
            }
        }
    }

    /// The folders discovery listed, whose Swift files are read ahead should the load wait on
    /// the toolchain (their paths made only then: a warm run never needs them).
    func offer(_ listings: FolderListings) {
        state.withLock { $0.offered = listings }
    }

    /// Starts reading the offered files on `idleCores` workers: once, and only when a core is
    /// idle. A file the cache holds is left to the restoring worker.
    func start(idleCores: Int) {
        let listings: FolderListings? = state.withLock { state in
            guard !state.isReading, idleCores > 0 else { return nil }
            state.isReading = true
            return state.offered
        }
        guard let paths = listings?.swiftSources, !paths.isEmpty else { return }
        let next = Atomic<Int>(0)
        let start = FileStamp.now()
        let inspection = self.inspection
        for _ in 0..<min(idleCores, paths.count) {
            work { [self] in
                let reader = SourceFileReader()
                while !stopped.load(ordering: .relaxed) {
                    let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                    guard index < paths.count else { return }
                    let path = paths[index]
                    if state.withLock({ $0.found.restored[path] != nil || $0.found.stored?[path] != nil }) { continue }
                    // Stamped before reading: a change after the stamp shows in the scan's own stamp.
                    guard let stamp = FileStamp(path: path),
                          case .success(let (scan, lines)) = reader.withContents(of: path, { SourceScan.scanned($0, inspection: inspection) })
                    else { continue }
                    let isSettled = stamp.isSettled(before: start)
                    let encoded = isSettled && cache != nil ? CachedScan.encode(scan, lineTexts: lines, inspection: inspection) : nil
                    let scanned = Scanned(stamp: stamp, isSettled: isSettled, scan: scan, lineTexts: lines, encoded: encoded)
                    state.withLock { $0.found.read[path] = scanned }
                }
            }
        }
    }

    /// Stops the workers (a file being looked at is finished; with `stoppingEarly` false, all of
    /// them) and hands over what they found, once; nothing when the scan asks for more than the
    /// files were scanned for.
    package func finish(for inspection: SourceInspection, stoppingEarly: Bool = true) -> Found {
        if stoppingEarly { stopped.store(true, ordering: .relaxed) }
        workers.wait()
        // The restoring worker is not waited for when stopped early: on a busy machine it may
        // not run again for a while to see that it was stopped, and the scan would wait on it for
        // nothing. What it restored so far is taken; what it adds after is added to nothing
        // anyone reads.
        if !stoppingEarly { restorer.wait() }
        guard inspection.key == self.inspection.key else { return Found() }
        // Moved out, not copied: thousands of scans held here and by the scan too were each
        // retained and released once more, on a core whose caches never saw them.
        return state.withLock { state in
            var found = Found()
            swap(&found, &state.found)
            return found
        }
    }

    /// `job` on a thread of its own, beside the load. It once yielded its core to the load (ten
    /// steps nicer on Linux); since a warm load reuses its stored graph, the load is short and
    /// the scans restored are the next thing the run waits on: yielding made a warm check of a
    /// 420-target package 2 ms slower (21.6 against 19.3 ms, 61 interleaved rounds), and a load
    /// that is not stored was as fast either way.
    private func workBehind(_ job: @escaping @Sendable () -> Void) {
        restorer.enter()
        // Finished is told by the group: the value itself is not waited on.
        _ = BackgroundValue.onItsOwnThread { [restorer] in
            defer { restorer.leave() }
            job()
        }
    }

    private func work(_ job: @escaping @Sendable () -> Void) {
        workers.enter()
        DispatchQueue.global().async { [workers] in
            defer { workers.leave() }
            job()
        }
    }
}
