import Foundation
import TestSupport
import Testing
@testable import PackageLoading
@testable import Processes
@testable import FileAccess

@Suite(.tags(.medium)) struct SourceFileReaderTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-reader-\(UUID().uuidString)").path

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    @Test func readsFilesLargerThanItsBuffer() throws {
        let path = folder + "/big.swift"
        let bytes = (0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 % 251) }
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        let reader = SourceFileReader(initialCapacity: 4096)
        let read = reader.withContents(of: path) { Array($0) }
        #expect(try read.get() == bytes)
        // The buffer is reused: a smaller file afterwards is read whole and alone.
        let small = folder + "/small.swift"
        FileManager.default.createFile(atPath: small, contents: Data("import A\n".utf8))
        #expect(try reader.withContents(of: small) { Array($0) }.get() == Array("import A\n".utf8))
    }

    @Test func aMissingFileIsNotFound() {
        let result = SourceFileReader().withContents(of: folder + "/missing.swift") { _ in 0 }
        #expect(result == .failure(.notFound))
    }

    @Test func aFolderNamedLikeASourceIsNotARegularFile() throws {
        try FileManager.default.createDirectory(atPath: folder + "/Folder.swift", withIntermediateDirectories: true)
        #expect(SourceFileReader().withContents(of: folder + "/Folder.swift") { _ in 0 } == .failure(.notARegularFile))
    }

    @Test func aFIFONamedLikeASourceDoesNotHang() throws {
        let path = folder + "/pipe.swift"
        let made = try ProcessRunner.run(["mkfifo", path])
        try #require(made.status == 0)
        #expect(SourceFileReader().withContents(of: path) { _ in 0 } == .failure(.notARegularFile))
    }

    @Test func aDanglingSymlinkIsNotFound() throws {
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.swift", withDestinationPath: folder + "/gone.swift")
        #expect(SourceFileReader().withContents(of: folder + "/link.swift") { _ in 0 } == .failure(.notFound))
    }

    @Test func anEmptyFileIsEmpty() throws {
        FileManager.default.createFile(atPath: folder + "/empty.swift", contents: Data())
        #expect(try SourceFileReader().withContents(of: folder + "/empty.swift") { $0.count }.get() == 0)
    }
}

@Suite(.tags(.small)) struct ParallelFileProcessorTests {
    @Test func deliversResultsInInputOrderBatchByBatch() {
        let paths = (0..<1000).map { "/nonexistent/\($0).swift" }
        var seen: [Int] = []
        var batches = 0
        ParallelFileProcessor(workerCount: 4, batchSize: 64).process(paths) { index, contents in
            if case .failure(.notFound) = contents { return index }
            return -1
        } emit: { results in
            batches += 1
            seen += results
        }
        #expect(seen == Array(0..<1000))
        #expect(batches == 16)
    }
}

@Suite(.tags(.small)) struct FileSystemTests {
    @Test(arguments: [
        ("a/b/../c", "/base", "/base/a/c"),
        ("/x/./y//z", "/base", "/x/y/z"),
        ("..", "/base/sub", "/base"),
        (".", "/base", "/base"),
        ("Sources/A.swift", "/work/.hidden/pkg", "/work/.hidden/pkg/Sources/A.swift"),
        ("x/.../y", "/b", "/b/x/.../y"),
        ("x/../y/", "/b", "/b/y"),
        ("x/./y", "/.b", "/.b/x/y"),
        ("/a//b/..", "/ignored", "/a"),
    ])
    func normalizesPaths(path: String, base: String, expected: String) {
        #expect(FileSystem.absolutePath(path, relativeTo: base) == expected)
    }

    @Test func relativePathsClimbOutOfTheBaseWhenNeeded() {
        #expect(FileSystem.relativePath("/p/Sources/A.swift", to: "/p") == "Sources/A.swift")
        #expect(FileSystem.relativePath("/pkg/A.swift", to: "/p") == "../pkg/A.swift")
        #expect(FileSystem.relativePath("/repo/Core", to: "/repo/App") == "../Core")
        #expect(FileSystem.relativePath("/repo", to: "/repo") == ".")
        #expect(FileSystem.relativePath("Sources/A.swift", to: "/repo") == "Sources/A.swift")
        #expect(FileSystem.relativePath("/w/.work/pkg/Sources/A.swift", to: "/w/.work/pkg") == "Sources/A.swift")
        #expect(FileSystem.relativePath("/w/pkg/../other/A.swift", to: "/w/pkg") == "../other/A.swift")
    }
}
