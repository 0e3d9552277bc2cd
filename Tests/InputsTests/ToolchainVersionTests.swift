import Foundation
import Testing
@testable import PackageLoading
@testable import Caches

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
        let stored = try #require(CacheLocation.readBytes(cache + "/toolchain/" + CacheLocation.fileName(for: tool.toolchainIdentity())))
        #expect(ToolchainVersion.entry(stored, identity: tool.toolchainIdentity()) == version)
    }

    /// `swift` and `swiftc` link to `swift-driver`, which only starts `swift-frontend --version`
    /// and prints its answer: the frontend beside the driver is asked directly. The fake driver
    /// answers a version the frontend does not, so the answer shows who was asked.
    @Test func theFrontendBesideTheDriverAnswers() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-driver-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        func script(_ name: String, printing line: String) throws {
            let path = folder + "/" + name
            try "#!/bin/sh\necho '\(line)'\n".write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }
        try script("swift-driver", printing: "Swift version 1.0 (the driver)")
        try script("swift-frontend", printing: "Swift version 9.8.7 (the frontend)")
        try FileManager.default.createSymbolicLink(atPath: folder + "/swift", withDestinationPath: "swift-driver")
        #expect(ToolchainVersion.answerer(of: folder + "/swift", environment: [:]) == folder + "/swift-frontend")
        #expect(ToolchainVersion.probe(executable: folder + "/swift", identity: "", cacheFolder: nil) == [9, 8, 7])
        // A driver told to use another frontend is asked itself.
        #expect(ToolchainVersion.answerer(of: folder + "/swift", environment: ["SWIFT_DRIVER_SWIFT_FRONTEND_EXEC": "/elsewhere"]) == folder + "/swift")

        // A wrapper (macOS's xcrun shim, a script) is asked itself, frontend beside or not.
        try script("wrapper", printing: "Swift version 2.0")
        #expect(ToolchainVersion.answerer(of: folder + "/wrapper", environment: [:]) == folder + "/wrapper")
        #expect(ToolchainVersion.probe(executable: folder + "/wrapper", identity: "", cacheFolder: nil) == [2, 0])
        // A driver with no frontend beside it answers itself.
        try FileManager.default.removeItem(atPath: folder + "/swift-frontend")
        #expect(ToolchainVersion.probe(executable: folder + "/swift", identity: "", cacheFolder: nil) == [1, 0])
    }
}
