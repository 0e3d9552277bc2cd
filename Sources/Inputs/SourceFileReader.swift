#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// Why one source file could not be read. Per-file problems are reported and the run goes on.
package enum SourceReadError: Error, Sendable, Equatable {
    case notFound
    case permissionDenied
    case notARegularFile
    case ioError(String)

    package var reason: String {
        switch self {
        case .notFound: "no such file (deleted while Bulkhead ran?)"
        case .permissionDenied: "permission denied"
        case .notARegularFile: "not a regular file"
        case .ioError(let detail): detail
        }
    }
}

/// Reads whole files into one buffer that it reuses, so a worker allocates only when a file is
/// larger than any it read before: memory follows the largest file, not the package.
///
/// Not thread-safe: each worker owns its reader.
package final class SourceFileReader {
    private var buffer: UnsafeMutableRawPointer
    private var capacity: Int

    package init(initialCapacity: Int = 256 * 1024) {
        capacity = max(initialCapacity, 4096)
        buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    }

    deinit { buffer.deallocate() }

    /// Reads `path` and hands its bytes to `body`. The buffer is valid only inside `body`.
    package func withContents<Result>(
        of path: String,
        _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Swift.Result<Result, SourceReadError> {
        // O_NONBLOCK: opening a FIFO that someone named `x.swift` must not wait for a writer.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(Self.error(for: errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(Self.error(for: errno)) }
        guard (status.st_mode & S_IFMT) == S_IFREG else { return .failure(.notARegularFile) }
        // One byte more than the size, so a file that has not grown is read to its end in one go.
        ensureCapacity(Int(status.st_size) + 1, preserving: 0)
        var length = 0
        while true {
            if length == capacity { ensureCapacity(capacity * 2, preserving: length) }
            let count = read(descriptor, buffer + length, capacity - length)
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(Self.error(for: errno))
            }
            length += count
        }
        let bytes = UnsafeBufferPointer(start: buffer.assumingMemoryBound(to: UInt8.self), count: length)
        return .success(body(bytes))
    }

    private func ensureCapacity(_ needed: Int, preserving length: Int) {
        guard needed > capacity else { return }
        let newCapacity = max(needed, capacity * 2)
        let grown = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
        grown.copyMemory(from: buffer, byteCount: length)
        buffer.deallocate()
        buffer = grown
        capacity = newCapacity
    }

    private static func error(for code: Int32) -> SourceReadError {
        switch code {
        case ENOENT, ENOTDIR: .notFound
        case EACCES, EPERM: .permissionDenied
        case EISDIR: .notARegularFile
        default: .ioError(String(cString: strerror(code)))
        }
    }
}
