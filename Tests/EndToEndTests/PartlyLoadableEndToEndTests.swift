import Foundation
import TestSupport
import Testing

/// Issue 27 through the built binary and the real toolchain: a repository where one package
/// declares a tools version no toolchain has and another's manifest does not compile. Before,
/// `check` ended with status 2 and no report at the first of them.
@Suite(.tags(.large)) struct PartlyLoadableEndToEndTests {
    @Test func checkReportsWhatCannotLoadAndChecksTheRestAndTheNextRunAsksTheToolchainNothing() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-partly-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let arguments = ["check", "--format", "xcode", "--stats"]
        let fixture = BulkheadBinary.fixture("PartlyLoadable")
        let cold = try BulkheadBinary.run(arguments, in: fixture, environment: ["BULKHEAD_CACHE_DIR": cache])
        #expect(cold.status == 1, "\(cold.standardError)")
        let lines: [Substring] = cold.standardOutput.split(separator: "\n").filter { $0.contains(": error: ") }
        let errors: [String] = lines.map { line in
            let file = line.prefix { $0 != ":" }
            let rule = line.split(separator: "[").last ?? ""
            return "\(file) \(rule)"
        }
        #expect(errors == [
            "App/Sources/AppFeature/Feature.swift unreachable-import]", "Broken/Package.swift package-unloadable]", "Future/Package.swift package-unloadable]",
        ])
        #expect(cold.standardError.contains("3 toolchain calls made, 0 skipped"))

        let warm = try BulkheadBinary.run(arguments, in: fixture, environment: ["BULKHEAD_CACHE_DIR": cache])
        #expect(warm.status == 1)
        #expect(warm.standardOutput == cold.standardOutput)
        #expect(warm.standardError.contains("0 toolchain calls made, 3 skipped"), "\(warm.standardError)")
    }
}
