import Caches
import Foundation
import Formats
import Processes

/// The version of the compiler that builds the user's package — the toolchain Bulkhead runs for
/// it (`--swift-executable`, `BULKHEAD_SWIFT_EXEC`, `swift` on PATH), not the one Bulkhead was
/// built with — in full: `compiler(>=6.3.1)` and, in Swift 6 mode, `swift(>=6.3.1)` compare
/// against all three numbers.
///
/// Asked once per toolchain identity (`SwiftPackageTool.toolchainIdentity()`: the executable's
/// real path, size, modification time and inode, and the variables that choose a toolchain) and
/// kept in the cache folder under that identity, as the graph cache keeps its answers: a warm run
/// starts no process to learn it, and installing another toolchain asks again.
package enum ToolchainVersion {
    /// How long `swift --version` may take before it is killed; the version then stays unknown.
    package static let timeout: Duration = .seconds(30)

    /// `6.3.1` of `Swift version 6.3.1 (swift-6.3.1-RELEASE)`, `6.0.3` of `swift-driver version:
    /// 1.115 Apple Swift version 6.0.3 (swiftlang-6.0.3.1.10 clang-1600.0.30.1)`, `6.2` of
    /// `Swift version 6.2-dev (LLVM …, Swift …)`; nil when no `Swift version` line reads.
    package static func parse(_ output: String) -> [Int]? {
        guard let range = output.range(of: "Swift version ") else { return nil }
        let digits = output[range.upperBound...].prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let numbers = digits.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard !numbers.isEmpty, numbers.count <= 5, numbers.allSatisfy({ $0 != nil }) else { return nil }
        return numbers.compactMap { $0 }
    }

    /// The version of the toolchain `executable` is, from the cache under `identity` or by asking
    /// it (then stored); nil when it cannot be run or its answer does not read. `cacheFolder` nil
    /// (`--no-cache`) asks every time.
    package static func probe(executable: String, identity: String, cacheFolder: String?,
                              timeout: Duration = ToolchainVersion.timeout) -> [Int]? {
        let file = cacheFolder.map { $0 + "/toolchain/" + CacheLocation.fileName(for: identity) }
        if let file, let stored = CacheLocation.readBytes(file), let version = entry(stored, identity: identity) {
            return version
        }
        // The driver may leave a temporary folder behind: it gets the run's folder as its TMPDIR,
        // as every other toolchain call does, so nothing of it stays in the user's.
        var environment = ProcessEnvironment.variables
        guard let temporary = try? RunTemporaryFolder.shared.path() else { return nil }
        environment["TMPDIR"] = temporary
        guard let located = try? ProcessRunner.locate(executable, environment: environment),
              let output = try? ProcessRunner.run([answerer(of: located, environment: environment), "--version"],
                                                  environment: environment, timeout: timeout),
              output.termination == .exited(status: 0),
              let version = parse(String(decoding: output.standardOutput, as: UTF8.self)) else { return nil }
        if let file, let cacheFolder {
            CacheLocation.write(Data(encodeEntry(identity: identity, version: version)), to: file, in: cacheFolder)
        }
        return version
    }

    /// Who answers `--version` for the toolchain at `located`: the compiler frontend beside the
    /// driver when `located` is the driver (`swift` and `swiftc` link to `swift-driver`) — the
    /// driver only starts the frontend and prints its answer, and starting the driver first
    /// was most of what a cold check spent on the question, on a core the package's own
    /// toolchain call needed. Anything else (the `xcrun` shim of macOS's `/usr/bin/swift`, a
    /// wrapper script, a driver told to use another frontend) is asked itself.
    static func answerer(of located: String, environment: [String: String]) -> String {
        guard environment["SWIFT_DRIVER_SWIFT_FRONTEND_EXEC"] == nil else { return located }
        return SwiftDriver.tool("swift-frontend", besideDriverAt: located) ?? located
    }

    /// 2: the entry ends with its checksum (`CacheSeal`).
    static let magic = Array("bulkhead-toolchain-version 2\n".utf8)

    /// The magic line, the identity on one line, the version on the next, then the checksum.
    static func encodeEntry(identity: String, version: [Int]) -> [UInt8] {
        let identityLine = identity.replacingOccurrences(of: "\n", with: " ")
        return CacheSeal.sealed(magic + Array((identityLine + "\n" + version.map(String.init).joined(separator: ".") + "\n").utf8))
    }

    /// The version an entry holds for `identity`; nil for another identity or anything damaged.
    static func entry(_ bytes: [UInt8], identity: String) -> [Int]? {
        // The version is part of the magic line: the rest is text, not `CacheReader` fields.
        guard let body = CacheSeal.body(of: bytes, magic: magic) else { return nil }
        let lines = String(decoding: body, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == 3, lines[2].isEmpty, lines[0] == identity.replacingOccurrences(of: "\n", with: " ") else { return nil }
        return parse("Swift version " + lines[1])
    }
}
