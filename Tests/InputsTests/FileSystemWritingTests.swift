import Foundation
@testable import PackageLoading
@testable import FileAccess
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `FileSystem.write` looks at what is at the path before writing.
@Suite(.tags(.small)) struct FileSystemWritingTests {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-write-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func aRegularFileIsReplacedAndKeepsItsPermissions() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/report.txt"
        try "old".write(toFile: file, atomically: false, encoding: .utf8)
        #expect(chmod(file, 0o640) == 0)
        try FileSystem.write(Data("new".utf8), to: file)
        #expect(contents(file) == "new")
        #expect((try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int) == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["report.txt"], "no temporary file left behind")
    }

    /// The reproduction of issue 24: as root, a fix's write handed the manifest to root. The
    /// replaced file's owner and group stay (only root can give a file away, so only root runs it).
    @Test(.enabled(if: geteuid() == 0, "only root can give a file to another owner"))
    func aReplacedFileKeepsItsOwnerAndGroup() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/Package.swift"
        try "old".write(toFile: file, atomically: false, encoding: .utf8)
        #expect(chown(file, 4321, 4322) == 0)
        try FileSystem.write(Data("new".utf8), to: file)
        var status = stat()
        #expect(stat(file, &status) == 0 && status.st_uid == 4321 && status.st_gid == 4322)
        #expect(contents(file) == "new")
    }

    /// A file with another hard link is refused, both names untouched: a rename would split the
    /// link, and writing in place would not be atomic.
    @Test func aFileWithAnotherHardLinkIsRefusedAndBothNamesKeepTheirContent() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/Package.swift"
        try "old".write(toFile: file, atomically: false, encoding: .utf8)
        #expect(link(file, folder + "/Linked.swift") == 0)
        #expect {
            try FileSystem.write(Data("new".utf8), to: file)
        } throws: { error in
            guard case InputError.unwritable(_, .system(let reason)) = error else { return false }
            return reason.contains("2 hard links")
        }
        #expect(contents(file) == "old" && contents(folder + "/Linked.swift") == "old")
    }

    /// The reproduction of issue 24: SIGINT during a fix's write left `.Package.swift.bulkhead-…`.
    /// The interruption removes the temporary file of a write under way; the old file stays.
    @Test func anInterruptedWriteLeavesNoTemporaryFile() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/Package.swift"
        try "old".write(toFile: file, atomically: false, encoding: .utf8)
        var seen: [String] = []
        _ = FileSystem.replaceAtomically(file, with: Data("new".utf8)) {
            seen = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            // What the signal thread does before `_exit`, for this folder's write only: removing
            // every pending file of the process took the temporary file of another test's write
            // running meanwhile, whose rename then failed.
            FileSystem.removePendingTemporaryFiles(where: { $0.hasPrefix(folder + "/") })
        }
        #expect(seen.contains { $0.hasPrefix(".Package.swift.bulkhead-") }, "the write was under way")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["Package.swift"])
        #expect(contents(file) == "old")
    }

    @Test func aDanglingLinkCreatesTheFileItNames() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: "target.txt")
        try FileSystem.write(Data("through".utf8), to: folder + "/link")
        #expect(contents(folder + "/target.txt") == "through")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link") == "target.txt")
    }

    @Test func failuresSayWhyWithoutThePath() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: InputError.unwritable(path: folder + "/missing/a.json", failure: .missingFolder(folder + "/missing"))) {
            try FileSystem.write(Data(), to: folder + "/missing/a.json")
        }
        #expect(throws: InputError.unwritable(path: folder, failure: .isFolder)) { try FileSystem.write(Data(), to: folder) }
        #expect(throws: InputError.unwritable(path: "/dev/full", failure: .system("no space left on device"))) {
            try FileSystem.write(Data("x".utf8), to: "/dev/full")
        }
        #expect(throws: InputError.unwritable(path: "/dev/fd/987", failure: .closedDescriptor(987))) {
            try FileSystem.write(Data("x".utf8), to: "/dev/fd/987")
        }
        #expect(WriteFailure.missingFolder("/work/x").reason(relativeTo: "/work") == "the folder 'x' does not exist; create it first")
    }

    @Test func canonicalPathsOfTwoSpellingsAgree() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/real", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/alias", withDestinationPath: "real")
        try "x".write(toFile: folder + "/real/a.txt", atomically: false, encoding: .utf8)
        #expect(FileSystem.canonicalPath(folder + "/alias/a.txt") == FileSystem.canonicalPath(folder + "/real/a.txt"))
        #expect(FileSystem.canonicalPath(folder + "/alias/new.txt") == FileSystem.canonicalPath(folder + "/real") + "/new.txt")
    }
}
