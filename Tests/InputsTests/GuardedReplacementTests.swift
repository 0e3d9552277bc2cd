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

/// `GuardedReplacement` replaces files under a root only while they are what the plan read, never
/// through a link, never half a fix. The races of issue 49 are staged in the window its hook
/// opens, between the last check and the exchange (or, where there is no exchange, the re-check
/// and the rename): the old write (`FileSystem.write`, which resolved the path again and renamed
/// without comparing) replaced the outside file, lost the edit, or wrote the first file of two.
@Suite(.tags(.small)) struct GuardedReplacementTests {
    /// `<temporary>/root` holding Package.swift ("old"), beside `<temporary>/outside/victim.txt`.
    let base: String
    var root: String { base + "/root" }
    var manifest: String { root + "/Package.swift" }
    var victim: String { base + "/outside/victim.txt" }

    init() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-guarded-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: base + "/root", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: base + "/outside", withIntermediateDirectories: true)
        try "old".write(toFile: base + "/root/Package.swift", atomically: false, encoding: .utf8)
        try "precious".write(toFile: base + "/outside/victim.txt", atomically: false, encoding: .utf8)
    }

    func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    func names(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    func planned(_ path: String, before: String = "old", after: String = "new") -> PlannedReplacement {
        PlannedReplacement(path: path, shownAs: String(path.dropFirst(root.count + 1)), before: Array(before.utf8), after: Array(after.utf8))
    }

    func replacement(exchanges: Bool = true, beforeExchange: @escaping (String) -> Void = { _ in }) -> GuardedReplacement {
        var replacement = GuardedReplacement(root: root)
        replacement.hooks.exchanges = exchanges
        replacement.hooks.beforeExchange = beforeExchange
        replacement.lockWait = .milliseconds(100)
        return replacement
    }

    func expectRefusal(_ expected: ReplacementRefusal, exchanges: Bool = true, _ files: [PlannedReplacement],
                       beforeExchange: @escaping (String) -> Void = { _ in }, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: expected, sourceLocation: sourceLocation) {
            try replacement(exchanges: exchanges, beforeExchange: beforeExchange).replace(files)
        }
    }

    /// Exchanging and, where the file system cannot, checking again and renaming.
    static let bothWays = [true, false]

    @Test(arguments: bothWays) func aFileIsReplacedKeepingItsModeAndLeavingNoTemporaryFile(exchanges: Bool) throws {
        defer { try? FileManager.default.removeItem(atPath: base) }
        #expect(chmod(manifest, 0o640) == 0)
        try replacement(exchanges: exchanges).replace([planned(manifest)])
        #expect(contents(manifest) == "new")
        #expect((try FileManager.default.attributesOfItem(atPath: manifest)[.posixPermissions] as? Int) == 0o640)
        #expect(names(root) == ["Package.swift"])
    }

    /// The reproduction of issue 49: a user's edit saved after Bulkhead read the manifest was
    /// silently overwritten. The file no longer holds the planned bytes: refused, the edit kept.
    @Test func aFileChangedSinceItWasReadIsRefused() throws {
        defer { try? FileManager.default.removeItem(atPath: base) }
        try "old // the user's edit".write(toFile: manifest, atomically: false, encoding: .utf8)
        expectRefusal(.changedSinceRead(file: "Package.swift"), [planned(manifest)])
        #expect(contents(manifest) == "old // the user's edit")
        #expect(names(root) == ["Package.swift"])
    }

    /// The reproduction of issue 49: Package.swift swapped for a link to a file outside the root
    /// between the check and the write replaced the outside file. Refused; the outside file keeps
    /// its content, the link stays where the swapper put it, nothing is left behind.
    @Test(arguments: bothWays) func aLinkSwappedInBeforeTheWriteIsRefused(exchanges: Bool) throws {
        defer { try? FileManager.default.removeItem(atPath: base) }
        expectRefusal(.linkOnTheWay(file: "Package.swift", component: "Package.swift"), exchanges: exchanges, [planned(manifest)]) { _ in
            #expect(rename(manifest, root + "/Package.orig") == 0)
            #expect(symlink("../outside/victim.txt", manifest) == 0)
        }
        #expect(contents(victim) == "precious")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: manifest) == "../outside/victim.txt")
        #expect(names(root) == ["Package.orig", "Package.swift"])
        #expect(names(base + "/outside") == ["victim.txt"])
    }

    /// An editor saving by rename in the window (another file, even with the same bytes): refused,
    /// its file is the one left in place.
    @Test(arguments: bothWays) func aFileRenamedOverInTheWindowIsRefused(exchanges: Bool) throws {
        defer { try? FileManager.default.removeItem(atPath: base) }
        expectRefusal(.changedSinceRead(file: "Package.swift"), exchanges: exchanges, [planned(manifest)]) { _ in
            try? "old".write(toFile: root + "/.Package.swift.swp", atomically: false, encoding: .utf8)
            #expect(rename(root + "/.Package.swift.swp", manifest) == 0)
        }
        #expect(contents(manifest) == "old")
        #expect(names(root) == ["Package.swift"])
    }

    /// An editor writing in place in the window: the exchange moved its edit aside, so it is put
    /// back and the fix refused.
    @Test(arguments: bothWays) func aWriteInPlaceInTheWindowIsRefusedAndKept(exchanges: Bool) throws {
        defer { try? FileManager.default.removeItem(atPath: base) }
        expectRefusal(.changedSinceRead(file: "Package.swift"), exchanges: exchanges, [planned(manifest)]) { _ in
            let descriptor = open(manifest, O_WRONLY | O_TRUNC)
            #expect(descriptor >= 0)
            #expect(write(descriptor, "edited", 6) == 6)
            close(descriptor)
        }
        #expect(contents(manifest) == "edited")
        #expect(names(root) == ["Package.swift"])
    }

    /// The reproduction of issue 49: two concurrent fixes both wrote. While another holds the
    /// root's lock, a replacement waits, then refuses without writing.
    @Test func anotherRunHoldingTheLockIsWaitedForThenRefused() throws {
        defer { try? FileManager.default.removeItem(atPath: base) }
        let other = open(FileSystem.realPath(root), O_RDONLY | O_DIRECTORY)
        defer { close(other) }
        #expect(flock(other, LOCK_EX | LOCK_NB) == 0)
        // The holder is this process, which the message does not name as "another".
        expectRefusal(.locked(root: FileSystem.realPath(root), holder: nil, seconds: 0), [planned(manifest)])
        #expect(contents(manifest) == "old")
        flock(other, LOCK_UN)
        try replacement().replace([planned(manifest)])
        #expect(contents(manifest) == "new")
    }

    /// The reproduction of issue 49: SIGKILL during the write left `.Package.swift.bulkhead-…`.
    /// The next replacement of that file removes it and says so; other files' are not its own.
    @Test func aStaleTemporaryFileBesideTheFileIsRemovedAndSaid() throws {
        defer { try? FileManager.default.removeItem(atPath: base) }
        try "half".write(toFile: root + "/.Package.swift.bulkhead-3k9x", atomically: false, encoding: .utf8)
        try "other".write(toFile: root + "/.Other.swift.bulkhead-3k9x", atomically: false, encoding: .utf8)
        var notices: [String] = []
        try replacement().replace([planned(manifest)], notice: { notices.append($0) })
        #expect(notices == ["removed .Package.swift.bulkhead-3k9x, a temporary file left by an interrupted run"])
        #expect(names(root) == [".Other.swift.bulkhead-3k9x", "Package.swift"])
        #expect(contents(manifest) == "new")
    }

    /// A fix of two files where the second changed in the window: neither is written, and the
    /// message says the fix is all or nothing.
    @Test(arguments: bothWays) func aFixOfTwoFilesIsWrittenWholeOrNotAtAll(exchanges: Bool) throws {
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: root + "/Second", withIntermediateDirectories: true)
        let second = root + "/Second/Package.swift"
        try "old".write(toFile: second, atomically: false, encoding: .utf8)
        #expect {
            try replacement(exchanges: exchanges, beforeExchange: { path in
                guard path == second else { return }
                try? "old // edited".write(toFile: second, atomically: false, encoding: .utf8)
            }).replace([planned(manifest), planned(second)])
        } throws: { error in
            (error as? ReplacementRefusal)?.message(fileCount: 2)
                == "Second/Package.swift changed since bulkhead read it; nothing was written (a fix writes all its 2 files or none); run the fix again"
        }
        #expect(contents(manifest) == "old")
        #expect(contents(second) == "old // edited")
        #expect(names(root) == ["Package.swift", "Second"])
        #expect(names(root + "/Second") == ["Package.swift"])
    }

    /// An interruption between the exchanges of a fix of two files puts the first back: the
    /// handler undoes the exchange before removing the temporary file.
    @Test func anInterruptionBetweenExchangesPutsTheFirstFileBack() throws {
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: root + "/Second", withIntermediateDirectories: true)
        let second = root + "/Second/Package.swift"
        try "old".write(toFile: second, atomically: false, encoding: .utf8)
        var seen: (first: String?, names: [String])?
        _ = try? replacement(beforeExchange: { path in
            guard path == second else { return }
            // What the signal thread does before `_exit`, for this test's files only.
            FileSystem.removePendingTemporaryFiles(where: { $0.hasPrefix(root + "/") })
            seen = (contents(manifest), names(root))
        }).replace([planned(manifest), planned(second)])
        #expect(seen?.first == "old")
        #expect(seen?.names == ["Package.swift", "Second"])
    }

    /// A file whose link leads out of the root when the plan is made is refused before any
    /// folder is opened.
    @Test func aFileLinkedOutsideTheRootIsRefused() throws {
        defer { try? FileManager.default.removeItem(atPath: base) }
        #expect(unlink(manifest) == 0)
        #expect(symlink("../outside/victim.txt", manifest) == 0)
        expectRefusal(.outsideRoot(file: "Package.swift"), [planned(manifest, before: "precious")])
        #expect(contents(victim) == "precious")
    }

    /// A FIFO or a folder where the file was is refused without blocking.
    @Test func somethingOtherThanARegularFileIsRefused() throws {
        defer { try? FileManager.default.removeItem(atPath: base) }
        #expect(unlink(manifest) == 0)
        #expect(mkfifo(manifest, 0o644) == 0)
        expectRefusal(.notRegularFile(file: "Package.swift", kind: "a FIFO"), [planned(manifest)])
    }
}
