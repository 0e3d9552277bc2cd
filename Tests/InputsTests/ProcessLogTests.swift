import Foundation
import TestSupport
import Testing
@testable import PackageLoading
@testable import GitChanges
@testable import Processes
@testable import FileAccess

/// `--verbose`'s record of toolchain and git calls: every call, its status and its time, in an
/// order that does not depend on which parallel call finished first.
@Suite(.tags(.medium)) struct ProcessLogTests {
    /// The line with its time replaced, the one part that changes between runs.
    static func withoutTime(_ line: String) -> String {
        line.replacing(/, [0-9]+\.[0-9]{3} s\)$/, with: ", T s)")
    }

    @Test func eachCallIsALineWithStatusAndTimeSortedByCommand() throws {
        let log = ProcessLog()
        for command in [["sh", "-c", "exit 3"], ["sh", "-c", "exit 0"]] {
            _ = try log.timed(command) { () throws(InputError) in try ProcessRunner.run(command) }
        }
        #expect(log.lines.map(Self.withoutTime) == ["ran sh -c exit 0 (status 0, T s)", "ran sh -c exit 3 (status 3, T s)"])
    }

    @Test func aCallThatCouldNotStartIsLoggedAsFailed() {
        let log = ProcessLog()
        #expect(throws: InputError.self) {
            try log.timed(["no-such-program-bulkhead"]) { () throws(InputError) in try ProcessRunner.run(["no-such-program-bulkhead"]) }
        }
        #expect(log.lines.map(Self.withoutTime) == ["ran no-such-program-bulkhead (failed, T s)"])
    }

    @Test func gitCallsAreLogged() throws {
        let folder = FileSystem.realPath(FileManager.default.temporaryDirectory.path) + "/bulkhead-log-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try ProcessRunner.run(["git", "init", "-q", folder])
        let log = ProcessLog()
        let repository = try GitRepository.containing(folder, log: log)
        #expect(repository.top == folder)
        #expect(log.lines.map(Self.withoutTime) == ["ran git rev-parse --show-toplevel (status 0, T s)"])
    }
}
