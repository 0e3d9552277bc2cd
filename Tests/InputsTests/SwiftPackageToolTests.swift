import Foundation
import ParallelWork
import TestSupport
import Testing
@testable import PackageLoading
@testable import Caches
@testable import Processes
@testable import FileAccess

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

    /// With a lasting folder, every call about a package gets the same TMPDIR (so SwiftPM's
    /// manifest cache, keyed on the environment, hits from run to run); what SwiftPM leaves
    /// there goes with the call, and only the package's lock file stays.
    @Test func aLastingTemporaryFolderIsTheSameForEveryCallAndIsEmptiedAfterIt() throws {
        let fake = try Self.fakeSwift("""
        touch "$TMPDIR/_scratch.lock"; mkdir "$TMPDIR/TemporaryDirectory.x"
        printf '%s\n' "$TMPDIR"
        """)
        defer { try? FileManager.default.removeItem(atPath: fake.folder) }
        var tool = SwiftPackageTool(executable: fake.executable)
        let lasting = fake.folder + "/cache/toolchain-tmp"
        tool.lastingTemporaryFolder = lasting
        let first = String(decoding: try tool.dumpPackage(packageAt: "/some/package"), as: UTF8.self)
        let second = String(decoding: try tool.describe(packageAt: "/some/package"), as: UTF8.self)
        let other = String(decoding: try tool.describe(packageAt: "/other/package"), as: UTF8.self)
        let name = CacheLocation.fileName(for: "/some/package")
        #expect(first == "\(lasting)/\(name)\n" && second == first && other != first)
        #expect(try FileManager.default.contentsOfDirectory(atPath: lasting).sorted()
            == ["\(name).lock", "\(CacheLocation.fileName(for: "/other/package")).lock"].sorted())
    }

    /// A lasting folder that cannot be made (a sandbox, a read-only home) is no failure: the
    /// call gets a TMPDIR of its own, as with `--no-cache`.
    @Test func anUnwritableLastingFolderFallsBackToAFolderOfTheCallsOwn() throws {
        let fake = try Self.fakeSwift("printf '%s\\n' \"$TMPDIR\"")
        defer { try? FileManager.default.removeItem(atPath: fake.folder) }
        try "a file, not a folder".write(toFile: fake.folder + "/cache", atomically: true, encoding: .utf8)
        var tool = SwiftPackageTool(executable: fake.executable)
        tool.lastingTemporaryFolder = fake.folder + "/cache/toolchain-tmp"
        let temporary = String(decoding: try tool.dumpPackage(packageAt: "/some/package"), as: UTF8.self)
        #expect(temporary.hasPrefix(try RunTemporaryFolder.shared.path() + "/swift-package-"))
    }

    /// The reproduction of issue 24: a cache folder on a full disk made `check` exit 2, SwiftPM
    /// failing to write into its TMPDIR there. A call that fails on a path inside the lasting
    /// folder is asked again with a TMPDIR of its own.
    @Test func aCallThatFailsInsideTheLastingFolderIsAskedAgainWithAFolderOfItsOwn() throws {
        let fake = try Self.fakeSwift("""
        case "$TMPDIR" in
        */toolchain-tmp/*) echo "error: 'p': encountered an I/O error (code: 28) while reading $TMPDIR/manifest.swift" >&2; exit 1;;
        esac
        printf '%s\n' "$TMPDIR"
        """)
        defer { try? FileManager.default.removeItem(atPath: fake.folder) }
        var tool = SwiftPackageTool(executable: fake.executable)
        tool.lastingTemporaryFolder = fake.folder + "/cache/toolchain-tmp"
        let temporary = String(decoding: try tool.dumpPackage(packageAt: "/some/package"), as: UTF8.self)
        #expect(temporary.hasPrefix(try RunTemporaryFolder.shared.path() + "/swift-package-"))
    }

    /// The reproduction of issue 24, second half: a manifest that reads a flag file was answered
    /// from SwiftPM's own manifest cache, which the lasting TMPDIR makes hit, after the flag
    /// appeared. A manifest Bulkhead does not cache gets a TMPDIR of its own, as with --no-cache.
    @Test func aManifestThatIsNeverCachedGetsATemporaryFolderOfItsOwn() throws {
        let fake = try Self.fakeSwift("printf '%s\\n' \"$TMPDIR\"")
        defer { try? FileManager.default.removeItem(atPath: fake.folder) }
        let package = fake.folder + "/lean"
        try FileManager.default.createDirectory(atPath: package, withIntermediateDirectories: true)
        try "import Foundation\nlet lean = FileManager.default.fileExists(atPath: \"lean.flag\")\n".write(toFile: package + "/Package.swift", atomically: true, encoding: .utf8)
        var tool = SwiftPackageTool(executable: fake.executable)
        tool.lastingTemporaryFolder = fake.folder + "/cache/toolchain-tmp"
        let temporary = String(decoding: try tool.dumpPackage(packageAt: package), as: UTF8.self)
        #expect(temporary.hasPrefix(try RunTemporaryFolder.shared.path() + "/swift-package-"))
    }

    /// A failure that is the package's own is not asked twice.
    @Test func aFailureOfThePackageItselfIsNotAskedAgain() throws {
        let fake = try Self.fakeSwift("""
        echo call >> "$(dirname "$0")/calls"; echo "error: no such product" >&2; exit 1
        """)
        defer { try? FileManager.default.removeItem(atPath: fake.folder) }
        var tool = SwiftPackageTool(executable: fake.executable)
        tool.lastingTemporaryFolder = fake.folder + "/cache/toolchain-tmp"
        #expect(throws: InputError.self) { try tool.dumpPackage(packageAt: "/some/package") }
        #expect(try String(contentsOfFile: fake.folder + "/calls", encoding: .utf8) == "call\n")
    }

    /// Two runs asking about one package at once take turns: the second call starts after the
    /// first has ended and emptied the folder.
    @Test func callsAboutOnePackageTakeTurns() throws {
        let fake = try Self.fakeSwift("""
        if [ -e "$TMPDIR/busy" ]; then echo overlap; fi
        touch "$TMPDIR/busy"; sleep 0.3; echo done
        """)
        defer { try? FileManager.default.removeItem(atPath: fake.folder) }
        var tool = SwiftPackageTool(executable: fake.executable)
        tool.lastingTemporaryFolder = fake.folder + "/cache/toolchain-tmp"
        let shared = tool
        let outputs = ParallelMap.threads(width: 2).run(2) { _ in (try? shared.dumpPackage(packageAt: "/some/package")).map { String(decoding: $0, as: UTF8.self) } }
        #expect(outputs == ["done\n", "done\n"])
    }

    @Test func aCrashingToolchainIsReportedByItsSignal() throws {
        let fake = try Self.fakeSwift("kill -SEGV $$")
        defer { try? FileManager.default.removeItem(atPath: fake.folder) }
        #expect(throws: InputError.commandKilled(command: [fake.executable, "package", "--package-path", "/p", "dump-package"], signal: SIGSEGV, standardError: "")) {
            try SwiftPackageTool(executable: fake.executable).dumpPackage(packageAt: "/p")
        }
    }

    /// `swift` links to `swift-driver`, which would only start `swift-package` from beside its
    /// real path with the same arguments: that one is started directly. Who answered shows in
    /// the output; a failure still names the call as the user would type it.
    @Test func theToolBesideTheDriverIsStartedDirectlyAndMessagesStillSayWhatWasAsked() throws {
        let folder = try ProcessGroupTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func script(_ name: String, _ body: String) throws {
            try "#!/bin/sh\n\(body)\n".write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder + "/" + name)
        }
        try script("swift-driver", #"echo "driver $*""#)
        try script("swift-package", #"echo "package tool $*"; [ "$2" != /fails ] || exit 3"#)
        try FileManager.default.createSymbolicLink(atPath: folder + "/swift", withDestinationPath: "swift-driver")
        let swift = folder + "/swift"
        #expect(SwiftPackageTool.packageCommand(executable: swift, environment: [:]) == [folder + "/swift-package"])
        let answer = String(decoding: try SwiftPackageTool(executable: swift).dumpPackage(packageAt: "/p"), as: UTF8.self)
        #expect(answer.hasPrefix("package tool --package-path /p --scratch-path "))
        #expect(answer.hasSuffix(" dump-package\n"))
        #expect(throws: InputError.commandFailed(command: [swift, "package", "--package-path", "/fails", "dump-package"], status: 3, standardError: "")) {
            try SwiftPackageTool(executable: swift).dumpPackage(packageAt: "/fails")
        }

        // A driver told to add an argument to every call, one without the tool beside it, and
        // anything not run as `swift` (a wrapper, the driver by its own name) are asked as given.
        #expect(SwiftPackageTool.packageCommand(executable: swift, environment: ["SWIFT_ENABLE_EXPLICIT_MODULE": "1"]) == [swift, "package"])
        #expect(SwiftPackageTool.packageCommand(executable: folder + "/swift-driver", environment: [:]) == [folder + "/swift-driver", "package"])
        try script("wrapper", #"exec "$(dirname "$0")/swift" "$@""#)
        #expect(SwiftPackageTool.packageCommand(executable: folder + "/wrapper", environment: [:]) == [folder + "/wrapper", "package"])
        try FileManager.default.removeItem(atPath: folder + "/swift-package")
        #expect(SwiftPackageTool.packageCommand(executable: swift, environment: [:]) == [swift, "package"])
        let driverAnswer = String(decoding: try SwiftPackageTool(executable: swift).dumpPackage(packageAt: "/p"), as: UTF8.self)
        #expect(driverAnswer.hasPrefix("driver package --package-path /p --scratch-path "))
    }
}
