import Foundation

/// Whether a process a test started (or made its child start) is still there.
package enum ProcessProbe {
    /// Alive and not a zombie waiting for a parent that does not reap (a container's init may not).
    package static func isRunning(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else {
            // No /proc (macOS): ask ps for the state.
            let ps = Process()
            ps.executableURL = URL(fileURLWithPath: "/bin/ps")
            ps.arguments = ["-o", "stat=", "-p", String(pid)]
            let output = Pipe()
            ps.standardOutput = output
            guard (try? ps.run()) != nil else { return true }
            let state = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            ps.waitUntilExit()
            return !state.isEmpty && !state.hasPrefix("Z")
        }
        // "pid (name) S ...": the state follows the last parenthesis.
        guard let close = stat.lastIndex(of: ")") else { return true }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first != "Z"
    }
}
