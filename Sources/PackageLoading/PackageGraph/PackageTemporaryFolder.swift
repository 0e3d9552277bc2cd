import Caches
import FileAccess
import Foundation
import Processes
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The `TMPDIR` of the `swift package` calls about one package: the same path on every run, so
/// SwiftPM's manifest cache, which keys a compiled manifest on the environment (`TMPDIR`
/// included), hits from run to run — a fresh `TMPDIR` per call would compile every manifest
/// again, several times slower for a large manifest (Benchmarks measure it).
///
/// The folder is `<lasting>/<hash of the package path>`, emptied and removed after each call
/// (SwiftPM leaves its lock files and empty `TemporaryDirectory.*` folders in `TMPDIR` however
/// it ends), under an exclusive `flock` on `<hash>.lock` beside it: two runs asking about the
/// same package at once take turns instead of removing each other's files. The lock is the
/// kernel's, so a run that is killed holds it no longer; what its call left is removed by the
/// next call on that package. Only the lock files, one per package asked about, stay.
struct PackageTemporaryFolder {
    let path: String
    private let lock: Int32

    /// Takes the lock for `package` (absolute) in `lasting`, waiting for another run that holds
    /// it, and makes the folder afresh.
    init(for package: String, in lasting: String) throws(InputError) {
        let name = CacheLocation.fileName(for: package)
        // `lasting` is `<cache>/toolchain-tmp`: the cache folder is made (and marked) as any entry's.
        CacheLocation.makeFolder((lasting as NSString).deletingLastPathComponent)
        do {
            try FileManager.default.createDirectory(atPath: lasting, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .unwritable(path: lasting, failure: .system(error.localizedDescription))
        }
        let lockPath = lasting + "/" + name + ".lock"
        let descriptor = open(lockPath, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .unwritable(path: lockPath, failure: .system(SpawnedProcess.errorText(errno))) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let failure = SpawnedProcess.errorText(errno)
                close(descriptor)
                throw .unwritable(path: lockPath, failure: .system(failure))
            }
        }
        lock = descriptor
        path = lasting + "/" + name
        try? FileManager.default.removeItem(atPath: path)
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            // A folder can be made on a full disk; SwiftPM's first write into it then fails. A
            // manifest's worth of bytes written and removed shows the folder takes files.
            try Data(count: Self.probeSize).write(to: URL(fileURLWithPath: path + "/probe"))
            try FileManager.default.removeItem(atPath: path + "/probe")
        } catch {
            release()
            throw .unwritable(path: path, failure: .system(error.localizedDescription))
        }
    }

    static let probeSize = 64 * 1024

    /// Removes the folder with what the call left in it, and lets the next run in.
    func release() {
        try? FileManager.default.removeItem(atPath: path)
        flock(lock, LOCK_UN)
        close(lock)
    }
}
