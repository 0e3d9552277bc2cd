import Foundation
import Inputs
import TestSupport
import Testing
@testable import BulkheadCLI

/// `bulkhead cache`, `--no-cache`, `--stats` and the progress line.
@Suite(.tags(.medium)) struct CacheCommandTests {
    @Test func cachePathFollowsTheEnvironmentAndClearRemovesTheFolder() throws {
        let folder = TemporaryFolder()
        let cache = folder.path + "/cache"
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
