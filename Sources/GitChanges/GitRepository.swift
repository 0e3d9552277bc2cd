import FileAccess
import Foundation
import Processes
import Selection

/// The git questions `affected` asks, each one `git` process through the runner. Every value
/// that comes from the user reaches git after `--end-of-options`, and a ref only once
/// `rev-parse --verify` has turned it into a commit, so nothing a user types is read as an
/// option.
package struct GitRepository: Sendable {
    /// The repository's top folder, absolute.
    package let top: String
    /// Where each git call is recorded with its time, for `--verbose`; nil records nothing.
    package let log: ProcessLog?

    /// The repository that holds `folder`.
    package static func containing(_ folder: String, log: ProcessLog? = nil) throws(InputError) -> GitRepository {
        let output = try run(["rev-parse", "--show-toplevel"], in: folder, log: log)
        return GitRepository(top: output.trimmingCharacters(in: .whitespacesAndNewlines), log: log)
    }

    private init(top: String, log: ProcessLog?) {
        self.top = top
        self.log = log
    }

    /// The commit `ref` names, as a full object name.
    package func commit(named ref: String) throws(GitError) -> String {
        let (output, name) = try git(["rev-parse", "--verify", "--quiet", "--end-of-options", ref + "^{commit}"])
        guard output.status == 0, !name.isEmpty else { throw .notACommit(ref: ref) }
        return name
    }

    /// The commit where HEAD left `base`: diffing from it sees only this branch's changes.
    package func mergeBase(_ base: String) throws(GitError) -> String {
        let commit = try commit(named: base)
        let arguments = ["merge-base", "--end-of-options", commit, "HEAD"]
        let (output, name) = try git(arguments)
        // Status 1 and no output: the histories share no commit.
        if output.status == 1 || (output.status == 0 && name.isEmpty) { throw .noMergeBase(ref: base) }
        guard output.status == 0 else {
            throw .failed(.commandFailed(command: ["git"] + arguments, status: output.status, standardError: output.standardErrorText))
        }
        return name
    }

    /// What changed from `commit` to HEAD (or, with `includeUncommitted`, to the working tree,
    /// untracked files included), renames found.
    package func changes(since commit: String, includeUncommitted: Bool) throws(GitError) -> [FileChange] {
        var arguments = ["diff", "--name-status", "--find-renames", "-z", "--end-of-options", commit]
        if !includeUncommitted { arguments.append("HEAD") }
        do {
            var changes = Self.parseNameStatus(try Self.run(arguments, in: top, log: log))
            if includeUncommitted {
                let untracked = try Self.run(["ls-files", "--others", "--exclude-standard", "-z"], in: top, log: log)
                changes += untracked.split(separator: "\0").map { FileChange(.added, path: String($0)) }
            }
            return changes
        } catch {
            throw .failed(error)
        }
    }

    /// A file's bytes at a commit, or nil when it did not exist there.
    package func contents(of path: String, at commit: String) throws(InputError) -> Data? {
        let output = try Self.runGit(["show", "--end-of-options", "\(commit):\(path)"], in: top, log: log)
        return output.status == 0 ? output.standardOutput : nil
    }

    /// `git diff --name-status -z`: a status, then one path, or two for renames and copies.
    static func parseNameStatus(_ text: String) -> [FileChange] {
        var fields = text.split(separator: "\0", omittingEmptySubsequences: true).map(String.init)[...]
        var changes: [FileChange] = []
        while let status = fields.popFirst() {
            switch status.first {
            case "R", "C":
                guard let old = fields.popFirst(), let new = fields.popFirst() else { return changes }
                changes.append(FileChange(status.first == "R" ? .renamed(from: old) : .copied, path: new))
            default:
                guard let path = fields.popFirst() else { return changes }
                changes.append(FileChange(Self.status(status.first), path: path))
            }
        }
        return changes
    }

    /// git's one-letter status; `U`, `X` and anything newer are `unknown`.
    private static func status(_ letter: Character?) -> FileChange.Status {
        switch letter {
        case "A": .added
        case "M": .modified
        case "D": .deleted
        case "T": .typeChanged
        default: .unknown
        }
    }

    /// Writes the tree of `commit` (a hash `commit(named:)` returned) into `destination`, an
    /// empty folder of the run's own: `git archive` to a tar file beside it, unpacked by `tar`.
    /// What a command reads at a base revision (`footprint --base`) is read from there; the
    /// repository, its index and its working tree are not touched.
    package func export(_ commit: String, into destination: String) throws(GitError) {
        let archive = destination + ".tar"
        do throws(InputError) {
            _ = try Self.run(["archive", "--format=tar", "-o", archive, commit], in: top, log: log)
            let unpacked = try ProcessRunner.run(["tar", "-xf", archive, "-C", destination])
            guard unpacked.status == 0 else { throw unpacked.failure(of: ["tar", "-xf", archive, "-C", destination]) }
        } catch {
            throw .failed(error)
        }
    }

    /// Runs git in the repository; its output and its standard output trimmed, whatever the status.
    private func git(_ arguments: [String]) throws(GitError) -> (output: ProcessRunner.Output, trimmed: String) {
        do {
            let output = try Self.runGit(arguments, in: top, log: log)
            return (output, String(decoding: output.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        } catch {
            throw .failed(error)
        }
    }

    /// Every git call goes through here, so `--verbose` sees each one.
    private static func runGit(_ arguments: [String], in folder: String, log: ProcessLog?) throws(InputError) -> ProcessRunner.Output {
        guard let log else { return try ProcessRunner.run(["git"] + arguments, in: folder) }
        return try log.timed(["git"] + arguments) { () throws(InputError) in try ProcessRunner.run(["git"] + arguments, in: folder) }
    }

    private static func run(_ arguments: [String], in folder: String, log: ProcessLog?) throws(InputError) -> String {
        let output = try runGit(arguments, in: folder, log: log)
        guard output.status == 0 else {
            throw output.failure(of: ["git"] + arguments)
        }
        return String(decoding: output.standardOutput, as: UTF8.self)
    }
}
