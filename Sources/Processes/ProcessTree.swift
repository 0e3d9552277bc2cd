import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Kills a child together with everything it started, even what left its process group:
/// SwiftPM starts the manifest's compiler and the manifest itself each in a group of its own, so
/// killing `swift-package`'s group alone leaves them running (and writing into the temporary
/// folder being removed).
///
/// The descendants are found through `/proc` on Linux. Elsewhere only the group is reached.
enum ProcessTree {
    /// Stops `root` and the whole tree below it with SIGSTOP, repeated until no new process
    /// appears, so that none can start another or be orphaned out of reach; returns them.
    static func freeze(rootedAt root: pid_t) -> Set<pid_t> {
        var stopped: Set<pid_t> = []
        for _ in 0..<20 {
            let found = Set([root] + descendants(of: root)).subtracting(stopped)
            if found.isEmpty { break }
            for pid in found { _ = Foundation.kill(pid, SIGSTOP) }
            stopped.formUnion(found)
        }
        return stopped
    }

    /// Kills `root`'s tree and group with SIGKILL, and `members` found earlier (a tree frozen
    /// before `root` exited, whose children are no longer below it).
    static func kill(rootedAt root: pid_t, alsoKilling members: Set<pid_t> = []) {
        let frozen = freeze(rootedAt: root)
        _ = Foundation.kill(-root, SIGKILL)
        for pid in frozen.union(members) { _ = Foundation.kill(pid, SIGKILL) }
    }

    /// Asks a frozen tree to end: SIGTERM to each member and to `root`'s group, then SIGCONT so
    /// they can act on it (cleaning up as SwiftPM does on SIGTERM).
    static func terminate(_ members: Set<pid_t>, rootedAt root: pid_t) {
        _ = Foundation.kill(-root, SIGTERM)
        for pid in members { _ = Foundation.kill(pid, SIGTERM) }
        _ = Foundation.kill(-root, SIGCONT)
        for pid in members { _ = Foundation.kill(pid, SIGCONT) }
    }

    /// Every process below `root` in the parent tree, breadth-first.
    static func descendants(of root: pid_t) -> [pid_t] {
        let children = childrenByParent()
        var found: [pid_t] = []
        var queue = children[root] ?? []
        while let pid = queue.popLast() {
            found.append(pid)
            queue += children[pid] ?? []
        }
        return found
    }

    #if os(Linux)
    /// Each process's children, from the parent id in `/proc/<pid>/stat`.
    private static func childrenByParent() -> [pid_t: [pid_t]] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [:] }
        var children: [pid_t: [pid_t]] = [:]
        for entry in entries {
            guard let pid = pid_t(entry), let parent = parent(of: pid) else { continue }
            children[parent, default: []].append(pid)
        }
        return children
    }

    /// "pid (name) state ppid …": the parent is the second field after the last parenthesis (the
    /// name may hold spaces and parentheses).
    private static func parent(of pid: pid_t) -> pid_t? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? pid_t(fields[1]) : nil
    }
    #else
    private static func childrenByParent() -> [pid_t: [pid_t]] { [:] }
    #endif
}
