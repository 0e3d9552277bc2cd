import Caches
import Foundation
import PackageLoading
import TestSupport
import Testing
@testable import BulkheadCLI

/// `bulkhead cache`, `--no-cache`, `--stats` and the progress line.
@Suite(.tags(.medium)) struct CacheCommandTests {
    @Test func cachePathFollowsTheEnvironmentAndClearRemovesTheFolder() throws {
        let folder = TemporaryFolder()
        let cache = folder.path + "/cache"
        CacheLocation.makeFolder(cache)
        try FileManager.default.createDirectory(atPath: cache + "/graph", withIntermediateDirectories: true)
        let path = CommandRun.run(["cache", "path"], environment: ["BULKHEAD_CACHE_DIR": cache])
        #expect(path.status == .clean && path.standardOutput == cache + "\n")
        #expect(CommandRun.run(["cache", "path"], environment: ["BULKHEAD_CACHE_DIR": "", "XDG_CACHE_HOME": "/x"]).standardOutput == "/x/bulkhead\n")
        #expect(CommandRun.run(["cache", "path"], environment: ["BULKHEAD_CACHE_DIR": "", "HOME": "/home/me"]).standardOutput.hasSuffix("bulkhead\n"))
        #expect(CommandRun.run(["cache", "clear"], environment: ["BULKHEAD_CACHE_DIR": cache]).status == .clean)
        #expect(!FileManager.default.fileExists(atPath: cache))
        #expect(CommandRun.run(["cache", "tidy"], environment: ["BULKHEAD_CACHE_DIR": cache]).status == .usage)
        #expect(CommandRun.run(["cache", "path"], environment: ["BULKHEAD_CACHE_DIR": ""]).status == .failure)
    }

    /// The reproduction of issue 24: `BULKHEAD_CACHE_DIR=. bulkhead cache clear` deleted the
    /// working folder and the user's files in it. A folder Bulkhead did not make is refused.
    @Test func clearRefusesAFolderBulkheadDidNotMakeAndDeletesNothing() throws {
        let folder = TemporaryFolder()
        let work = folder.path + "/work"
        try FileManager.default.createDirectory(atPath: work + "/graph", withIntermediateDirectories: true)
        try "mine".write(toFile: work + "/notes.txt", atomically: true, encoding: .utf8)
        for named in [work, work + "/graph/.."] {
            let run = CommandRun.run(["cache", "clear"], environment: ["BULKHEAD_CACHE_DIR": named])
            #expect(run.status == .failure)
            #expect(run.standardError.contains("not clearing \(work)") && run.standardError.contains("CACHEDIR.TAG"))
            #expect(!run.standardError.contains("symbolic link"))
        }
        #expect(FileManager.default.fileExists(atPath: work + "/notes.txt") && FileManager.default.fileExists(atPath: work + "/graph"))
    }

    /// Issue 49: after a real check has filled the cache, `clear` leaves no entry behind, so the
    /// folder Bulkhead made goes too (the toolchain's version stayed in `toolchain/`).
    @Test func clearAfterARealCheckLeavesNothingOfTheCache() throws {
        let folder = TemporaryFolder()
        let cache = folder.path + "/cache"
        folder.write("package/Package.swift", "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"A\")])\n")
        folder.write("package/Sources/A/A.swift", "import Foundation\n")
        var environment = ProcessInfo.processInfo.environment
        environment["BULKHEAD_CACHE_DIR"] = cache
        let check = CommandRun.run(["check"], in: folder.path + "/package", environment: environment)
        #expect(check.status == .clean, "\(check.standardOutput)\(check.standardError)")
        let written = try FileManager.default.contentsOfDirectory(atPath: cache)
        #expect(written.contains("toolchain") && written.contains("graph"), "the check filled the cache: \(written)")
        #expect(CommandRun.run(["cache", "clear"], environment: environment).status == .clean)
        #expect(!FileManager.default.fileExists(atPath: cache), "left: \((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? [])")
    }

    /// A cache folder Bulkhead made loses Bulkhead's entries and nothing else: a file someone
    /// put there stays, with the folder.
    @Test func clearDeletesOnlyWhatBulkheadWrote() throws {
        let folder = TemporaryFolder()
        let cache = folder.path + "/cache"
        CacheLocation.makeFolder(cache)
        for entry in ["graph/v3", "graph/loaded-v1", "files/v3", "folders/v1", "toolchain-tmp"] {
            try FileManager.default.createDirectory(atPath: cache + "/" + entry, withIntermediateDirectories: true)
        }
        try "mine".write(toFile: cache + "/notes.txt", atomically: true, encoding: .utf8)
        #expect(CommandRun.run(["cache", "clear"], environment: ["BULKHEAD_CACHE_DIR": cache]).status == .clean)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache).sorted() == ["CACHEDIR.TAG", "notes.txt"])
    }

    /// A symbolic link is resolved and said to be one; its target is emptied, the link kept
    /// (removing the link and saying "cleared" left the cache where it was).
    @Test func clearFollowsASymbolicLinkAndSaysSo() throws {
        let folder = TemporaryFolder()
        let target = folder.path + "/real-cache"
        CacheLocation.makeFolder(target)
        try FileManager.default.createDirectory(atPath: target + "/graph/v3", withIntermediateDirectories: true)
        let link = folder.path + "/cache"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let run = CommandRun.run(["cache", "clear"], environment: ["BULKHEAD_CACHE_DIR": link])
        #expect(run.status == .clean)
        #expect(run.standardError.contains("\(link) is a symbolic link to \(target); cleared \(target)"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try FileManager.default.contentsOfDirectory(atPath: target) == ["CACHEDIR.TAG"])

        // A link to a folder Bulkhead did not make is refused like the folder itself.
        let other = folder.path + "/other"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/other-link", withDestinationPath: other)
        let refused = CommandRun.run(["cache", "clear"], environment: ["BULKHEAD_CACHE_DIR": folder.path + "/other-link"])
        #expect(refused.status == .failure && refused.standardError.contains("a symbolic link to \(other)"))
    }

    @Test func statsNameThePhasesAndWhatTheCachesSavedAndNoCacheSavesNothing() throws {
        let folder = TemporaryFolder()
        let fixture = Fixtures.path("LocalPackages")
        let describer = RecordedPackageDescriber(root: fixture)
        let environment = ["BULKHEAD_CACHE_DIR": folder.path + "/cache"]
        let cold = CommandRun.run(["check", "--stats", "--package-path", fixture], environment: environment, packageDescriber: describer)
        for phase in ["configuration:", "packages:", "sources:", "rules:", "report:", "total:"] {
            #expect(cold.standardError.contains("bulkhead: \(phase)"))
        }
        #expect(cold.standardError.contains("3 toolchain calls made, 0 skipped"))
        let warm = CommandRun.run(["check", "--stats", "--package-path", fixture], environment: environment, packageDescriber: describer)
        #expect(warm.standardError.contains("0 toolchain calls made, 3 skipped"))
        #expect(warm.standardOutput == cold.standardOutput)
        let uncached = CommandRun.run(["check", "--stats", "--no-cache", "--package-path", fixture], environment: environment, packageDescriber: describer)
        #expect(uncached.standardError.contains("3 toolchain calls made, 0 skipped"))
        #expect(uncached.standardError.contains(" 0 skipped\n") && uncached.standardError.contains("files read, 0 skipped"))
    }

    @Test func progressShowsOnlyOnATerminalAfterItsDelayAndIsClearedAfter() {
        let terminal = CapturedOutput(isTerminal: true)
        let progress = ProgressLine(stream: terminal, isEnabled: true, delay: .zero)
        progress.update(12, of: 29, doing: "describing")
        #expect(terminal.text.contains("describing 12/29 packages"))
        progress.finish()
        #expect(terminal.text.hasSuffix("\r\u{1B}[2K"))

        let pipe = CapturedOutput(isTerminal: false)
        ProgressLine(stream: pipe, isEnabled: true, delay: .zero).update(1, of: 2, doing: "describing")
        let slow = CapturedOutput(isTerminal: true)
        ProgressLine(stream: slow, isEnabled: true, delay: .seconds(60)).update(1, of: 2, doing: "describing")
        #expect(pipe.text.isEmpty && slow.text.isEmpty)
    }
}
