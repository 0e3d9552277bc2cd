import Foundation
import Testing
@testable import Inputs

@Suite struct ToolchainVersionTests {
    @Test(arguments: [
        ("Swift version 6.3.1 (swift-6.3.1-RELEASE)\nTarget: x86_64-unknown-linux-gnu\n", [6, 3, 1]),
        ("swift-driver version: 1.115 Apple Swift version 6.0.3 (swiftlang-6.0.3.1.10 clang-1600.0.30.1)\n", [6, 0, 3]),
        ("Swift version 6.2-dev (LLVM abc, Swift def)\n", [6, 2]),
    ])
    func readsTheFullVersion(_ output: String, _ expected: [Int]) {
        #expect(ToolchainVersion.parse(output) == expected)
    }

    @Test(arguments: ["", "clang version 17", "Swift version .", "Swift version x"])
    func refusesWhatDoesNotRead(_ output: String) {
        #expect(ToolchainVersion.parse(output) == nil)
    }

    /// The version is asked once per toolchain identity: a stored answer for the same identity
    /// is used without starting a process, one for another identity is not.
    @Test func theVersionIsKeptUnderTheToolchainsIdentity() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-toolchain-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let file = cache + "/toolchain/" + CacheLocation.fileName(for: "toolchain A")
        CacheLocation.write(Data(ToolchainVersion.encodeEntry(identity: "toolchain A", version: [9, 8, 7])), to: file, in: cache)
        // No such executable: only the cache can answer.
        #expect(ToolchainVersion.probe(executable: "/nonexistent/swift", identity: "toolchain A", cacheFolder: cache) == [9, 8, 7])
        #expect(ToolchainVersion.probe(executable: "/nonexistent/swift", identity: "toolchain B", cacheFolder: cache) == nil)
        #expect(ToolchainVersion.entry(ToolchainVersion.encodeEntry(identity: "toolchain A", version: [6, 3, 1]), identity: "toolchain B") == nil)
    }

    @Test func theInstalledToolchainIsAskedAndItsAnswerStored() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-toolchain-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let tool = SwiftPackageTool()
        let version = try #require(tool.toolchainVersion(cacheFolder: cache))
        #expect(version.count >= 2)
        let stored = try #require(CacheLocation.read(cache + "/toolchain/" + CacheLocation.fileName(for: tool.toolchainIdentity())))
        #expect(ToolchainVersion.entry(Array(stored), identity: tool.toolchainIdentity()) == version)
    }
}
