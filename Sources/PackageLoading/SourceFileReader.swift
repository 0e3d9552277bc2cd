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
    /// Larger than the reader's limit; not read at all.
    case tooLarge(bytes: Int, limit: Int)

    package var reason: String {
        switch self {
        case .notFound: "no such file (deleted while Bulkhead ran?)"
        case .permissionDenied: "permission denied"
        case .notARegularFile: "not a regular file"
        case .ioError(let detail): detail
        case .tooLarge(let bytes, let limit): "file is \(bytes) bytes, over the \(limit)-byte limit; not scanned"
        }
    }
}

/// Reads whole files into one buffer that it reuses, so a worker allocates only when a file is
/// larger than any it read before: memory follows the largest file, not the package.
///
/// A file over `sizeLimit` is a per-file failure, decided before anything is allocated, so a
/// sparse 64 GiB file costs nothing and the other files of the run are still read.
///
/// Not thread-safe: each worker owns its reader.
package final class SourceFileReader {
    /// 256 MiB: far above any real Swift source (the largest generated ones are tens of MB), low
    /// enough that one buffer per core fits in memory.
    package static let defaultSizeLimit = 256 << 20

    private var buffer: UnsafeMutableRawPointer
    private var capacity: Int
    private let sizeLimit: Int

    package init(initialCapacity: Int = 256 * 1024, sizeLimit: Int = SourceFileReader.defaultSizeLimit) {
        self.sizeLimit = max(0, sizeLimit)
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
        let size = Int(status.st_size)
        guard size <= sizeLimit else { return .failure(.tooLarge(bytes: size, limit: sizeLimit)) }
        // One byte more than the size, so a file that has not grown is read to its end in one go.
        ensureCapacity(size + 1, preserving: 0)
        var length = 0
        while true {
            // A file that grows while it is read is held to the same limit.
            guard length <= sizeLimit else { return .failure(.tooLarge(bytes: length, limit: sizeLimit)) }
            if length == capacity { ensureCapacity(min(capacity * 2, sizeLimit + 1), preserving: length) }
            let requested = min(capacity - length, sizeLimit + 1 - length)
            let count = read(descriptor, buffer + length, requested)
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(Self.error(for: errno))
            }
            length += count
            // Short of what was asked and exactly the size `fstat` gave: the end, without a
            // second `read` to see it. (A read a signal cut short stops below the size; a file
            // that grew fills the extra byte; both go round again.)
            if count < requested && length == size { break }
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
