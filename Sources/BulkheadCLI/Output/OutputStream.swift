import FileAccess
import PackageLoading
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command writes: standard output or error for real runs, memory for tests. Commands
/// write bytes; text is UTF-8.
package protocol OutputStream: AnyObject {
    func write(_ bytes: [UInt8])
    func flush()
    /// Whether a person is likely watching (a terminal), which decides colour.
    var isTerminal: Bool { get }
    /// The first write that failed for a reason other than a reader that stopped reading
    /// (`no space left on device`), after which the stream writes nothing more; nil while every
    /// write has gone through. Commands need not look: `BulkheadCLI.run` does, once, at the end.
    var failure: String? { get }
}

extension OutputStream {
    package func write(_ text: String) { write(Array(text.utf8)) }
    package func writeLine(_ text: String) { write(Array((text + "\n").utf8)) }
}

/// A file descriptor with a 64 KiB buffer, so a listing of 100,000 imports is a few dozen
/// system calls rather than 100,000.
package final class FileDescriptorStream: OutputStream {
    private let descriptor: Int32
    private var pending: [UInt8] = []
    private let limit = 64 * 1024
    package let isTerminal: Bool
    package private(set) var failure: String?
    /// Set on the first failed write of any kind: the rest would fail the same way.
    private var stopped = false

    package init(descriptor: Int32) {
        self.descriptor = descriptor
        self.isTerminal = isatty(descriptor) == 1
        pending.reserveCapacity(limit)
    }

    package static func standardOutput() -> FileDescriptorStream { FileDescriptorStream(descriptor: 1) }
    package static func standardError() -> FileDescriptorStream { FileDescriptorStream(descriptor: 2) }

    package func write(_ bytes: [UInt8]) {
        pending.append(contentsOf: bytes)
        if pending.count >= limit { flush() }
    }

    /// A closed pipe (EPIPE, `bulkhead imports | head`) ends the output quietly: the reader
    /// chose to stop, and turning that into status 2 would fail `set -o pipefail` scripts that
    /// only wanted the first lines. Any other error (ENOSPC, EIO) means a reader that wanted
    /// everything got part of it, so it is recorded for `BulkheadCLI.run` to turn into status 2.
    package func flush() {
        defer { pending.removeAll(keepingCapacity: true) }
        guard !stopped else { return }
        var offset = 0
        pending.withUnsafeBytes { raw in
            while offset < raw.count, let base = raw.baseAddress {
                let written = systemWrite(descriptor, base + offset, raw.count - offset)
                if written < 0 {
                    let code = errno
                    if code == EINTR { continue }
                    stopped = true
                    if code != EPIPE { failure = FileSystem.errorText(code) }
                    return
                }
                offset += written
            }
        }
    }

    deinit { flush() }
}

/// Collects output in memory; tests read it back as text.
package final class CapturedOutput: OutputStream {
    package private(set) var bytes: [UInt8] = []
    package let isTerminal: Bool

    package var failure: String?

    package init(isTerminal: Bool = false) { self.isTerminal = isTerminal }

    package func write(_ bytes: [UInt8]) { self.bytes.append(contentsOf: bytes) }
    package func flush() {}

    package var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// `write(2)` from whichever C library the platform has; the stream's own `write` shadows it.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
