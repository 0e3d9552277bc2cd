import Foundation
import Inputs
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
