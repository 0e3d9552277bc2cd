import Foundation
import Inputs

/// The built `bulkhead` executable, run as a user would run it.
enum BulkheadBinary {
    /// Found beside the test bundle: SwiftPM builds the executable into the same folder because
    /// this test target depends on it.
    static let path: String = {
        var directory = URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = directory.appendingPathComponent("bulkhead").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        fatalError("the bulkhead executable was not built next to the tests")
    }()

    struct Run {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    static func run(_ arguments: [String], in directory: String? = nil, environment: [String: String] = [:]) throws -> Run {
        var merged = ProcessInfo.processInfo.environment
        merged.merge(environment) { _, new in new }
        let output = try ProcessRunner.run([path] + arguments, in: directory, environment: merged)
        return Run(status: output.status,
                   standardOutput: String(decoding: output.standardOutput, as: UTF8.self),
                   standardError: output.standardErrorText)
    }

    static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.lastPathComponent != "Tests" { url.deleteLastPathComponent() }
        return url.deletingLastPathComponent().path
    }()

    static func fixture(_ name: String) -> String { repositoryRoot + "/Tests/Fixtures/" + name }
}
