import Foundation
import Selection
import TestSupport
import Testing
@testable import PackageLoading
@testable import GitChanges
@testable import Processes
@testable import FileAccess

/// What `affected` reads: git's change list, a list of paths, and refs that must never reach git
/// as options.
@Suite(.tags(.medium)) struct GitRepositoryTests {
    @Test func readsNameStatusWithRenamesAndOddNames() {
        let output = "M\0Sources/A.swift\0R087\0Sources/Old Name.swift\0Sources/New\tName.swift\0D\0gone.swift\0A\0new.swift\0C100\0a.swift\0b.swift\0T\0link\0U\0conflict.swift\0"
        #expect(GitRepository.parseNameStatus(output) == [
            FileChange(.modified, path: "Sources/A.swift"),
            FileChange(.renamed(from: "Sources/Old Name.swift"), path: "Sources/New\tName.swift"),
            FileChange(.deleted, path: "gone.swift"),
            FileChange(.added, path: "new.swift"),
            FileChange(.copied, path: "b.swift"),
            FileChange(.typeChanged, path: "link"),
            FileChange(.unknown, path: "conflict.swift"),
        ])
        #expect(GitRepository.parseNameStatus(output)[1].paths == ["Sources/Old Name.swift", "Sources/New\tName.swift"])
    }

    @Test func aTruncatedNameStatusKeepsWhatIsWhole() {
        #expect(GitRepository.parseNameStatus("M\0a.swift\0R100\0only-old.swift\0") == [FileChange(.modified, path: "a.swift")])
    }

    @Test func aListOfPathsIsTrimmedAndAMissingPathIsADeletion() throws {
        let top = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-list-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: top + "/Sources", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: top) }
        try Data().write(to: URL(fileURLWithPath: top + "/Sources/A.swift"))
        let list = Data("./Sources/A.swift\n\n  Sources/Gone.swift  \r\n".utf8)
        #expect(ChangeList.paths(in: list) == ["Sources/A.swift", "Sources/Gone.swift"])
        #expect(ChangeList.changes(listed: list, relativeTo: top) == [FileChange(.unknown, path: "Sources/A.swift"), FileChange(.deleted, path: "Sources/Gone.swift")])
    }

    /// A repository with one commit on `main`.
    func repository() throws -> (GitRepository, String) {
        let top = FileSystem.realPath(FileManager.default.temporaryDirectory.path) + "/bulkhead-git-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: top, withIntermediateDirectories: true)
        for arguments in [["init", "-q", "-b", "main"], ["commit", "-q", "--allow-empty", "-m", "base"]] {
            let output = try ProcessRunner.run(["git", "-c", "user.name=Test", "-c", "user.email=test@example.com"] + arguments, in: top)
            try #require(output.status == 0, "git \(arguments): \(output.standardErrorText)")
        }
        return (try GitRepository.containing(top), top)
    }

    @Test(arguments: ["--fork-point", "--octopus", "--base=--octopus", "-h", "no-such-branch", "main:README"])
    func aBaseThatIsNotACommitIsRefusedNotPassedAsAnOption(ref: String) throws {
        let (repository, top) = try repository()
        defer { try? FileManager.default.removeItem(atPath: top) }
        #expect(throws: GitError.notACommit(ref: ref)) { try repository.mergeBase(ref) }
        #expect(GitError.notACommit(ref: ref).message.hasPrefix("'\(ref)' is not a commit"))
    }

    /// The reproduction of issue 24: with no merge base (what a shallow clone in CI gives), the
    /// message did not say that fetching more history is the usual fix.
    @Test func noMergeBaseSuggestsDeepeningAShallowClone() throws {
        let (repository, top) = try repository()
        defer { try? FileManager.default.removeItem(atPath: top) }
        for arguments in [["checkout", "-q", "--orphan", "unrelated"], ["commit", "-q", "--allow-empty", "-m", "other root"], ["checkout", "-q", "main"]] {
            let output = try ProcessRunner.run(["git", "-c", "user.name=Test", "-c", "user.email=test@example.com"] + arguments, in: top)
            try #require(output.status == 0, "git \(arguments): \(output.standardErrorText)")
        }
        #expect(throws: GitError.noMergeBase(ref: "unrelated")) { try repository.mergeBase("unrelated") }
        let message = GitError.noMergeBase(ref: "unrelated").message
        #expect(message.contains("git fetch --deepen") && message.contains("fetch-depth: 0"))
    }

    @Test func aBranchIsResolvedToItsMergeBase() throws {
        let (repository, top) = try repository()
        defer { try? FileManager.default.removeItem(atPath: top) }
        let head = try repository.commit(named: "HEAD")
        #expect(head.count == 40)
        #expect(try repository.mergeBase("main") == head)
        #expect(try repository.changes(since: head, includeUncommitted: false) == [])
    }
}
