import Foundation
import TestSupport
import Testing
@testable import ImportScanning

/// Differential fuzz on `/`: generated files mixing postfix `!` and `?` before `/`, division,
/// regex literals, operator references, strings and comments, compared with
/// `swiftc -emit-imported-modules`. Small and seeded; `Benchmarks/regex-fuzz.py` runs longer.
@Suite(.tags(.medium)) struct RegexDifferentialTests {
    @Test(arguments: 0..<40)
    func agreesWithTheCompilerOnSlashes(seed: Int) throws {
        var generator = OperatorSourceGenerator(seed: UInt64(seed) &* 104_729 &+ 3)
        let source = generator.file()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-slash-\(UUID().uuidString).swift").path
        FileManager.default.createFile(atPath: path, contents: Data(source.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let expected = try CompilerOracle.importedModules(ofFileAt: path)
        let result = ImportScanner.scan(source)
        #expect(result.activeModules(in: CompilerOracle.hostEnvironment) == expected, "seed \(seed):\n\(source)")
        #expect(result.issues.isEmpty, "seed \(seed): \(result.issues)")
    }
}
