import Foundation
import PackageLoading
import Processes
import TestSupport

/// The built `bulkhead` executable, run as a user would run it.
enum BulkheadBinary {
    /// Found beside the test bundle: SwiftPM builds the executable into the same folder because
    /// this test target depends on it. A missing executable is an error each test throws (and so
    /// fails with), not a crash of the whole test process.
    static let path: Result<String, NotBuilt> = {
        let start = URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0]).deletingLastPathComponent()
        var directory = start
        for _ in 0..<6 {
            let candidate = directory.appendingPathComponent("bulkhead").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return .success(candidate) }
            directory.deleteLastPathComponent()
        }
        return .failure(NotBuilt(searchedFrom: start.path))
    }()

    /// The `bulkhead` executable was not found beside the test bundle.
    struct NotBuilt: Error, CustomStringConvertible {
        var searchedFrom: String
        var description: String {
            "the bulkhead executable was not built next to the tests (looked in \(searchedFrom) and the 5 folders above it); run `swift build` first"
        }
    }

    struct Run {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    static func run(_ arguments: [String], in directory: String? = nil, environment: [String: String] = [:]) throws -> Run {
        var merged = ProcessInfo.processInfo.environment
        merged.merge(environment) { _, new in new }
        merged = TestCache.isolated(merged)
        let output = try ProcessRunner.run([try path.get()] + arguments, in: directory, environment: merged)
        return Run(status: output.status,
                   standardOutput: String(decoding: output.standardOutput, as: UTF8.self),
                   standardError: output.standardErrorText)
    }

    static let repositoryRoot = RepositoryRoot.path

    static func fixture(_ name: String) -> String { Fixtures.path(name) }
}
