import Foundation
import PackageLoading
import Processes
import TestSupport
import Testing
@testable import ImportScanning

/// The features a flag turns on, asked of the installed compiler: for each flag value, which
/// names `hasFeature` answers true for in Swift 5 mode beyond those it answers true for with no
/// flag — every tabled feature name, and names no compiler knows. Runs only when the installed
/// compiler is the one the tables were read from.
@Suite(.tags(.large)) struct CompilerFeatureFlagTests {
    static let values = [
        "StrictConcurrency", "StrictConcurrency=complete", "StrictConcurrency=minimal", "StrictConcurrency=targeted",
        "StrictConcurrency=Complete", "StrictConcurrency:migrate", "ExistentialAny", "ExistentialAny:migrate", "ExistentialAny=x",
        "InferIsolatedConformances:migrate", "ApproachableConcurrency", "Embedded", "NoSuchFeature", "StandaloneSwiftAvailability",
        "MemberImportVisibility", "AccessLevelOnImport", "StrictMemorySafety", "Macros", "",
    ]

    @Test func eachFlagTurnsOnWhatTheCompilerTurnsOn() throws {
        let version = try #require(ToolchainVersion.probe(executable: "swiftc", identity: "", cacheFolder: nil))
        guard Array(version.prefix(2)) == CompilerFeatures.knownCompiler else {
            print("CompilerFeatureFlagTests: skipped, swiftc \(version) is not the \(CompilerFeatures.knownCompiler) the tables describe")
            return
        }
        let names = CompilerFeatures.upcoming.keys.sorted() + CompilerFeatures.experimental.sorted()
            + ["ApproachableConcurrency", "StrictMemorySafety", "NoSuchFeature"]
        var text = ""
        for (index, name) in names.enumerated() { text += "#if hasFeature(\(name))\nimport F\(index)\n#endif\n" }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-feature-flags-\(UUID().uuidString).swift").path
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        func turnedOn(_ flags: [String]) throws -> Set<String> {
            // Embedded refuses to compile without whole-module optimization (so a debug build
            // of an Embedded target decides nothing): asked as a release build asks.
            let output = try ProcessRunner.run(["swiftc", "-wmo", "-swift-version", "5", "-emit-imported-modules", path, "-o", "-"] + flags)
            let modules = String(decoding: output.standardOutput, as: UTF8.self).split(whereSeparator: \.isNewline)
            return Set(modules.compactMap { $0.hasPrefix("F") ? Int($0.dropFirst()).map { names[$0] } : nil })
        }
        let plain = try turnedOn([])
        for value in Self.values {
            for (flag, kind) in [("-enable-upcoming-feature", CompilerFeatures.FeatureFlag.upcoming), ("-enable-experimental-feature", .experimental)] {
                let compiler = try turnedOn([flag, value]).subtracting(plain)
                let ours = Set(CompilerFeatures.enabled(by: kind, value)).subtracting(plain)
                #expect(ours == compiler, "\(flag) \(value)")
            }
        }
        for level in ["complete", "targeted", "minimal"] {
            #expect(Set(CompilerFeatures.enabled(byStrictConcurrency: level)).subtracting(plain)
                    == (try turnedOn(["-strict-concurrency=\(level)"])).subtracting(plain), "-strict-concurrency=\(level)")
        }
        #expect(try turnedOn(["-strict-memory-safety"]).subtracting(plain) == ["StrictMemorySafety"])
    }
}
