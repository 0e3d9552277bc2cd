import Foundation
import TestSupport
import Testing
@testable import PackageLoading

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file over the size limit is a per-file failure decided before anything is allocated; the
/// other files of the same run are read as usual. Sparse files made with `ftruncate` take no disk.
@Suite(.tags(.medium)) struct HugeFileTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-huge-\(UUID().uuidString)").path

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    private func sparseFile(_ name: String, bytes: Int) throws -> String {
        let path = folder + "/" + name
        let descriptor = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o644)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        try #require(ftruncate(descriptor, off_t(bytes)) == 0)
        return path
    }

    @Test func aSparse64GiBFileIsRefusedAndTheOthersAreRead() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let big = try sparseFile("big.swift", bytes: 64 << 30)
        let small = folder + "/small.swift"
        FileManager.default.createFile(atPath: small, contents: Data("import Foundation\n".utf8))
        var outcomes: [String] = []
        ParallelFileProcessor(workerCount: 2).process([big, small]) { _, contents in
            switch contents {
            case .success(let bytes): return "read \(bytes.count)"
            case .failure(let error): return error.reason
            }
        } emit: { outcomes += $0 }
        #expect(outcomes == ["file is 68719476736 bytes, over the 268435456-byte limit; not scanned", "read 18"])
    }

    @Test func theLimitIsInclusive() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let atLimit = try sparseFile("at.swift", bytes: 4096)
        let over = try sparseFile("over.swift", bytes: 4097)
        let reader = SourceFileReader(initialCapacity: 1024, sizeLimit: 4096)
        #expect(try reader.withContents(of: atLimit) { $0.count }.get() == 4096)
        #expect(reader.withContents(of: over) { $0.count } == .failure(.tooLarge(bytes: 4097, limit: 4096)))
    }
}
