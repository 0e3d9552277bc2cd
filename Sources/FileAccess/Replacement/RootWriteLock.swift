import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// The advisory lock two Bulkhead runs take before they verify and replace files under one root,
/// so their writes never interleave: the second waits, then finds the first one's changes and
/// refuses instead of writing over them.
///
/// An exclusive `flock` on the root folder's own descriptor rather than on a lock file: nothing
/// is created in the person's repository (no file for `git status` to show, none left behind
/// when a run is killed, since the kernel drops the lock with the descriptor), and it is the
/// folder the writes go through. A folder can be opened only for reading, which `flock` needs
/// no more than.
enum RootWriteLock {
    /// Takes the lock on `folder` (the root's descriptor), waiting at most `wait`. The lock lasts
    /// until the descriptor is closed.
    static func acquire(_ folder: Int32, root: String, waitingAtMost wait: Duration) throws(ReplacementRefusal) {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: wait)
        while flock(folder, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK else {
                throw .system(file: root, operation: "locking the folder", reason: FileSystem.errorText(code))
            }
            guard clock.now < deadline else {
                throw .locked(root: root, holder: holder(of: folder), seconds: Int(wait.components.seconds))
            }
            // Polled rather than a blocking `flock`, which no timer may interrupt in a program
            // whose signals one thread takes with `sigwait`.
            usleep(20_000)
        }
    }

    /// Which process holds the `flock` on `folder`, where the system says (`/proc/locks` on
    /// Linux): "process 1234, bulkhead". nil elsewhere, or when it has just ended.
    static func holder(of folder: Int32) -> String? {
        #if os(Linux)
        var status = stat()
        guard fstat(folder, &status) == 0,
              let locks = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return nil }
        // "1: FLOCK  ADVISORY  WRITE 1234 08:01:5678 0 EOF"; a waiter's line has "->" after the number.
        for line in locks.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 6, fields[1] == "FLOCK", let process = Int32(fields[4]), process != getpid(),
                  fields[5].split(separator: ":").last.flatMap({ UInt64($0) }) == UInt64(status.st_ino) else { continue }
            let name = (try? String(contentsOfFile: "/proc/\(process)/comm", encoding: .utf8))
                .map { String($0.trimmingCharacters(in: .whitespacesAndNewlines).unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) }) }
            return "process \(process)" + (name.map { ", \($0)" } ?? "")
        }
        return nil
        #else
        return nil
        #endif
    }
}
