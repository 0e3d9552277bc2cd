import FileAccess
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
#if canImport(SystemCalls)
import SystemCalls
#endif

/// One child started with `posix_spawn` as the leader of a process group of its own, with its
/// standard output and error on pipes. Foundation's `Process` cannot set the group, and without a
/// group a timeout or an interruption could kill the child but not what it started.
package struct SpawnedProcess: Sendable {
    let pid: pid_t
    /// Read ends, close-on-exec, owned by the caller.
    let standardOutput: Int32
    let standardError: Int32

    /// Starts `executable` (an absolute path) with `arguments` (the first is the name the child
    /// sees), in `directory`, with exactly `environment`; standard input from `inputFile` or
    /// /dev/null. The child's signal mask and dispositions are reset, since Bulkhead blocks
    /// SIGINT/SIGTERM and ignores SIGPIPE for itself.
    static func launch(
        executable: String, arguments: [String], directory: String?, environment: [String: String],
        inputFile: String?, registry: ChildProcessRegistry
    ) throws(InputError) -> SpawnedProcess {
        var input: Int32 = -1
        if let inputFile {
            input = open(inputFile, O_RDONLY | O_CLOEXEC)
            guard input >= 0 else { throw .unreadablePath(path: inputFile, reason: "cannot be opened for reading (\(errorText(errno)))") }
        }
        defer { if input >= 0 { close(input) } }

        var pipes: (output: [Int32], error: [Int32]) = ([-1, -1], [-1, -1])
        let pid = try registry.register({ () throws(InputError) -> pid_t in
            // Pipes are made under the registry's lock, so no other child spawned by Bulkhead can
            // inherit them in the moment before they are marked close-on-exec (an inherited write
            // end would keep our reader waiting for that other child's exit).
            pipes.output = try makePipe(arguments)
            do throws(InputError) {
                pipes.error = try makePipe(arguments)
            } catch {
                pipes.output.forEach { close($0) }
                throw error
            }
            let spawned = spawn(executable: executable, arguments: arguments, directory: directory, environment: environment,
                                input: input, output: pipes.output[1], error: pipes.error[1])
            close(pipes.output[1])
            close(pipes.error[1])
            switch spawned {
            case .success(let pid):
                return pid
            case .failure(let failure):
                close(pipes.output[0])
                close(pipes.error[0])
                throw .launchFailed(command: arguments, reason: failure.reason)
            }
        }, command: arguments)
        return SpawnedProcess(pid: pid, standardOutput: pipes.output[0], standardError: pipes.error[0])
    }

    /// Sends `signal` to the child and everything in its group.
    func signalGroup(_ signal: Int32) {
        kill(-pid, signal)
    }

    /// Blocks until the leader has exited, leaving it unreaped: a zombie keeps its process id,
    /// and so its group id, from being reused while the group is still signalled.
    static func waitForExit(of pid: pid_t) {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
    }

    /// After the leader exited: kills what it left running in its group (nothing may outlive the
    /// question it was asked), forgets the group, and reaps the leader.
    func finish(registry: ChildProcessRegistry) -> ProcessTermination {
        signalGroup(SIGKILL)
        registry.release(pid)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return ProcessTermination(waitStatus: status)
    }

    private static func makePipe(_ command: [String]) throws(InputError) -> [Int32] {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw .launchFailed(command: command, reason: "could not make a pipe (\(errorText(errno)))") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return ends
    }

    private static func spawn(
        executable: String, arguments: [String], directory: String?, environment: [String: String],
        input: Int32, output: Int32, error: Int32
    ) -> Result<pid_t, SpawnFailure> {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        if input >= 0 {
            posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, output, STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, error, STDERR_FILENO)
        closeInheritedDescriptors(&actions)
        if let directory {
            guard addChangeDirectory(&actions, directory) == 0 else {
                return .failure(SpawnFailure("cannot run a program in '\(directory)' on this system"))
            }
        }

        var flags = Int32(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        #if canImport(Darwin)
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))
        posix_spawnattr_setpgroup(&attributes, 0)  // 0: a new group, numbered after the child
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)

        let argv = CStringArray(arguments)
        let envp = CStringArray(environment.map { "\($0.key)=\($0.value)" }.sorted())
        defer {
            argv.deallocate()
            envp.deallocate()
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv.pointers, envp.pointers)
        guard result == 0 else { return .failure(SpawnFailure(errorText(result))) }
        return .success(pid)
    }

    #if canImport(Darwin)
    private static func addChangeDirectory(_ actions: inout posix_spawn_file_actions_t?, _ directory: String) -> Int32 {
        posix_spawn_file_actions_addchdir_np(&actions, directory)
    }

    /// Done by `POSIX_SPAWN_CLOEXEC_DEFAULT` on Darwin.
    private static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t?) {}
    #else
    /// glibc has `posix_spawn_file_actions_addchdir_np` (2.29) and `…_addclosefrom_np` (2.34) but
    /// declares them only for `_GNU_SOURCE`, which Swift's Glibc module does not set: they are
    /// called through `SystemCalls`, compiled with it (ENOSYS where the C library lacks them).
    private static func addChangeDirectory(_ actions: inout posix_spawn_file_actions_t, _ directory: String) -> Int32 {
        bulkhead_spawn_add_change_directory(&actions, directory)
    }

    /// Descriptors other code opened without close-on-exec (Foundation's file writes, say) stay
    /// out of the child: an inherited write end would keep a pipe open, and an inherited script
    /// being written makes its exec fail with "Text file busy".
    private static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        _ = bulkhead_spawn_add_close_from(&actions, STDERR_FILENO + 1)
    }
    #endif

    package static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

private struct SpawnFailure: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}

/// A NULL-terminated array of C strings for `posix_spawn`, freed by its owner.
private struct CStringArray {
    let pointers: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    private let count: Int

    init(_ strings: [String]) {
        count = strings.count
        pointers = .allocate(capacity: strings.count + 1)
        for (index, string) in strings.enumerated() { pointers[index] = strdup(string) }
        pointers[strings.count] = nil
    }

    func deallocate() {
        for index in 0..<count { free(pointers[index]) }
        pointers.deallocate()
    }
}
