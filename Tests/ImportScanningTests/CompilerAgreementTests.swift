import Processes
import TestSupport
import Foundation
import PackageLoading
import Testing
@testable import ImportScanning

/// The compiler is the oracle: for every fixture file, every example of the table and a batch of
/// generated files, the modules the scanner finds in active clauses must be exactly the modules
/// `swiftc -emit-imported-modules` lists, in the same order.
@Suite(.tags(.medium)) struct CompilerAgreementTests {
    static let fixtureFiles = Fixtures.swiftFiles(in: "ScannerCorpus") + Fixtures.swiftFiles(in: "ScannerTraps")

    @Test(arguments: fixtureFiles)
    func agreesOnFixtureFile(_ path: String) throws {
        let bytes = try #require(FileManager.default.contents(atPath: path))
        try expectAgreement(source: Array(bytes), at: path)
    }

    @Test(arguments: ScannerExamples.positive + ScannerExamples.fileStart + ScannerExamples.rejectedByCompiler)
    func agreesOnExample(_ example: ScannerExample) throws {
        try withTemporaryFile(Array(MarkedSource(example.source).text.utf8)) { path, bytes in
            try expectAgreement(source: bytes, at: path, requireValidSource: !ScannerExamples.rejectedByCompiler.contains { $0.name == example.name })
        }
    }

    @Test(arguments: 0..<48)
    func agreesOnGeneratedFile(seed: Int) throws {
        var generator = SourceGenerator(seed: UInt64(seed) &* 7919 &+ 17)
        try withTemporaryFile(Array(generator.file().utf8)) { path, bytes in
            try expectAgreement(source: bytes, at: path)
        }
    }

    private func expectAgreement(source: [UInt8], at path: String, requireValidSource: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = ImportScanner.scan(source)
        let environment = CompilerOracle.hostEnvironment
        let undecided = result.imports.filter { $0.isActive(in: environment) == nil }
        #expect(undecided.isEmpty, "conditions the test environment cannot decide: \(undecided.map(\.conditions))", sourceLocation: sourceLocation)
        let expected = try CompilerOracle.importedModules(ofFileAt: path, requireValidSource: requireValidSource)
        #expect(result.activeModules(in: environment) == expected, "in \(path)", sourceLocation: sourceLocation)
    }

    /// The conditions the scanner reports as rejected are rejected by swiftc, with the message
    /// the report quotes; the near misses it accepts, swiftc accepts.
    @Test(arguments: MalformedInputTests.rejectedConditions.map(\.condition) + MalformedInputTests.acceptedConditions)
    func theCompilerRejectsTheSameConditions(_ condition: String) throws {
        let rejection = MalformedInputTests.rejectedConditions.first { $0.condition == condition }?.message
        try withTemporaryFile(Array("#if \(condition)\nlet x = 1\n#endif\n".utf8)) { path, _ in
            let output = try ProcessRunner.run(["swiftc", "-swift-version", "6", "-typecheck", path])
            let errors = output.standardErrorText.split(whereSeparator: \.isNewline).filter { $0.contains("error: ") }
            if let rejection {
                #expect(output.status != 0 && errors.contains { $0.hasSuffix("error: \(rejection)") }, "swiftc said: \(output.standardErrorText)")
            } else {
                #expect(output.status == 0, "swiftc rejected #if \(condition): \(output.standardErrorText)")
            }
        }
    }

    private func withTemporaryFile(_ bytes: [UInt8], _ body: (String, [UInt8]) throws -> Void) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-oracle-\(UUID().uuidString).swift").path
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        defer { try? FileManager.default.removeItem(atPath: path) }
        try body(path, bytes)
    }
}
