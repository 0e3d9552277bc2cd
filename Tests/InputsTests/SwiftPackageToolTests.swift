import Foundation
import TestSupport
import Testing
@testable import Inputs

/// The real tool's process handling, with a fake `swift` so no toolchain runs.
@Suite(.tags(.medium)) struct SwiftPackageToolTests {
    /// An executable shell script in a fresh folder; the folder is removed by the caller.
    static func fakeSwift(_ body: String) throws -> (folder: String, executable: String) {
        let folder = try ProcessGroupTests.scratchFolder()
        let executable = folder + "/swift"
        try "#!/bin/sh\n\(body)\n".write(toFile: executable, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: executable)
        return (folder, executable)
    }

    @Test func aToolchainCallThatHangsTimesOutNamingTheCommandWithoutItsScratchFolder() throws {
        let fake = try Self.fakeSwift("sleep 60")
        defer { try? FileManager.default.removeItem(atPath: fake.folder) }
        let tool = SwiftPackageTool(executable: fake.executable, timeout: .milliseconds(500))
        #expect(throws: InputError.timedOut(command: [fake.executable, "package", "--package-path", "/some/package", "describe", "--type", "json"], seconds: 0.5)) {
            try tool.describe(packageAt: "/some/package")
        }
    }

    @Test func eachCallGetsATemporaryFolderInsideTheRunsOwnWhichIsRemovedAfterIt() throws {
        // The fake prints its TMPDIR and its scratch path, and litters TMPDIR as SwiftPM does.
        let fake = try Self.fakeSwift("""
        touch "$TMPDIR/_tmp_scratch.lock"; mkdir "$TMPDIR/TemporaryDirectory.x"
        printf '%s\\n%s\\n' "$TMPDIR" "$5"
        """)
        defer { try? FileManager.default.removeItem(atPath: fake.folder) }
        let output = try SwiftPackageTool(executable: fake.executable).dumpPackage(packageAt: "/some/package")
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
        let runFolder = try RunTemporaryFolder.shared.path()
        #expect(runFolder.hasPrefix(FileManager.default.temporaryDirectory.path))
        #expect(lines.count == 2)
        let temporary = try #require(lines.first)
        #expect(temporary.hasPrefix(runFolder + "/swift-package-") && temporary.hasSuffix("/tmp"))
        #expect(lines.last == (temporary as NSString).deletingLastPathComponent + "/scratch")
        #expect(!FileManager.default.fileExists(atPath: temporary), "the call's folder goes with the call")
    }

    @Test func aCrashingToolchainIsReportedByItsSignal() throws {
        let fake = try Self.fakeSwift("kill -SEGV $$")
        defer { try? FileManager.default.removeItem(atPath: fake.folder) }
        #expect(throws: InputError.commandKilled(command: [fake.executable, "package", "--package-path", "/p", "dump-package"], signal: SIGSEGV, standardError: "")) {
            try SwiftPackageTool(executable: fake.executable).dumpPackage(packageAt: "/p")
        }
    }
}
