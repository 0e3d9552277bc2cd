import Foundation

/// `diff -u` of two texts: the oracle the diff `check --fix` prints is held to, hunk for hunk.
package enum DiffOracle {
    /// The hunks `diff -u` prints for the two texts, written to a temporary folder; nil when
    /// `diff` is not on PATH (`Consumer.diff`).
    package static func hunks(before: String, after: String) throws -> String? {
        guard let diff = Consumer.executable(named: "diff") else { return nil }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-diff-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(before.utf8).write(to: URL(fileURLWithPath: folder + "/before"))
        try Data(after.utf8).write(to: URL(fileURLWithPath: folder + "/after"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: diff)
        process.arguments = ["-u", folder + "/before", folder + "/after"]
        process.standardInput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // Read to the end before waiting: a diff larger than the pipe's buffer would block.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return hunks(of: String(decoding: data, as: UTF8.self))
    }

    /// The hunks of the first unified diff in `text`: the lines after its `---` and `+++`
    /// header (which carry paths and times) that belong to a hunk.
    package static func hunks(of text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let first = lines.first, !first.hasPrefix("--- ") { lines = lines.dropFirst() }
        lines = lines.dropFirst(2)
        let body = lines.prefix { line in
            guard let mark = line.first else { return false }
            return mark == " " || mark == "+" || mark == "-" || mark == "@" || mark == "\\"
        }
        return body.map { $0 + "\n" }.joined()
    }
}
