import Dispatch
import ImportScanning
import ParallelWork
import Synchronization

/// Swift sources read and scanned ahead, on the cores a cold load leaves idle while it waits on
/// the toolchain. A package of hundreds of targets waits a third of a second on one
/// `dump-package`, which uses one core; reading its sources afterwards added half as much again.
///
/// Discovery offers the Swift files it listed; the loader starts the reading when it asks the
/// toolchain with cores to spare (never on a warm run, which asks nothing); the scan takes what
/// was read once the graph is known, and reads a file again only when its stamp changed since
/// (or it was never reached). Files that turn out to belong to no target were read for nothing,
/// on a core that would have waited anyway.
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
    }

    private let inspection: SourceInspection
    private let state = Mutex(State())
    private let stopped = Atomic<Bool>(false)
    private let workers = DispatchGroup()

    private struct State {
        var offered: [String] = []
        var isStarted = false
        var read: [String: Scanned] = [:]
    }

    /// Files are scanned for what `inspection` asks, as the scan that takes them will ask.
    package init(inspection: SourceInspection) {
        self.inspection = inspection
    }

    /// The files to read if the load waits (absolute paths, in the order to read them).
    func offer(_ paths: [String]) {
        state.withLock { $0.offered = paths }
    }

    /// Starts reading the offered files on `idleCores` workers: once, and only when a core is idle.
    func start(idleCores: Int) {
        let paths: [String]? = state.withLock { state in
            guard !state.isStarted, idleCores > 0, !state.offered.isEmpty else { return nil }
            state.isStarted = true
            return state.offered
        }
        guard let paths else { return }
        let next = Atomic<Int>(0)
        let start = FileStamp.now()
        for _ in 0..<min(idleCores, paths.count) {
            workers.enter()
            DispatchQueue.global().async { [self] in
                defer { workers.leave() }
                let reader = SourceFileReader()
                while !stopped.load(ordering: .relaxed) {
                    let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                    guard index < paths.count else { return }
                    // Stamped before reading: a change after the stamp shows in the scan's own stamp.
                    guard let stamp = FileStamp(path: paths[index]),
                          case .success(let (scan, lines)) = reader.withContents(of: paths[index], { SourceScan.scanned($0, inspection: inspection) })
                    else { continue }
                    let scanned = Scanned(stamp: stamp, isSettled: stamp.isSettled(before: start), scan: scan, lineTexts: lines)
                    state.withLock { $0.read[paths[index]] = scanned }
                }
            }
        }
    }

    /// Stops the reading (a file being read is finished) and gives what was read, by path; empty
    /// when the scan asks for more than the files were scanned for.
    package func finish(for inspection: SourceInspection) -> [String: Scanned] {
        stopped.store(true, ordering: .relaxed)
        workers.wait()
        guard inspection.key == self.inspection.key else { return [:] }
        return state.withLock { $0.read }
    }
}
