import Foundation
import ImportScanning
import PackageLoading
import Processes

/// `swiftc -emit-imported-modules`: the compiler's own list of the modules a file imports, for
/// this machine's platform, in Swift 6 mode. The scanner must agree with it.
enum CompilerOracle {
    /// With `requireValidSource`, a file the compiler rejects fails the test; without, the modules
    /// it listed anyway are compared (for examples of invalid code, such as an import in a body).
    static func importedModules(ofFileAt path: String, requireValidSource: Bool = true) throws -> [String] {
        let output = try ProcessRunner.run(["swiftc", "-swift-version", "6", "-emit-imported-modules", path, "-o", "-"])
        guard output.status == 0 || !requireValidSource else {
            throw OracleFailure(message: "swiftc failed on \(path): \(output.standardErrorText)")
        }
        return String(decoding: output.standardOutput, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
    }

    struct OracleFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// What the compiler knows when it decides `#if` on this machine: the host platform, no `-D`
    /// flags, Swift 6 mode, and the modules of the toolchain beside `swiftc` for `canImport`.
    static let hostEnvironment: BuildEnvironment = {
        #if os(Linux)
        let os = "Linux"
        #elseif os(macOS)
        let os = "macOS"
        #else
        let os = "unknown"
        #endif
        #if arch(x86_64)
        let arch = "x86_64"
        #elseif arch(arm64)
        let arch = "arm64"
        #else
        let arch = "unknown"
        #endif
        return BuildEnvironment(
            platformConditions: [
                "os": [os], "arch": [arch], "_endian": ["little"], "_pointerBitWidth": ["_64"],
                "targetEnvironment": [], "canImport": toolchainModules(),
            ],
            definedFlags: [],
            languageVersion: [6, 0],
            compilerVersion: [6, 3])
    }()

    private static func toolchainModules() -> Set<String> {
        guard let swiftc = try? ProcessRunner.locate("swiftc", environment: ProcessInfo.processInfo.environment) else { return [] }
        let binary = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath()
        #if os(macOS)
        let platformFolder = "lib/swift/macosx"
        #else
        let platformFolder = "lib/swift/linux"
        #endif
        let library = binary.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(platformFolder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: library.path)) ?? []
        // On macOS Foundation and XCTest come from the SDK rather than the toolchain folder.
        return Set(names.filter { $0.hasSuffix(".swiftmodule") }.map { String($0.dropLast(".swiftmodule".count)) })
            .union(["Swift", "Foundation", "Dispatch", "XCTest"])
    }
}
