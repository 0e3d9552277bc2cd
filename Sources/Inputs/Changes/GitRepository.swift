import Foundation

/// One changed path, as git reports it. A rename carries the path it came from.
package struct FileChange: Sendable, Hashable {
    package var status: String
    /// Relative to the repository's top folder.
    package var path: String
    package var previousPath: String?

    package init(status: String, path: String, previousPath: String? = nil) {
        self.status = status
        self.path = path
        self.previousPath = previousPath
    }

    /// Both sides of a rename, else the path.
    package var paths: [String] { [previousPath, path].compactMap { $0 } }
}

/// The git questions `affected` asks, each one `git` process through the runner.
package struct GitRepository: Sendable {
    /// The repository's top folder, absolute.
    package let top: String

    /// The repository that holds `folder`.
    package static func containing(_ folder: String) throws(InputError) -> GitRepository {
        let output = try run(["rev-parse", "--show-toplevel"], in: folder)
        return GitRepository(top: output.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    private init(top: String) { self.top = top }

    /// The commit where HEAD left `base`: diffing from it sees only this branch's changes.
    package func mergeBase(_ base: String) throws(InputError) -> String {
        try Self.run(["merge-base", base, "HEAD"], in: top).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// What changed from `commit` to HEAD (or, with `includeUncommitted`, to the working tree,
    /// untracked files included), renames found.
    package func changes(since commit: String, includeUncommitted: Bool) throws(InputError) -> [FileChange] {
        var arguments = ["diff", "--name-status", "--find-renames", "-z", commit]
        if !includeUncommitted { arguments.append("HEAD") }
        var changes = Self.parseNameStatus(try Self.run(arguments, in: top))
        if includeUncommitted {
            let untracked = try Self.run(["ls-files", "--others", "--exclude-standard", "-z"], in: top)
            changes += untracked.split(separator: "\0").map { FileChange(status: "A", path: String($0)) }
        }
        return changes
    }

    /// A file's bytes at a commit, or nil when it did not exist there.
    package func contents(of path: String, at commit: String) throws(InputError) -> Data? {
        let output = try ProcessRunner.run(["git", "show", "\(commit):\(path)"], in: top)
        return output.status == 0 ? output.standardOutput : nil
    }

    /// `git diff --name-status -z`: a status, then one path, or two for renames and copies.
    static func parseNameStatus(_ text: String) -> [FileChange] {
        var fields = text.split(separator: "\0", omittingEmptySubsequences: true).map(String.init)[...]
        var changes: [FileChange] = []
        while let status = fields.popFirst() {
            let kind = String(status.prefix(1))
            if kind == "R" || kind == "C" {
                guard let old = fields.popFirst(), let new = fields.popFirst() else { break }
                changes.append(FileChange(status: kind, path: new, previousPath: kind == "R" ? old : nil))
            } else if let path = fields.popFirst() {
                changes.append(FileChange(status: kind, path: path))
            }
        }
        return changes
    }

    private static func run(_ arguments: [String], in folder: String) throws(InputError) -> String {
        let output = try ProcessRunner.run(["git"] + arguments, in: folder)
        guard output.status == 0 else {
            throw output.failure(of: ["git"] + arguments)
        }
        return String(decoding: output.standardOutput, as: UTF8.self)
    }
}
