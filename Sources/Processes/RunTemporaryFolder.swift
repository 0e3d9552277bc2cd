import FileAccess
import Foundation
import Synchronization

/// The one folder under `TMPDIR` that a Bulkhead process may leave things in, and that it removes
/// at its end: at `exit`, and on SIGINT/SIGTERM (through `Interruption`).
///
/// Children that write temporary files (SwiftPM's lock files and `TemporaryDirectory.*` folders,
/// its scratch folder) get their `TMPDIR` pointed inside it, so nothing of a run is left in the
/// user's `TMPDIR` however it ends. Created on first use: a run that starts no toolchain process
/// makes no folder. One per process (`shared`), because `TMPDIR` and exit are per process.
package final class RunTemporaryFolder: Sendable {
    package static let shared = RunTemporaryFolder()

    private struct State {
        var path: String?
        var removesAtExit = false
        /// Set at the end of the run: no folder may be made after the last removal.
        var isClosed = false
    }

    private let state = Mutex(State())

    /// `TMPDIR/bulkhead-<pid>-XXXXXX`, private to the user (0700), made on first call.
    package func path() throws(InputError) -> String {
        try state.withLock { (state: inout State) throws(InputError) -> String in
            if let path = state.path { return path }
            guard !state.isClosed else { throw .unwritable(path: "TMPDIR", failure: .system("Bulkhead is stopping")) }
            let parent = FileManager.default.temporaryDirectory.path
            var template = Array("\(parent.hasSuffix("/") ? String(parent.dropLast()) : parent)/bulkhead-\(getpid())-XXXXXX".utf8CString)
            guard let made = mkdtemp(&template) else {
                throw .unwritable(path: parent, failure: .system("could not make a temporary folder in it (\(SpawnedProcess.errorText(errno))); set TMPDIR to a writable folder"))
            }
            let path = String(cString: made)
            state.path = path
            if !state.removesAtExit {
                state.removesAtExit = true
                atexit { RunTemporaryFolder.shared.remove() }
            }
            return path
        }
    }

    /// A new empty folder inside the run's folder, for one child's files; the caller removes it
    /// with `removeSubfolder` when the child is done, so a long run does not accumulate them.
    package func makeSubfolder(prefix: String) throws(InputError) -> String {
        let folder = try path() + "/\(prefix)-\(UUID().uuidString)"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        } catch {
            throw .unwritable(path: folder, failure: .system(error.localizedDescription))
        }
        return folder
    }

    package func removeSubfolder(_ folder: String) {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Removes the folder and all in it, at the end of the run: later calls to `path()` fail.
    /// The lock is held throughout, so an exit racing an interruption's cleanup waits for it.
    package func remove() {
        state.withLock { state in
            state.isClosed = true
            guard let path = state.path else { return }
            state.path = nil
            // On an interruption, threads whose child was just killed remove their own subfolders
            // at the same moment, and a removal that finds an entry gone stops early: try again.
            for _ in 0..<10 {
                try? FileManager.default.removeItem(atPath: path)
                guard FileSystem.fileExists(path) else { return }
                usleep(20_000)
            }
        }
    }
}
