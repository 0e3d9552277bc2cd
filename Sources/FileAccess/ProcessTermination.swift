#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How a child process ended: its own exit, or a signal that killed it.
package enum ProcessTermination: Sendable, Hashable {
    case exited(status: Int32)
    case signalled(signal: Int32)

    /// The status a shell would show: the exit status, or 128 + the signal.
    package var shellStatus: Int32 {
        switch self {
        case .exited(let status): status
        case .signalled(let signal): 128 + signal
        }
    }

    /// Decodes a `waitpid` status word. The `WIFEXITED` family are C macros Swift cannot import;
    /// the layout (low 7 bits the signal, next 8 the exit status) is the same on Linux and Darwin.
    package init(waitStatus: Int32) {
        let signal = waitStatus & 0x7f
        self = signal == 0 ? .exited(status: (waitStatus >> 8) & 0xff) : .signalled(signal: signal)
    }

    /// "SIGSEGV" for 11 on Linux: the name people search for, since the numbers differ by platform.
    package static func name(ofSignal signal: Int32) -> String {
        let names: [(Int32, String)] = [
            (SIGHUP, "SIGHUP"), (SIGINT, "SIGINT"), (SIGQUIT, "SIGQUIT"), (SIGILL, "SIGILL"),
            (SIGTRAP, "SIGTRAP"), (SIGABRT, "SIGABRT"), (SIGBUS, "SIGBUS"), (SIGFPE, "SIGFPE"),
            (SIGKILL, "SIGKILL"), (SIGSEGV, "SIGSEGV"), (SIGPIPE, "SIGPIPE"), (SIGALRM, "SIGALRM"),
            (SIGTERM, "SIGTERM"), (SIGUSR1, "SIGUSR1"), (SIGUSR2, "SIGUSR2"), (SIGXCPU, "SIGXCPU"),
            (SIGXFSZ, "SIGXFSZ"),
        ]
        return names.first { $0.0 == signal }?.1 ?? "signal \(signal)"
    }
}
