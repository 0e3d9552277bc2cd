import Foundation
import TestSupport
import Testing
@testable import ImportScanning

/// Random byte soup and random mutations of real sources: the scanner never crashes or hangs,
/// its output is consistent with its input, and a mutation never changes what was found before it.
@Suite(.tags(.small)) struct ScannerPropertyTests {
    /// Real Swift to mutate: the fixtures and Bulkhead's own sources.
    static let corpus: [[UInt8]] = {
        let folders = ["Tests/Fixtures", "Sources"].map { RepositoryRoot.path($0) }
        var files: [String] = []
        for folder in folders {
            let names = (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []
            files += names.filter { $0.hasSuffix(".swift") }.map { folder + "/" + $0 }
        }
        return files.sorted().compactMap { FileManager.default.contents(atPath: $0).map(Array.init) }
    }()

    /// Tokens that change the scanner's state when inserted anywhere.
    static let disruptive: [[UInt8]] = [
        "\"", "\"\"\"", "#\"", "\"#", "/*", "*/", "//", "\\(", ")", "(", "{", "}", "#if DEBUG\n", "#endif\n",
        "#else\n", "/", "#/", "/#", "`", "@_spi(", "import ", "\r", "\n", "\u{FEFF}",
    ].map { Array($0.utf8) } + [[0], [0xFF], [0xC3], [0xE2, 0x82]]

    @Test(arguments: 0..<200)
    func randomByteSoupIsScannedConsistently(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed))
        let alphabet = Array("import A.B;@_spi(X)public #if #else #endif \"\"\"#/\\()`{}\n\r\t ".utf8) + [0, 0x80, 0xFF, 0xE2]
        let length = Int.random(in: 0...4096, using: &random)
        let bytes = (0..<length).map { _ in
            Bool.random(using: &random) ? alphabet.randomElement(using: &random)! : UInt8.random(in: 0...255, using: &random)
        }
        expectConsistent(bytes)
    }

    @Test(arguments: 0..<120)
    func mutationsOfRealSourcesKeepWhatCameBefore(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed) &+ 1000)
        let original = try #require(Self.corpus.randomElement(using: &random))
        guard !original.isEmpty else { return }
        var mutated = original
        let point = Int.random(in: 0..<original.count, using: &random)
        switch Int.random(in: 0..<4, using: &random) {
        case 0: mutated.insert(contentsOf: Self.disruptive.randomElement(using: &random)!, at: point)
        case 1: mutated.removeSubrange(point..<min(original.count, point + Int.random(in: 1...64, using: &random)))
        case 2: mutated.insert(contentsOf: original[point..<min(original.count, point + 200)], at: point)
        default: mutated[point] = UInt8.random(in: 0...255, using: &random)
        }
        let before = ImportScanner.scan(original)
        let after = expectConsistent(mutated)
        // A NUL byte early in a file marks it binary: nothing is scanned, by design.
        if after.issues.contains(where: { $0.code == .binaryFile }) {
            #expect(after.imports.isEmpty)
            return
        }
        // The cursor only moves forward: imports well before the mutation are found unchanged
        // (their #if context may still change if a directive after them was hit).
        let untouched = before.imports.filter { $0.position.offset + 256 < point }
        let kept = after.imports.filter { $0.position.offset + 256 < point }
        #expect(untouched.map { [$0.position.offset] + $0.path.map(\.count) } == kept.map { [$0.position.offset] + $0.path.map(\.count) })
        #expect(untouched.map(\.path) == kept.map(\.path))
    }

    @Test(arguments: 0..<40)
    func everyTruncationOfARealSourceIsSafe(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed) &+ 5000)
        let original = try #require(Self.corpus.randomElement(using: &random))
        for _ in 0..<20 {
            expectConsistent(Array(original.prefix(Int.random(in: 0...original.count, using: &random))))
        }
    }

    /// Inputs that make a naive scanner quadratic or recursive: four megabytes of each must
    /// finish well inside the time limit (a quadratic scan would take hours).
    @Test(.timeLimit(.minutes(1)), arguments: [
        ("nested comment openers", "/*"),
        ("interpolation openers", "\"\\("),
        ("if directives", "#if A\n"),
        ("prefix without import", "@a(b) public "),
        ("slashes in regex position", "(/"),
        ("raw string openers", "#\""),
        ("unclosed backticks", "`a"),
        ("import keywords", "import "),
        ("parentheses", "("),
        ("multi-line string openers", "\"\"\"\n"),
    ])
    func pathologicalInputsScanInLinearTime(name: String, unit: String) {
        let repeated = Array(String(repeating: unit, count: (4 << 20) / unit.utf8.count).utf8)
        let result = ImportScanner.scan(repeated + Array("\nimport Last\n".utf8))
        #expect(result.issues.count <= repeated.count)
    }

    @discardableResult
    private func expectConsistent(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> ScanResult {
        let result = ImportScanner.scan(bytes)
        #expect(ImportScanner.scan(bytes) == result, "the scan is not deterministic", sourceLocation: sourceLocation)
        let offsets = result.imports.map(\.position.offset)
        #expect(offsets == offsets.sorted(), sourceLocation: sourceLocation)
        for position in result.imports.map(\.position) + result.issues.map(\.position) {
            #expect(position.offset >= 0 && position.offset <= bytes.count, sourceLocation: sourceLocation)
            #expect(position.line >= 1 && position.column >= 1, sourceLocation: sourceLocation)
            #expect(offset(line: position.line, column: position.column, in: bytes) == position.offset, sourceLocation: sourceLocation)
        }
        for declaration in result.imports {
            #expect(!declaration.path.isEmpty && declaration.path.allSatisfy { !$0.isEmpty }, sourceLocation: sourceLocation)
        }
        return result
    }

    /// The offset a line and column name, counted independently of the scanner.
    private func offset(line: Int, column: Int, in bytes: [UInt8]) -> Int {
        var currentLine = 1
        var index = 0
        while currentLine < line && index < bytes.count {
            if bytes[index] == 10 || (bytes[index] == 13 && (index + 1 == bytes.count || bytes[index + 1] != 10)) { currentLine += 1 }
            index += 1
        }
        return index + column - 1
    }
}
