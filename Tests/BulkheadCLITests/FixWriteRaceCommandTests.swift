import FileAccess
import Foundation
import PackageLoading
import TestSupport
import Testing
@testable import BulkheadCLI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `check --fix` writes through `GuardedReplacement`: the races of issue 49, staged in-process
/// over the FixableManifest recordings. Before, the write resolved the path again and replaced
/// whatever was there: each of these wrote (exit 0) where it now refuses (exit 2).
@Suite(.tags(.medium)) struct FixWriteRaceCommandTests {
    /// `check --fix` on a copy of FixableManifest, with `replacement` changing how it writes.
    static func fix(_ copy: String, replacement: @escaping (inout GuardedReplacement) -> Void = { _ in }) -> CommandRun {
        let output = CapturedOutput()
        let error = CapturedOutput()
        var context = CommandContext(standardOutput: output, standardError: error, environment: TestCache.isolated(ProcessInfo.processInfo.environment),
                                     currentDirectory: copy,
                                     packageDescriber: RecordedPackageDescriber(root: copy, recordings: Fixtures.path("FixableManifest") + "/.toolchain"))
        context.fixReplacement = { root in
            var guarded = GuardedReplacement(root: root)
            replacement(&guarded)
            return guarded
        }
        let status = BulkheadCLI.run(["check", "--fix", "--package-path", copy], context: context)
        return CommandRun(status: status, standardOutput: output.text, standardError: error.text)
    }

    /// An edit saved while `--fix` runs, after the manifest was read: refused, the edit kept.
    @Test func anEditSavedDuringTheFixIsKept() throws {
        let copy = try Fixtures.copy("FixableManifest")
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        let manifest = copy + "/Package.swift"
        let run = Self.fix(copy) { guarded in
            guarded.hooks.beforeExchange = { _ in
                let handle = FileHandle(forWritingAtPath: manifest)
                handle?.seekToEndOfFile()
                handle?.write(Data("// the user's edit\n".utf8))
                try? handle?.close()
            }
        }
        #expect(run.status == .failure, "\(run.standardError)")
        #expect(run.standardError.contains("cannot apply the fix: Package.swift changed since bulkhead read it; nothing was written; run the fix again"))
        #expect(try String(contentsOfFile: manifest, encoding: .utf8).hasSuffix("// the user's edit\n"))
        #expect(try String(contentsOfFile: manifest, encoding: .utf8).contains("\"Legacy\","), "the fix was not written")
    }

    /// Another run holding the root's lock past the wait: refused, naming the wait, nothing written.
    @Test func anotherRunsLockIsWaitedForThenRefused() throws {
        let copy = try Fixtures.copy("FixableManifest")
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        let before = try String(contentsOfFile: copy + "/Package.swift", encoding: .utf8)
        let other = open(FileSystem.realPath(copy), O_RDONLY | O_DIRECTORY)
        defer { close(other) }
        #expect(flock(other, LOCK_EX | LOCK_NB) == 0)
        let run = Self.fix(copy) { $0.lockWait = .milliseconds(100) }
        #expect(run.status == .failure, "\(run.standardError)")
        #expect(run.standardError.contains("another Bulkhead run is writing in"))
        #expect(try String(contentsOfFile: copy + "/Package.swift", encoding: .utf8) == before)
    }

    /// A temporary file a killed run left beside the manifest is removed, one line on stderr.
    @Test func aStaleTemporaryFileIsRemovedAndSaid() throws {
        let copy = try Fixtures.copy("FixableManifest")
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        try "half a manifest".write(toFile: copy + "/.Package.swift.bulkhead-1x2y", atomically: false, encoding: .utf8)
        let run = Self.fix(copy)
        #expect(run.status == .clean, "\(run.standardError)")
        #expect(run.standardError.contains("bulkhead: removed .Package.swift.bulkhead-1x2y, a temporary file left by an interrupted run\n"))
        #expect(!FileManager.default.fileExists(atPath: copy + "/.Package.swift.bulkhead-1x2y"))
        #expect(!(try String(contentsOfFile: copy + "/Package.swift", encoding: .utf8).contains("\"Legacy\",")), "the fix was written")
    }
}
